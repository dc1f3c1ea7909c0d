package dev.ldf.server.hdt;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

import org.rdfhdt.hdt.compact.bitmap.AdjacencyList;
import org.rdfhdt.hdt.compact.bitmap.Bitmap;
import org.rdfhdt.hdt.compact.sequence.Sequence;
import org.rdfhdt.hdt.enums.TripleComponentOrder;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.Triples;
import org.rdfhdt.hdt.triples.impl.BitmapTriples;

/**
 * Per predicate, how many triples it has and where in its {@code ?P?} fragment every
 * {@value #STEP}th subject begins, from one pass over the data when the file opens.
 *
 * <p>HDT's predicate index lists a predicate's (subject, predicate) pairs, but a pair holds any
 * number of objects, so a triple offset cannot be turned into a pair without counting. These
 * samples make that a binary search plus a walk over at most {@value #STEP} pairs (twice that
 * where two parts of the pass meet): a deep {@code ?P?} page costs what a first one does. They take
 * two {@code long}s per {@value #STEP} pairs.
 *
 * <p>The pass reads HDT's pair sequence and the bitmap that ends each pair's objects, never the
 * objects themselves, and splits the pairs among the cores: a billion triples take seconds, not
 * the twenty a pass with HDT's iterator took.
 */
final class PredicateOffsets {
    static final int STEP = 128;
    /** Fewer pairs than this are not worth a second thread. */
    private static final long PAIRS_PER_PART = 1 << 22;

    private final long[] triples;
    /** Per predicate: pair occurrence (1-based, in index order) and triples before it, alternating. */
    private final long[][] samples;

    /** Where a walk to a triple offset begins: a pair (1-based, in index order) and the triples before it. */
    record Start(long occurrence, long triplesBefore) {}

    private PredicateOffsets(long[] triples, long[][] samples) {
        this.triples = triples;
        this.samples = samples;
    }

    /** Scans the triples in subject-predicate-object order. */
    static PredicateOffsets scan(Triples all, int predicates) {
        if (all instanceof BitmapTriples bitmaps && bitmaps.getOrder() == TripleComponentOrder.SPO) {
            long pairs = bitmaps.getSeqY().getNumberOfElements();
            int cores = Runtime.getRuntime().availableProcessors();
            return scanPairs(bitmaps, predicates, (int) Math.max(1, Math.min(cores, pairs / PAIRS_PER_PART)));
        }
        return scanTriples(all, predicates);
    }

    /** The pass with HDT's iterator, for triples in another order or of another kind. */
    static PredicateOffsets scanTriples(Triples all, int predicates) {
        Part part = new Part(predicates);
        IteratorTripleID it = all.searchAll();
        long lastSubject = -1;
        long lastPredicate = -1;
        long pairSize = 0;
        while (it.hasNext()) {
            TripleID t = it.next();
            if (t.getSubject() != lastSubject || t.getPredicate() != lastPredicate) {
                if (lastPredicate > 0) {
                    part.pair((int) lastPredicate, pairSize);
                }
                lastSubject = t.getSubject();
                lastPredicate = t.getPredicate();
                pairSize = 0;
            }
            pairSize++;
        }
        if (lastPredicate > 0) {
            part.pair((int) lastPredicate, pairSize);
        }
        return join(List.of(part), predicates);
    }

    /** The pass over HDT's pairs, in {@code parts} consecutive parts at once. */
    static PredicateOffsets scanPairs(BitmapTriples bitmaps, int predicates, int parts) {
        Sequence pairPredicates = bitmaps.getSeqY();
        Bitmap pairEnds = bitmaps.getBitmapZ();
        AdjacencyList objects = new AdjacencyList(bitmaps.getSeqZ(), pairEnds);
        long pairs = pairPredicates.getNumberOfElements();
        // Threads of its own: the common pool has one worker on two cores.
        ExecutorService pool = Executors.newFixedThreadPool(parts, r -> {
            Thread t = new Thread(r, "predicate-offsets");
            t.setDaemon(true);
            return t;
        });
        List<CompletableFuture<Part>> running = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            long from = pairs * i / parts;
            long to = pairs * (i + 1) / parts;
            running.add(CompletableFuture.supplyAsync(() -> {
                Part part = new Part(predicates);
                long position = objects.find(from);
                for (long pair = from; pair < to; pair++) {
                    long end = pairEnds.selectNext1(position);
                    part.pair((int) pairPredicates.get(pair), end - position + 1);
                    position = end + 1;
                }
                return part;
            }, pool));
        }
        try {
            return join(running.stream().map(CompletableFuture::join).toList(), predicates);
        } catch (CompletionException e) {
            throw e.getCause() instanceof RuntimeException r ? r : e;
        } finally {
            pool.shutdown();
        }
    }

    /** The parts' counts added up, each part's samples shifted by what the parts before it hold. */
    private static PredicateOffsets join(List<Part> parts, int predicates) {
        long[] triples = new long[predicates + 1];
        long[] pairs = new long[predicates + 1];
        long[][] samples = new long[predicates + 1][];
        for (int p = 0; p <= predicates; p++) {
            int length = 0;
            for (Part part : parts) {
                length += part.sampleCount[p] * 2;
            }
            long[] joined = new long[length];
            int at = 0;
            for (Part part : parts) {
                long[] own = part.samples[p];
                for (int i = 0; i < part.sampleCount[p] * 2; i += 2) {
                    joined[at++] = own[i] + pairs[p];
                    joined[at++] = own[i + 1] + triples[p];
                }
                triples[p] += part.triples[p];
                pairs[p] += part.pairs[p];
            }
            samples[p] = joined;
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
        // Binary search over the triples-before half: several pairs cannot begin at one offset.
        int low = 0;
        int high = s.length / 2 - 1;
        while (low <= high) {
            int mid = (low + high) >>> 1;
            if (s[mid * 2 + 1] <= offset) {
                low = mid + 1;
            } else {
                high = mid - 1;
            }
        }
        return high < 0 ? new Start(1, 0) : new Start(s[high * 2], s[high * 2 + 1]);
    }

    /** What one stretch of consecutive pairs holds, counted as if it began the data. */
    private static final class Part {
        final long[] triples;
        final long[] pairs;
        final long[][] samples;
        final int[] sampleCount;

        Part(int predicates) {
            triples = new long[predicates + 1];
            pairs = new long[predicates + 1];
            samples = new long[predicates + 1][];
            Arrays.fill(samples, new long[0]);
            sampleCount = new int[predicates + 1];
        }

        /** The next pair, of predicate {@code p} with {@code size} triples. */
        void pair(int p, long size) {
            if (pairs[p] % STEP == 0) {
                int at = sampleCount[p] * 2;
                if (at == samples[p].length) {
                    samples[p] = Arrays.copyOf(samples[p], Math.max(8, at * 2));
                }
                samples[p][at] = pairs[p] + 1;
                samples[p][at + 1] = triples[p];
                sampleCount[p]++;
            }
            pairs[p]++;
            triples[p] += size;
        }
    }
}
