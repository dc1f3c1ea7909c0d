package dev.ldf.server.hdt;

import java.util.Arrays;

import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.Triples;

/**
 * Per predicate, how many triples it has and where in its {@code ?P?} fragment every
 * {@value #STEP}th subject begins, from one pass over the data when the file opens.
 *
 * <p>HDT's predicate index lists a predicate's (subject, predicate) pairs, but a pair holds any
 * number of objects, so a triple offset cannot be turned into a pair without counting. These
 * samples make that a binary search plus a walk over at most {@value #STEP} pairs: a deep
 * {@code ?P?} page costs what a first one does. They take one {@code long} per {@value #STEP} pairs.
 */
final class PredicateOffsets {
    static final int STEP = 64;

    private final long[] triples;
    private final long[][] samples;

    /** Where a walk to a triple offset begins: a pair (1-based, in index order) and the triples before it. */
    record Start(long occurrence, long triplesBefore) {}

    private PredicateOffsets(long[] triples, long[][] samples) {
        this.triples = triples;
        this.samples = samples;
    }

    /** Scans the triples in subject-predicate-object order. */
    static PredicateOffsets scan(Triples all, int predicates) {
        long[] triples = new long[predicates + 1];
        long[] pairs = new long[predicates + 1];
        long[][] samples = new long[predicates + 1][];
        Arrays.fill(samples, new long[0]);
        IteratorTripleID it = all.searchAll();
        long lastSubject = -1;
        long lastPredicate = -1;
        while (it.hasNext()) {
            TripleID t = it.next();
            int p = (int) t.getPredicate();
            if (t.getSubject() != lastSubject || p != lastPredicate) {
                // A new pair: the predicate's index lists pairs in this same order.
                if (pairs[p] % STEP == 0) {
                    int sample = (int) (pairs[p] / STEP);
                    if (sample == samples[p].length) {
                        samples[p] = Arrays.copyOf(samples[p], Math.max(4, sample * 2));
                    }
                    samples[p][sample] = triples[p];
                }
                pairs[p]++;
                lastSubject = t.getSubject();
                lastPredicate = p;
            }
            triples[p]++;
        }
        for (int p = 0; p <= predicates; p++) {
            samples[p] = Arrays.copyOf(samples[p], (int) ((pairs[p] + STEP - 1) / STEP));
        }
        return new PredicateOffsets(triples, samples);
    }

    /** The number of triples with predicate {@code p}. */
    long triples(long p) {
        return triples[(int) p];
    }

    /** The last sampled pair that begins at or before triple {@code offset} of predicate {@code p}. */
    Start start(long p, long offset) {
        long[] s = samples[(int) p];
        int found = Arrays.binarySearch(s, offset);
        // Several pairs cannot begin at one offset, so a hit is unique; a miss gives the next sample.
        int index = found >= 0 ? found : -found - 2;
        if (index < 0) {
            return new Start(1, 0);
        }
        return new Start((long) index * STEP + 1, s[index]);
    }
}
