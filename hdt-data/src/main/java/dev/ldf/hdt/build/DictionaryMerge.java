package dev.ldf.hdt.build;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.LongConsumer;

/**
 * Merges the sorted terms of all runs into HDT's four dictionary sections (shared: subjects that
 * are also objects; subjects only; objects only; predicates), each in byte order, and writes for
 * every run the section and position of each of its terms, in the run's own order, so that its
 * triples can be mapped to global IDs with sequential reads only.
 */
final class DictionaryMerge {

    /** Kinds of subject/object IDs, in the low two bits of a code; the rest is the position in the section. */
    static final int SHARED = 1;
    static final int SUBJECT_ONLY = 2;
    static final int OBJECT_ONLY = 3;

    /** The four section files and how many terms each holds. */
    record Sections(Path shared, long sharedCount, Path subjects, long subjectCount,
            Path predicates, long predicateCount, Path objects, long objectCount) {
    }

    private DictionaryMerge() {
    }

    private static final class Cursor implements AutoCloseable {
        final SortedTerms.Reader terms;
        final RunOutput ids;

        Cursor(Run run) throws IOException {
            this.terms = new SortedTerms.Reader(run.terms(), true, run.termCount());
            this.ids = new RunOutput(run.ids());
        }

        int compareTo(Cursor other) {
            return Arrays.compareUnsigned(terms.term(), 0, terms.length(), other.terms.term(), 0, other.terms.length());
        }

        @Override
        public void close() throws IOException {
            try {
                terms.close();
            } finally {
                ids.close();
            }
        }
    }

    /** {@code merged} is told every so often how many of the runs' terms are merged (of their sum). */
    static Sections merge(List<Run> runs, Path dir, LongConsumer merged) throws IOException {
        Path sharedFile = dir.resolve("shared.terms");
        Path subjectsFile = dir.resolve("subjects.terms");
        Path predicatesFile = dir.resolve("predicates.terms");
        Path objectsFile = dir.resolve("objects.terms");
        List<Cursor> cursors = new ArrayList<>();
        try (SortedTerms.Writer shared = new SortedTerms.Writer(sharedFile, false);
                SortedTerms.Writer subjects = new SortedTerms.Writer(subjectsFile, false);
                SortedTerms.Writer predicates = new SortedTerms.Writer(predicatesFile, false);
                SortedTerms.Writer objects = new SortedTerms.Writer(objectsFile, false)) {
            PriorityQueue<Cursor> queue = new PriorityQueue<>(Math.max(1, runs.size()), Cursor::compareTo);
            for (Run run : runs) {
                Cursor cursor = new Cursor(run);
                cursors.add(cursor);
                if (cursor.terms.next()) {
                    queue.add(cursor);
                }
            }
            List<Cursor> group = new ArrayList<>();
            long distinct = 0;
            long consumed = 0;
            while (!queue.isEmpty()) {
                group.clear();
                Cursor first = queue.poll();
                group.add(first);
                int roles = first.terms.role();
                while (!queue.isEmpty() && queue.peek().compareTo(first) == 0) {
                    Cursor same = queue.poll();
                    roles |= same.terms.role();
                    group.add(same);
                }
                byte[] term = first.terms.term();
                int length = first.terms.length();
                long soCode = 0;
                boolean subject = (roles & ChunkTerms.SUBJECT) != 0;
                boolean object = (roles & ChunkTerms.OBJECT) != 0;
                if (subject && object) {
                    soCode = shared.count() << 2 | SHARED;
                    shared.add(term, 0, length, 0);
                } else if (subject) {
                    soCode = subjects.count() << 2 | SUBJECT_ONLY;
                    subjects.add(term, 0, length, 0);
                } else if (object) {
                    soCode = objects.count() << 2 | OBJECT_ONLY;
                    objects.add(term, 0, length, 0);
                }
                long predicate = 0;
                if ((roles & ChunkTerms.PREDICATE) != 0) {
                    predicate = predicates.count() + 1;
                    predicates.add(term, 0, length, 0);
                }
                consumed += group.size();
                for (Cursor c : group) {
                    c.ids.writeVarLong(soCode);
                    c.ids.writeVarLong(predicate);
                    if (c.terms.next()) {
                        queue.add(c);
                    }
                }
                if ((++distinct & 0xFFFF) == 0) {
                    merged.accept(consumed);
                }
            }
            return new Sections(sharedFile, shared.count(), subjectsFile, subjects.count(),
                    predicatesFile, predicates.count(), objectsFile, objects.count());
        } finally {
            // The runs are read to their end or abandoned on a failure: a failure to close them loses nothing.
            for (Cursor c : cursors) {
                try {
                    c.close();
                } catch (IOException ignored) {
                    // See above.
                }
            }
        }
    }

    /** The global subject or object ID of {@code code}, once the shared section's size is known. */
    static long id(long code, long sharedCount) {
        long position = code >>> 2;
        return (code & 3) == SHARED ? position + 1 : sharedCount + position + 1;
    }
}
