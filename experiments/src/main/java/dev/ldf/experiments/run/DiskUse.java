package dev.ldf.experiments.run;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/** The disk space files take under a directory, once or sampled every second while something runs. */
public final class DiskUse {

    private DiskUse() {}

    /** The bytes of the regular files under {@code dir}; files that vanish while counted count as none. */
    public static long bytesUnder(Path dir) {
        if (!Files.isDirectory(dir)) {
            return 0;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.mapToLong(f -> {
                try {
                    return Files.isRegularFile(f) ? Files.size(f) : 0;
                } catch (IOException e) {
                    return 0;
                }
            }).sum();
        } catch (IOException | UncheckedIOException e) {
            return 0;  // a work directory removed while walked: the next sample counts again
        }
    }

    /** Keeps the highest {@link #bytesUnder} of {@code dir} in {@code peak} every second until shut down. */
    public static ScheduledExecutorService sample(Path dir, AtomicLong peak) {
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "disk-sampler");
            t.setDaemon(true);
            return t;
        });
        sampler.scheduleAtFixedRate(() -> peak.accumulateAndGet(bytesUnder(dir), Math::max), 0, 1, TimeUnit.SECONDS);
        return sampler;
    }
}
