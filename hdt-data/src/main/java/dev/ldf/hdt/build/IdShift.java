package dev.ldf.hdt.build;

import java.util.Arrays;

/**
 * How the local IDs of one dictionary section move when a few terms leave it and a few arrive:
 * an old term keeps its place among the others, so its new ID is its old one, less the terms
 * that left before it, plus the terms that arrived before it. The events are kept sorted with
 * their running sum, and a table of where each block of {@value #BLOCK} old IDs starts among them
 * narrows a lookup (the merge makes one per triple) to a search among one block's events.
 */
final class IdShift {

    private static final int BLOCK_BITS = 12;
    private static final int BLOCK = 1 << BLOCK_BITS;

    /** Event positions, sorted: an event at {@code p} moves every old ID above {@code p}. */
    private final long[] positions;
    /** {@code shifts[e]}: the sum of the first {@code e} events (+1 for an arrival, -1 for a departure). */
    private final long[] shifts;
    /** Per block of old IDs: the first event at or above the block's first ID. */
    private final int[] blockEvent;

    /**
     * {@code leaving}: old IDs (1-based) that leave the section; {@code arrivingAfter}: for each
     * arriving term, how many old terms sort before it. Both in any order; {@code oldCount} bounds
     * the IDs asked for.
     */
    IdShift(long[] leaving, long[] arrivingAfter, long oldCount) {
        int n = leaving.length + arrivingAfter.length;
        long[] keyed = new long[n];
        // A departure's event sits at its own ID, an arrival's after the old terms before it.
        for (int i = 0; i < leaving.length; i++) {
            keyed[i] = leaving[i] << 1;
        }
        for (int i = 0; i < arrivingAfter.length; i++) {
            keyed[leaving.length + i] = arrivingAfter[i] << 1 | 1;
        }
        Arrays.sort(keyed);
        positions = new long[n];
        shifts = new long[n + 1];
        for (int i = 0; i < n; i++) {
            positions[i] = keyed[i] >>> 1;
            shifts[i + 1] = shifts[i] + ((keyed[i] & 1) == 1 ? 1 : -1);
        }
        int blocks = (int) ((oldCount >>> BLOCK_BITS) + 2);
        blockEvent = new int[blocks + 1];
        int e = 0;
        for (int b = 0; b <= blocks; b++) {
            long first = (long) b << BLOCK_BITS;
            while (e < n && positions[e] < first) {
                e++;
            }
            blockEvent[b] = e;
        }
    }

    /** The new ID of old ID {@code id}, which is not one that left. */
    long map(long id) {
        if (positions.length == 0) {
            return id;
        }
        int b = (int) (id >>> BLOCK_BITS);
        // The events below id: all before this block, and those of this block below it.
        int low = blockEvent[b];
        int high = blockEvent[b + 1];
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (positions[mid] < id) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return id + shifts[low];
    }
}
