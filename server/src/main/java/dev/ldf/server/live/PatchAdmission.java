package dev.ldf.server.live;

import java.util.Locale;
import java.util.function.LongSupplier;

import dev.ldf.server.failure.ClientError;

/**
 * Whether the heap has room to apply a patch, decided before the patch is logged. A patch is
 * logged first and applied after, so a patch that ran out of memory while it was applied stayed
 * in the log although its writer was told it failed, and every restart ran out of memory again
 * replaying it. Its bytes say little of its cost: a row of 26 bytes with two new blank nodes
 * costs about 600 bytes of heap once applied, and more while the overlay's indexes are rebuilt.
 *
 * <p>The cost is estimated from what the overlay will hold, per triple and per term it does not
 * know yet (constants measured on the overlay, with room for the rebuild), against the heap free
 * now; where the estimate does not fit, one full collection tells what is really live before the
 * patch is refused. A patch that could not fit even into an empty overlay is a 413; one that does
 * not fit beside the overlay as it is, a 503 that asks for a compaction, which folds the overlay
 * into the base. None is started here: a compaction needs memory too.
 */
final class PatchAdmission {

    /**
     * Heap per triple while a batch is applied: three index entries, the batch's lists, the
     * indexes' rebuild. With the next constant, measured: 300,000 rows of two new blank nodes each
     * (7.7 MB of RDF Patch) ran out of memory in a 256 MB heap and were applied in 290 MB, keeping
     * 172 MB; estimated 240 MB.
     */
    static final long BYTES_PER_TRIPLE = 300;
    /** Heap per term the overlay does not know yet: its string, its node and the two maps that number it. */
    static final long BYTES_PER_NEW_TERM = 250;
    /** The share of the heap kept for everything else (requests, the compaction's reads): an eighth. */
    private static final int RESERVE_SHARE = 8;

    private final long maxHeap;
    private final LongSupplier usedHeap;
    private final Runnable collect;

    /** The process's own heap. */
    PatchAdmission() {
        this(Runtime.getRuntime().maxMemory(), () -> Runtime.getRuntime().totalMemory() - Runtime.getRuntime().freeMemory(),
                System::gc);
    }

    /** A heap of {@code maxHeap} bytes, its use as {@code usedHeap} says, {@code collect} a full collection. */
    PatchAdmission(long maxHeap, LongSupplier usedHeap, Runnable collect) {
        this.maxHeap = maxHeap;
        this.usedHeap = usedHeap;
        this.collect = collect;
    }

    /** The estimated heap a patch of {@code triples} changes with {@code newTerms} unknown terms needs to be applied. */
    static long cost(long triples, long newTerms) {
        return triples * BYTES_PER_TRIPLE + newTerms * BYTES_PER_NEW_TERM;
    }

    /**
     * Returns when a patch of {@code triples} changes fits; otherwise throws what to answer. Its
     * terms are looked up ({@code newTerms}, a pass over the patch) only when the most it could
     * cost, every term new, does not fit at once: most patches are small beside the heap.
     *
     * @param overlayTriples the overlay's triples, for the message
     */
    void admit(long triples, LongSupplier newTerms, long overlayTriples) {
        admit(triples, newTerms, overlayTriples, 0);
    }

    /**
     * {@link #admit(long, LongSupplier, long)} beside {@code promised} bytes of patches admitted
     * but not applied yet (the earlier ones of a group); returns the bytes this one was counted at.
     */
    long admit(long triples, LongSupplier newTerms, long overlayTriples, long promised) {
        long most = cost(triples, 3 * triples);
        if (most <= maxHeap / 4 * 3 && usedHeap.getAsLong() + promised + most + maxHeap / RESERVE_SHARE <= maxHeap) {
            return most;
        }
        long cost = cost(triples, newTerms.getAsLong());
        admit(cost, promised, overlayTriples);
        return cost;
    }

    /**
     * Returns when a patch costing {@code cost} bytes fits; otherwise throws what to answer.
     *
     * @param overlayTriples the overlay's triples, for the message
     */
    void admit(long cost, long overlayTriples) {
        admit(cost, 0, overlayTriples);
    }

    private void admit(long cost, long promised, long overlayTriples) {
        long reserve = maxHeap / RESERVE_SHARE;
        if (cost > maxHeap / 4 * 3) {
            throw new Refused(413, String.format(Locale.ROOT, "This patch would need about %,d MB of memory to apply, "
                    + "more than this server can give one patch (three quarters of its heap of %,d MB); send it in "
                    + "parts.", cost >> 20, maxHeap >> 20), -1);
        }
        if (usedHeap.getAsLong() + promised + cost + reserve <= maxHeap) {
            return;
        }
        collect.run();
        long used = usedHeap.getAsLong() + promised;
        if (used + cost + reserve <= maxHeap) {
            return;
        }
        throw new Refused(503, String.format(Locale.ROOT, "This patch would need about %,d MB of memory to apply, and "
                + "the %,d triples changed since the last compaction leave %,d MB free: retry after a compaction (POST "
                + "to the dataset's /compaction) has folded them into the base, or send smaller patches.", cost >> 20,
                overlayTriples, Math.max(0, maxHeap - reserve - used) >> 20), 10);
    }

    /** A patch refused for want of memory; nothing was logged. */
    static final class Refused extends RuntimeException implements ClientError {
        private static final long serialVersionUID = 1L;

        private final int status;
        private final int retryAfter;

        Refused(int status, String message, int retryAfterSeconds) {
            super(message, null, false, false);
            this.status = status;
            this.retryAfter = retryAfterSeconds;
        }

        @Override
        public int status() {
            return status;
        }

        @Override
        public int retryAfterSeconds() {
            return retryAfter;
        }
    }
}
