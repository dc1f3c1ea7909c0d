package dev.ldf.hdt.build;

/**
 * Sorts pairs of longs stored side by side ({@code a[2i]}, {@code a[2i + 1]}) by the first, then the
 * second: triples whose IDs do not fit one long, kept as (subject and predicate, object).
 */
final class PairOrder {

    private static final int INSERTION = 16;

    private PairOrder() {
    }

    static void sort(long[] a, int n) {
        quicksort(a, 0, n - 1, 2 * (32 - Integer.numberOfLeadingZeros(Math.max(1, n))));
    }

    private static int compare(long[] a, int i, int j) {
        int c = Long.compare(a[2 * i], a[2 * j]);
        return c != 0 ? c : Long.compare(a[2 * i + 1], a[2 * j + 1]);
    }

    private static int compare(long[] a, int i, long hi, long lo) {
        int c = Long.compare(a[2 * i], hi);
        return c != 0 ? c : Long.compare(a[2 * i + 1], lo);
    }

    private static void quicksort(long[] a, int lo, int hi, int depth) {
        while (hi - lo > INSERTION) {
            if (depth-- == 0) {
                heapsort(a, lo, hi);
                return;
            }
            int mid = (lo + hi) >>> 1;
            if (compare(a, mid, lo) < 0) {
                swap(a, mid, lo);
            }
            if (compare(a, hi, lo) < 0) {
                swap(a, hi, lo);
            }
            if (compare(a, hi, mid) < 0) {
                swap(a, hi, mid);
            }
            long pivotHi = a[2 * mid];
            long pivotLo = a[2 * mid + 1];
            int lt = lo;
            int gt = hi;
            int i = lo;
            while (i <= gt) {
                int cmp = compare(a, i, pivotHi, pivotLo);
                if (cmp < 0) {
                    swap(a, lt++, i++);
                } else if (cmp > 0) {
                    swap(a, i, gt--);
                } else {
                    i++;
                }
            }
            if (lt - lo < hi - gt) {
                quicksort(a, lo, lt - 1, depth);
                lo = gt + 1;
            } else {
                quicksort(a, gt + 1, hi, depth);
                hi = lt - 1;
            }
        }
        for (int i = lo + 1; i <= hi; i++) {
            for (int j = i; j > lo && compare(a, j - 1, j) > 0; j--) {
                swap(a, j - 1, j);
            }
        }
    }

    private static void heapsort(long[] a, int lo, int hi) {
        int n = hi - lo + 1;
        for (int i = n / 2 - 1; i >= 0; i--) {
            siftDown(a, lo, i, n);
        }
        for (int end = n - 1; end > 0; end--) {
            swap(a, lo, lo + end);
            siftDown(a, lo, 0, end);
        }
    }

    private static void siftDown(long[] a, int lo, int i, int n) {
        while (true) {
            int child = 2 * i + 1;
            if (child >= n) {
                return;
            }
            if (child + 1 < n && compare(a, lo + child + 1, lo + child) > 0) {
                child++;
            }
            if (compare(a, lo + i, lo + child) >= 0) {
                return;
            }
            swap(a, lo + i, lo + child);
            i = child;
        }
    }

    private static void swap(long[] a, int i, int j) {
        long hi = a[2 * i];
        long lo = a[2 * i + 1];
        a[2 * i] = a[2 * j];
        a[2 * i + 1] = a[2 * j + 1];
        a[2 * j] = hi;
        a[2 * j + 1] = lo;
    }
}
