package dev.ldf.hdt.build;

import java.util.Arrays;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;

import org.rdfhdt.hdt.triples.TripleID;

/**
 * Triples from several streams, each ordered by subject and predicate, as one stream in full
 * subject, predicate, object order without duplicates. Within a (subject, predicate) group the
 * objects of a stream need not be ordered, since a merge renumbers a few objects out of their
 * old order: each group is gathered from every stream, sorted when it is not already, and handed
 * out. A group is held whole on the heap, as hdt-java's own cat holds it.
 */
final class MergedTriples implements Iterator<TripleID> {

    private final Peeking[] streams;
    private long subject;
    private long predicate;
    private long[] objects = new long[64];
    private int size;
    private int next;

    MergedTriples(List<Iterator<TripleID>> streams) {
        this.streams = streams.stream().map(Peeking::new).toArray(Peeking[]::new);
    }

    @Override
    public boolean hasNext() {
        return next < size || gather();
    }

    @Override
    public TripleID next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return new TripleID(subject, predicate, objects[next++]);
    }

    /** Gathers the next (subject, predicate) group from every stream; false when all are spent. */
    private boolean gather() {
        Peeking first = null;
        for (Peeking s : streams) {
            if (s.head != null && (first == null || compare(s.head, first.head) < 0)) {
                first = s;
            }
        }
        if (first == null) {
            return false;
        }
        subject = first.head.getSubject();
        predicate = first.head.getPredicate();
        size = 0;
        next = 0;
        boolean sorted = true;
        for (Peeking s : streams) {
            while (s.head != null && s.head.getSubject() == subject && s.head.getPredicate() == predicate) {
                if (size == objects.length) {
                    objects = Arrays.copyOf(objects, size * 2);
                }
                long o = s.head.getObject();
                sorted &= size == 0 || objects[size - 1] < o;
                objects[size++] = o;
                s.advance();
            }
        }
        if (!sorted) {
            Arrays.sort(objects, 0, size);
            int kept = 1;
            for (int i = 1; i < size; i++) {
                if (objects[i] != objects[kept - 1]) {
                    objects[kept++] = objects[i];
                }
            }
            size = kept;
        }
        return true;
    }

    private static int compare(TripleID a, TripleID b) {
        int c = Long.compare(a.getSubject(), b.getSubject());
        return c != 0 ? c : Long.compare(a.getPredicate(), b.getPredicate());
    }

    /** A stream and its next triple. */
    private static final class Peeking {
        private final Iterator<TripleID> triples;
        private TripleID head;

        Peeking(Iterator<TripleID> triples) {
            this.triples = triples;
            advance();
        }

        void advance() {
            head = triples.hasNext() ? triples.next() : null;
        }
    }
}
