package dev.ldf.hdt.build;

/**
 * Sorts an {@code int[]} of handles by a comparison on what they stand for, without boxing: the
 * terms of a chunk are sorted as handles into its byte arena.
 */
final class IntOrder {

    /** How two handles compare. */
    @FunctionalInterface
    interface Comparison {
        int compare(int a, int b);
    }

    private static final int INSERTION = 24;

    private IntOrder() {
    }

    static void sort(int[] a, int from, int to, Comparison c) {
        // Depth bound: past it, heapsort keeps the worst case at n log n.
        quicksort(a, from, to - 1, c, 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, to - from))));
    }

    private static void quicksort(int[] a, int lo, int hi, Comparison c, int depth) {
        while (hi - lo > INSERTION) {
            if (depth-- == 0) {
                heapsort(a, lo, hi, c);
                return;
            }
            int mid = (lo + hi) >>> 1;
            int pivot = a[median(a, lo, mid, hi, c)];
            // Three-way partition: equal handles (a repeated term cannot happen, but equal keys can) stay put.
            int lt = lo;
            int gt = hi;
            int i = lo;
            while (i <= gt) {
                int cmp = c.compare(a[i], pivot);
                if (cmp < 0) {
                    swap(a, lt++, i++);
                } else if (cmp > 0) {
                    swap(a, i, gt--);
                } else {
                    i++;
                }
            }
            // Recurse into the smaller side, loop on the larger: the stack stays logarithmic.
            if (lt - lo < hi - gt) {
                quicksort(a, lo, lt - 1, c, depth);
                lo = gt + 1;
            } else {
                quicksort(a, gt + 1, hi, c, depth);
                hi = lt - 1;
            }
        }
        insertion(a, lo, hi, c);
    }

    private static int median(int[] a, int i, int j, int k, Comparison c) {
        int ab = c.compare(a[i], a[j]);
        int bc = c.compare(a[j], a[k]);
        if (ab < 0) {
            if (bc < 0) {
                return j;
            }
            return c.compare(a[i], a[k]) < 0 ? k : i;
        }
        if (bc > 0) {
            return j;
        }
        return c.compare(a[i], a[k]) < 0 ? i : k;
    }

    private static void insertion(int[] a, int lo, int hi, Comparison c) {
        for (int i = lo + 1; i <= hi; i++) {
            int v = a[i];
            int j = i - 1;
            while (j >= lo && c.compare(a[j], v) > 0) {
                a[j + 1] = a[j];
                j--;
            }
            a[j + 1] = v;
        }
    }

    private static void heapsort(int[] a, int lo, int hi, Comparison c) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n, c);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end, c);
        }
    }

    private static void siftDown(int[] a, int lo, int i, int n, Comparison c) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && c.compare(a[lo + child + 1], a[lo + child]) > 0) {
                child++;
            }
            if (c.compare(a[lo + i], a[lo + child]) >= 0) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
