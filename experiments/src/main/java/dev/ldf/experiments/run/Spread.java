package dev.ldf.experiments.run;

import java.util.Arrays;
import java.util.Locale;

/** The median, smallest and largest of a figure over the repeats of one measurement. */
public record Spread(double median, double min, double max) {

    public static Spread of(double... values) {
        if (values.length == 0) {
            return new Spread(Double.NaN, Double.NaN, Double.NaN);
        }
        double[] v = values.clone();
        Arrays.sort(v);
        int n = v.length;
        double median = n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
        return new Spread(median, v[0], v[n - 1]);
    }

    /** The {@code q} quantile of {@code values} by nearest rank (0 for none). */
    public static double quantile(double[] values, double q) {
        if (values.length == 0) {
            return 0;
        }
        double[] v = values.clone();
        Arrays.sort(v);
        return v[Math.max(0, (int) Math.ceil(q * v.length) - 1)];
    }

    /** Max − min as a share of the median (0 when all are 0). */
    public double relative() {
        return max == min ? 0 : median == 0 ? Double.POSITIVE_INFINITY : (max - min) / median;
    }

    /** The median in {@code number}'s format, with min–max in brackets where the repeats differ. */
    public String format(String number) {
        String m = String.format(Locale.ROOT, number, median);
        return max == min ? m : m + " (" + String.format(Locale.ROOT, number, min) + "–"
                + String.format(Locale.ROOT, number, max) + ")";
    }
}
