package dev.ldf.deploy.local;

import java.util.Locale;

/** Sizes as nginx writes them: {@code 512}, {@code 256k}, {@code 1m}, {@code 2g}. */
final class Sizes {

    private Sizes() {}

    static long parse(String size) {
        String s = size.trim().toLowerCase(Locale.ROOT);
        long unit = 1;
        char last = s.isEmpty() ? ' ' : s.charAt(s.length() - 1);
        if (last == 'k' || last == 'm' || last == 'g') {
            unit = last == 'k' ? 1024L : last == 'm' ? 1024L * 1024 : 1024L * 1024 * 1024;
            s = s.substring(0, s.length() - 1);
        }
        try {
            return Long.parseLong(s) * unit;
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("Not a size: '" + size + "' (use e.g. 256k, 1m)");
        }
    }
}
