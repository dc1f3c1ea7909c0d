package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

/**
 * The resident memory of a process and its descendants (a Node.js master and its workers, nginx
 * and its workers), read from {@code /proc} (Linux) every 200 ms while a run lasts; the highest
 * sum counts.
 */
final class ProcessMemory implements AutoCloseable {

    private final ProcessHandle root;
    private final AtomicLong peak = new AtomicLong();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rss-sampler");
        t.setDaemon(true);
        return t;
    });

    private ProcessMemory(ProcessHandle root) {
        this.root = root;
    }

    /** Starts sampling the tree under {@code root}. */
    static ProcessMemory sample(ProcessHandle root) {
        ProcessMemory memory = new ProcessMemory(root);
        memory.sampler.scheduleAtFixedRate(() -> memory.peak.accumulateAndGet(residentBytes(root), Math::max),
                0, 200, TimeUnit.MILLISECONDS);
        return memory;
    }

    /** The highest resident size seen so far, in bytes (0 where {@code /proc} cannot be read). */
    long peakBytes() {
        return peak.get();
    }

    @Override
    public void close() {
        sampler.shutdownNow();
        peak.accumulateAndGet(residentBytes(root), Math::max);
    }

    /** The summed VmRSS of {@code root} and its descendants now. */
    static long residentBytes(ProcessHandle root) {
        return Stream.concat(Stream.of(root), root.descendants()).mapToLong(p -> vmRss(p.pid())).sum();
    }

    private static long vmRss(long pid) {
        try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid), "status"))) {
            return lines.filter(l -> l.startsWith("VmRSS:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024).orElse(0L);
        } catch (IOException | RuntimeException e) {
            return 0;  // the process is gone, or this is not Linux
        }
    }
}
