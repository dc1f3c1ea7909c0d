package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;

/** How the scale summary writes sizes and durations. */
final class Figures {

    static final double MB = 1 << 20;

    private Figures() {}

    /** A file's size in MB; 0 where it is missing. */
    static double megabytes(Path file) throws IOException {
        return Files.exists(file) ? Files.size(file) / MB : 0;
    }

    static String duration(double seconds) {
        return seconds < 120 ? String.format(Locale.ROOT, "%.1f s", seconds)
                : String.format(Locale.ROOT, "%d min %02d s", (long) seconds / 60, (long) seconds % 60);
    }
}
