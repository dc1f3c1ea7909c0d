package dev.ldf.hdt.build;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Iterator;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;
import java.util.List;
import java.util.ArrayList;
import java.io.UncheckedIOException;

import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.util.BitUtil;

/**
 * The second half of a build: each run's triples mapped to global IDs and sorted subject,
 * predicate, object into a file of its own, then all of them merged without duplicates into
 * the order HDT's BitmapTriples are written in.
 */
final class IdTriples {

    /** A run's triples as sorted IDs: the file and how many (duplicates within the run removed). */
    record Sorted(Path file, long count) {
    }

    private final long sharedCount;
    private final int predicateBits;
    private final int objectBits;
    /** Whether subject, predicate and object IDs fit one long, so that one sort of longs orders them. */
    private final boolean packed;

    IdTriples(long sharedCount, long subjectObjectCount, long predicateCount, boolean allowPacked) {
        this.sharedCount = sharedCount;
        int soBits = bits(subjectObjectCount);
        this.predicateBits = bits(predicateCount);
        this.objectBits = soBits;
        if (soBits + predicateBits > 63) {
            throw new IllegalStateException("more distinct terms than an HDT file built here can number");
        }
        this.packed = allowPacked && 2 * soBits + predicateBits <= 63;
    }

    private static int bits(long max) {
        return BitUtil.log2(Math.max(1, max));
    }

    /** Maps {@code run}'s triples through its IDs file, sorts them and writes {@code out}. */
    Sorted sort(Run run, Path out) throws IOException {
        long[] soIds = new long[run.termCount()];
        long[] predicateIds = new long[run.termCount()];
        try (RunInput ids = new RunInput(run.ids())) {
            for (int i = 0; i < soIds.length; i++) {
                long code = ids.readVarLong();
                soIds[i] = code == 0 ? 0 : DictionaryMerge.id(code, sharedCount);
                predicateIds[i] = ids.readVarLong();
            }
        }
        int n = run.tripleCount();
        long[] keys = new long[packed ? n : 2 * n];
        try (RunInput in = new RunInput(run.triples())) {
            for (int i = 0; i < n; i++) {
                long s = soIds[(int) in.readVarLong()];
                long p = predicateIds[(int) in.readVarLong()];
                long o = soIds[(int) in.readVarLong()];
                if (packed) {
                    keys[i] = (s << predicateBits | p) << objectBits | o;
                } else {
                    keys[2 * i] = s << predicateBits | p;
                    keys[2 * i + 1] = o;
                }
            }
        }
        soIds = null;
        predicateIds = null;
        long written = 0;
        try (RunOutput file = new RunOutput(out)) {
            long lastS = 0;
            long lastHigh = -1;
            long lastO = -1;
            if (packed) {
                Arrays.sort(keys);
            } else {
                PairOrder.sort(keys, n);
            }
            long pMask = (1L << predicateBits) - 1;
            long oMask = (1L << objectBits) - 1;
            for (int i = 0; i < n; i++) {
                long high = packed ? keys[i] >>> objectBits : keys[2 * i];
                long o = packed ? keys[i] & oMask : keys[2 * i + 1];
                if (high == lastHigh && o == lastO) {
                    continue;
                }
                long s = high >>> predicateBits;
                file.writeVarLong(s - lastS);
                file.writeVarLong(high & pMask);
                file.writeVarLong(o);
                lastS = s;
                lastHigh = high;
                lastO = o;
                written++;
            }
        }
        return new Sorted(out, written);
    }

    /** All sorted runs merged into one ascending stream of distinct triples. */
    static Iterator<TripleID> merged(List<Sorted> runs) throws IOException {
        return new Merged(runs);
    }

    private static final class Cursor {
        final RunInput in;
        long remaining;
        long s;
        long p;
        long o;

        Cursor(Sorted run) throws IOException {
            this.in = new RunInput(run.file());
            this.remaining = run.count();
        }

        boolean next() throws IOException {
            if (remaining == 0) {
                in.close();
                return false;
            }
            remaining--;
            s += in.readVarLong();
            p = in.readVarLong();
            o = in.readVarLong();
            return true;
        }

        int compareTo(Cursor c) {
            int cmp = Long.compare(s, c.s);
            if (cmp == 0) {
                cmp = Long.compare(p, c.p);
                if (cmp == 0) {
                    cmp = Long.compare(o, c.o);
                }
            }
            return cmp;
        }
    }

    private static final class Merged implements Iterator<TripleID> {
        private final PriorityQueue<Cursor> queue;
        private TripleID next;
        private long lastS;
        private long lastP;
        private long lastO;

        Merged(List<Sorted> runs) throws IOException {
            queue = new PriorityQueue<>(Math.max(1, runs.size()), Cursor::compareTo);
            List<Cursor> opened = new ArrayList<>();
            for (Sorted run : runs) {
                Cursor c = new Cursor(run);
                opened.add(c);
                if (c.next()) {
                    queue.add(c);
                }
            }
        }

        @Override
        public boolean hasNext() {
            try {
                while (next == null && !queue.isEmpty()) {
                    Cursor c = queue.poll();
                    long s = c.s;
                    long p = c.p;
                    long o = c.o;
                    if (c.next()) {
                        queue.add(c);
                    }
                    if (s != lastS || p != lastP || o != lastO) {
                        next = new TripleID(s, p, o);
                        lastS = s;
                        lastP = p;
                        lastO = o;
                    }
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
            return next != null;
        }

        @Override
        public TripleID next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            TripleID t = next;
            next = null;
            return t;
        }
    }
}
