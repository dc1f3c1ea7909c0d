package dev.ldf.hdt.build;

import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Iterator;
import java.util.Locale;

import org.rdfhdt.hdt.compact.bitmap.AppendableWriteBitmap;
import org.rdfhdt.hdt.compact.sequence.SequenceLog64Big;
import org.rdfhdt.hdt.compact.sequence.SequenceLog64BigDisk;
import org.rdfhdt.hdt.enums.TripleComponentOrder;
import org.rdfhdt.hdt.hdt.HDTVocabulary;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.options.ControlInfo;
import org.rdfhdt.hdt.options.ControlInformation;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.util.BitUtil;
import org.rdfhdt.hdt.util.io.CloseSuppressPath;

/**
 * The {@code .index.v1-1} file that hdt-java (and hdt-cpp) read beside an HDT file, made from the
 * triples as they stream by in SPO order instead of from the finished file: for every object, the
 * positions of its (subject, predicate) pairs ordered by predicate; for every predicate, the
 * positions where it occurs; and how often each predicate occurs. Both lists are external sorts
 * ({@link PairRuns}), so the heap stays bounded; the file is the one hdt-java's own index builder
 * writes, byte for byte.
 */
final class TriplesIndex implements AutoCloseable {

    /** The buffers of hdt-java's file writers. */
    private static final int HDT_JAVA_BUFFER = 1 << 16;

    private final Path work;
    private final long predicates;
    private final PairRuns byObject;
    private final PairRuns byPredicate;
    private final int predicateBits;
    private long lastS;
    private long lastP;
    /** Pairs (subject, predicate) seen: the Y level's length; the current one is at {@code pairs - 1}. */
    private long pairs;
    private long triples;

    TriplesIndex(Path work, long objects, long predicates, long triplesUpperBound, int buffered, boolean allowPacked) {
        this.work = work;
        this.predicates = predicates;
        this.predicateBits = BitUtil.log2(Math.max(1, predicates));
        // (object, predicate) packed in the first value, the pair's position in the second.
        this.byObject = new PairRuns(work, "by-object", objects << predicateBits | predicates, triplesUpperBound,
                buffered, allowPacked);
        this.byPredicate = new PairRuns(work, "by-predicate", predicates, triplesUpperBound, buffered, allowPacked);
    }

    /** {@code spo}, passed through, each triple noted on its way. */
    Iterator<TripleID> observing(Iterator<TripleID> spo) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return spo.hasNext();
            }

            @Override
            public TripleID next() {
                TripleID t = spo.next();
                try {
                    observe(t.getSubject(), t.getPredicate(), t.getObject());
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
                return t;
            }
        };
    }

    private void observe(long s, long p, long o) throws IOException {
        if (s != lastS || p != lastP) {
            byPredicate.add(p, pairs);
            pairs++;
            lastS = s;
            lastP = p;
        }
        byObject.add(o << predicateBits | p, pairs - 1);
        triples++;
    }

    /** Writes the index of the triples observed into {@code file}. */
    void write(Path file, ProgressListener progress) throws IOException {
        int positionBits = BitUtil.log2(pairs);
        CloseSuppressPath dir = CloseSuppressPath.of(work);
        try (AppendableWriteBitmap objectEnds = new AppendableWriteBitmap(dir.resolve("index-object-ends"), HDT_JAVA_BUFFER);
                SequenceLog64BigDisk objectPairs = new SequenceLog64BigDisk(work.resolve("index-object-pairs"),
                        positionBits, triples);
                AppendableWriteBitmap predicateEnds = new AppendableWriteBitmap(dir.resolve("index-predicate-ends"), HDT_JAVA_BUFFER);
                SequenceLog64BigDisk predicatePairs = new SequenceLog64BigDisk(work.resolve("index-predicate-pairs"),
                        positionBits, pairs)) {
            progress.notifyProgress(0, String.format(Locale.ROOT, "index: %,d triples by object", triples));
            PairRuns.Cursor c = byObject.sorted();
            boolean more = c.next();
            while (more) {
                long object = c.first() >>> predicateBits;
                objectPairs.append(c.second());
                more = c.next();
                objectEnds.append(!more || c.first() >>> predicateBits != object);
            }
            progress.notifyProgress(0, String.format(Locale.ROOT, "index: %,d (subject, predicate) pairs by predicate",
                    pairs));
            long[] counts = new long[(int) predicates];
            c = byPredicate.sorted();
            more = c.next();
            while (more) {
                long predicate = c.first();
                counts[(int) predicate - 1]++;
                predicatePairs.append(c.second());
                more = c.next();
                predicateEnds.append(!more || c.first() != predicate);
            }
            SequenceLog64Big predicateCounts = new SequenceLog64Big(positionBits, counts.length, true);
            for (int i = 0; i < counts.length; i++) {
                predicateCounts.set(i, counts[i]);
            }
            Path part = file.resolveSibling(file.getFileName() + ".part");
            try (OutputStream out = new BufferedOutputStream(Files.newOutputStream(part), HDT_JAVA_BUFFER)) {
                ControlInfo ci = new ControlInformation();
                ci.setType(ControlInfo.Type.INDEX);
                ci.setInt("numTriples", triples);
                ci.setInt("order", TripleComponentOrder.SPO.ordinal());
                ci.setFormat(HDTVocabulary.INDEX_TYPE_FOQ);
                ci.save(out);
                objectEnds.save(out, progress);
                objectPairs.save(out, progress);
                predicateEnds.save(out, progress);
                predicatePairs.save(out, progress);
                predicateCounts.save(out, progress);
            }
            Files.move(part, file, StandardCopyOption.REPLACE_EXISTING);
        }
    }

    @Override
    public void close() {
        try {
            byObject.close();
        } finally {
            byPredicate.close();
        }
    }
}
