package dev.ldf.watdiv.generate;

import java.util.SplittableRandom;

/** Draws in [0, 1] and indexes in [0, n) by the model's distributions. */
final class Sampler {

    /** Zipf's law exponent for ZIPFIAN draws: the classic s = 1. */
    private static final double ZIPF_EXPONENT = 1.0;

    private Sampler() {}

    /** A draw in [0, 1]: uniform, or normal with mean 0.5 and deviation 1/6 clipped to [0, 1]. */
    static double fraction(Model.Distribution distribution, SplittableRandom random) {
        return switch (distribution) {
            case UNIFORM -> random.nextDouble();
            case NORMAL, ZIPFIAN -> Math.max(0, Math.min(1, 0.5 + gaussian(random) / 6));
        };
    }

    /**
     * The draw at quantile {@code u} of a distribution: {@code u} itself for UNIFORM, the clipped
     * normal's inverse for NORMAL. Stratified quantiles give draws whose spread is exactly the
     * distribution's.
     */
    static double quantile(Model.Distribution distribution, double u) {
        if (distribution == Model.Distribution.UNIFORM) {
            return u;
        }
        return Math.max(0, Math.min(1, 0.5 + inverseNormal(u) / 6));
    }

    /**
     * The standard normal quantile function (Acklam's rational approximation, relative error below
     * 1.2e-9), in StrictMath for the same bits everywhere.
     */
    static double inverseNormal(double p) {
        double[] a = {-3.969683028665376e+01, 2.209460984245205e+02, -2.759285104469687e+02, 1.383577518672690e+02,
                -3.066479806614716e+01, 2.506628277459239e+00};
        double[] b = {-5.447609879822406e+01, 1.615858368580409e+02, -1.556989798598866e+02, 6.680131188771972e+01,
                -1.328068155288572e+01};
        double[] c = {-7.784894002430293e-03, -3.223964580411365e-01, -2.400758277161838e+00, -2.549732539343734e+00,
                4.374664141464968e+00, 2.938163982698783e+00};
        double[] d = {7.784695709041462e-03, 3.224671290700398e-01, 2.445134137142996e+00, 3.754408661907416e+00};
        double q = Math.min(Math.max(p, 1e-12), 1 - 1e-12);
        if (q < 0.02425) {
            double r = StrictMath.sqrt(-2 * StrictMath.log(q));
            return (((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5])
                    / ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1);
        }
        if (q > 1 - 0.02425) {
            double r = StrictMath.sqrt(-2 * StrictMath.log(1 - q));
            return -(((((c[0] * r + c[1]) * r + c[2]) * r + c[3]) * r + c[4]) * r + c[5])
                    / ((((d[0] * r + d[1]) * r + d[2]) * r + d[3]) * r + 1);
        }
        double x = q - 0.5;
        double r = x * x;
        return (((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * x
                / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1);
    }

    /** An index in [0, n); ZIPFIAN favours low indexes (its cumulative table is {@code zipf}). */
    static int index(Model.Distribution distribution, int n, double[] zipf, SplittableRandom random) {
        if (distribution == Model.Distribution.ZIPFIAN) {
            return zipfIndex(random.nextDouble(), n, zipf);
        }
        return scaled(fraction(distribution, random), n);
    }

    /** The index at quantile {@code u} of the distribution: stratified quantiles give exact shares. */
    static int indexAt(Model.Distribution distribution, double u, int n, double[] zipf) {
        return distribution == Model.Distribution.ZIPFIAN ? zipfIndex(u, n, zipf) : scaled(quantile(distribution, u), n);
    }

    /**
     * A draw in [0, 1] as an index the way WatDiv's generator maps it: rounded to the nearest of
     * 0..n, the top one folded onto n - 1. So the first instance gets half a share and the last one
     * and a half: of the 15 product categories, category 0 (concerts) has 1/30 of the products and
     * category 14 has 1/10, as in WatDiv's own data.
     */
    private static int scaled(double f, int n) {
        return (int) Math.min(n - 1, Math.round(f * n));
    }

    private static int zipfIndex(double u, int n, double[] zipf) {
        double target = u * zipf[n - 1];
        int lo = 0;
        int hi = n - 1;
        while (lo < hi) {
            int mid = (lo + hi) >>> 1;
            if (zipf[mid] < target) {
                lo = mid + 1;
            } else {
                hi = mid;
            }
        }
        return lo;
    }

    /** 0..n-1 in an order drawn from {@code random}. */
    static int[] permutation(int n, SplittableRandom random) {
        int[] values = new int[n];
        for (int j = 0; j < n; j++) {
            values[j] = j;
        }
        return shuffle(values, random);
    }

    /** Shuffles {@code values} in place (Fisher-Yates) and returns them. */
    static int[] shuffle(int[] values, SplittableRandom random) {
        for (int j = values.length - 1; j > 0; j--) {
            int r = random.nextInt(j + 1);
            int tmp = values[j];
            values[j] = values[r];
            values[r] = tmp;
        }
        return values;
    }

    /** The cumulative Zipf weights of ranks 1..n. */
    static double[] zipf(int n) {
        double[] cumulative = new double[n];
        double sum = 0;
        for (int k = 0; k < n; k++) {
            sum += 1 / StrictMath.pow(k + 1, ZIPF_EXPONENT);
            cumulative[k] = sum;
        }
        return cumulative;
    }

    /**
     * A standard normal draw (Box-Muller), from {@code random} alone; StrictMath, not Math, so that
     * every JVM on every CPU computes the same bits.
     */
    private static double gaussian(SplittableRandom random) {
        double u1 = 1 - random.nextDouble();
        double u2 = random.nextDouble();
        return StrictMath.sqrt(-2 * StrictMath.log(u1)) * StrictMath.cos(2 * Math.PI * u2);
    }
}
