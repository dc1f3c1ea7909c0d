package dev.ldf.hdt.build;

import java.util.Arrays;
import java.util.Random;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

class SortOrdersTest {

    @Test
    void handlesSortLikeTheValuesTheyStandFor() {
        Random random = new Random(7);
        for (int n : new int[] {0, 1, 2, 3, 25, 1000, 100_000}) {
            // Few distinct values: many equal keys, which a two-way partition handles badly.
            int[] values = random.ints(n, 0, Math.max(1, n / 10)).toArray();
            int[] handles = new int[n];
            for (int i = 0; i < n; i++) {
                handles[i] = i;
            }
            IntOrder.sort(handles, 0, n, (a, b) -> Integer.compare(values[a], values[b]));
            int[] sorted = new int[n];
            for (int i = 0; i < n; i++) {
                sorted[i] = values[handles[i]];
            }
            int[] expected = values.clone();
            Arrays.sort(expected);
            assertArrayEquals(expected, sorted, "n = " + n);
        }
    }

    @Test
    void sortedInputDoesNotDegrade() {
        int n = 200_000;
        int[] handles = new int[n];
        for (int i = 0; i < n; i++) {
            handles[i] = n - i;
        }
        IntOrder.sort(handles, 0, n, Integer::compare);
        for (int i = 0; i < n; i++) {
            handles[i] -= i + 1;
        }
        assertArrayEquals(new int[n], handles);
    }

    @Test
    void pairsSortByFirstThenSecond() {
        Random random = new Random(11);
        for (int n : new int[] {0, 1, 2, 17, 5000, 200_000}) {
            long[] pairs = new long[2 * n];
            for (int i = 0; i < 2 * n; i++) {
                pairs[i] = random.nextInt(50) + (i % 2 == 0 ? Long.MAX_VALUE / 2 : 0);
            }
            long[][] expected = new long[n][];
            for (int i = 0; i < n; i++) {
                expected[i] = new long[] {pairs[2 * i], pairs[2 * i + 1]};
            }
            Arrays.sort(expected, (a, b) -> a[0] != b[0] ? Long.compare(a[0], b[0]) : Long.compare(a[1], b[1]));
            PairOrder.sort(pairs, n);
            for (int i = 0; i < n; i++) {
                assertArrayEquals(expected[i], new long[] {pairs[2 * i], pairs[2 * i + 1]}, "n = " + n + ", i = " + i);
            }
        }
    }
}
