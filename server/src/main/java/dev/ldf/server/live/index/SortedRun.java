package dev.ldf.server.live.index;

import java.util.Arrays;
import java.util.Iterator;
import java.util.Set;

/**
 * Triples as numbers, sorted in one order and packed three ints apiece: the bulk of an overlay's
 * index, built by merging and never changed afterwards. Twelve bytes a triple and no object per
 * triple, so that a large overlay costs the garbage collector nothing to keep. Keys are in the
 * order's own sequence ({@code key(i, 0)} is the subject in subject order, the predicate in
 * predicate order, …).
 */
final class SortedRun {

    static final SortedRun EMPTY = new SortedRun(new int[0], 0);

    private final int[] keys;
    private final int size;

    private SortedRun(int[] keys, int size) {
        this.keys = keys;
        this.size = size;
    }

    int size() {
        return size;
    }

    int key(int index, int component) {
        return keys[3 * index + component];
    }

    /** The first position whose keys are at or after {@code (a, b, c)}. */
    int lowerBound(int a, int b, int c) {
        int low = 0;
        int high = size;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (compare(mid, a, b, c) < 0) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    boolean contains(int a, int b, int c) {
        int at = lowerBound(a, b, c);
        return at < size && compare(at, a, b, c) == 0;
    }

    int compare(int index, int a, int b, int c) {
        int i = 3 * index;
        int d = Integer.compare(keys[i], a);
        if (d != 0) {
            return d;
        }
        d = Integer.compare(keys[i + 1], b);
        return d != 0 ? d : Integer.compare(keys[i + 2], c);
    }

    /**
     * This run without the triples in {@code removed} (keys in this order) merged with
     * {@code added}, already sorted in this order and disjoint from it.
     */
    SortedRun merge(Set<Keys> removed, Iterator<Keys> added, int addedCount) {
        int[] merged = new int[3 * (size + addedCount)];
        int n = 0;
        int i = 0;
        Keys next = added.hasNext() ? added.next() : null;
        while (i < size || next != null) {
            boolean fromRun = next == null || i < size && compare(i, next.a(), next.b(), next.c()) < 0;
            if (fromRun) {
                int at = 3 * i++;
                if (!removed.isEmpty() && removed.contains(new Keys(keys[at], keys[at + 1], keys[at + 2]))) {
                    continue;
                }
                System.arraycopy(keys, at, merged, 3 * n++, 3);
            } else {
                merged[3 * n] = next.a();
                merged[3 * n + 1] = next.b();
                merged[3 * n + 2] = next.c();
                n++;
                next = added.hasNext() ? added.next() : null;
            }
        }
        return new SortedRun(n == size + addedCount ? merged : Arrays.copyOf(merged, 3 * n), n);
    }

    /** Three keys in an order's sequence, compared in that sequence. */
    record Keys(int a, int b, int c) implements Comparable<Keys> {
        @Override
        public int compareTo(Keys other) {
            int d = Integer.compare(a, other.a);
            if (d != 0) {
                return d;
            }
            d = Integer.compare(b, other.b);
            return d != 0 ? d : Integer.compare(c, other.c);
        }
    }
}
