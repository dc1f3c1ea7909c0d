package dev.ldf.experiments.run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * The resident memory of a process and its descendants (a Node.js master and its workers, nginx
 * and its workers), read from {@code /proc} (Linux) every 200 ms while a run lasts; the highest
 * sum counts. Besides all of it ({@code VmRSS}), the anonymous part ({@code RssAnon}): the
 * process's own memory, without the pages of files it maps, which belong to the OS page cache and
 * are shed under pressure.
 */
public final class ProcessMemory implements AutoCloseable {

    private final Supplier<Stream<ProcessHandle>> tree;
    private final AtomicLong peak = new AtomicLong();
    private final AtomicLong peakAnonymous = new AtomicLong();
    private final ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "rss-sampler");
        t.setDaemon(true);
        return t;
    });

    private ProcessMemory(Supplier<Stream<ProcessHandle>> tree) {
        this.tree = tree;
    }

    /** Starts sampling {@code root} and its descendants. */
    public static ProcessMemory sample(ProcessHandle root) {
        return start(new ProcessMemory(() -> Stream.concat(Stream.of(root), root.descendants())));
    }

    /**
     * Starts sampling the descendants of {@code parent}, not the parent itself: a process this JVM
     * is about to start, whose pid is not known until it is up.
     */
    public static ProcessMemory sampleChildren(ProcessHandle parent) {
        return start(new ProcessMemory(parent::descendants));
    }

    private static ProcessMemory start(ProcessMemory memory) {
        memory.sampler.scheduleAtFixedRate(memory::update, 0, 200, TimeUnit.MILLISECONDS);
        return memory;
    }

    private void update() {
        long all = 0;
        long anonymous = 0;
        for (ProcessHandle p : tree.get().toList()) {
            all += status(p.pid(), "VmRSS:");
            anonymous += status(p.pid(), "RssAnon:");
        }
        peak.accumulateAndGet(all, Math::max);
        peakAnonymous.accumulateAndGet(anonymous, Math::max);
    }

    /** The highest resident size seen so far, in bytes (0 where {@code /proc} cannot be read). */
    public long peakBytes() {
        return peak.get();
    }

    /** The highest anonymous resident size seen so far, in bytes (0 where {@code /proc} cannot be read). */
    public long peakAnonymousBytes() {
        return peakAnonymous.get();
    }

    @Override
    public void close() {
        sampler.shutdownNow();
        update();
    }

    /** The summed VmRSS of {@code root} and its descendants now. */
    public static long residentBytes(ProcessHandle root) {
        return Stream.concat(Stream.of(root), root.descendants()).mapToLong(p -> status(p.pid(), "VmRSS:")).sum();
    }

    /** A size in bytes from {@code /proc/<pid>/status}, such as {@code VmRSS:}. */
    private static long status(long pid, String field) {
        try (Stream<String> lines = Files.lines(Path.of("/proc", Long.toString(pid), "status"))) {
            return lines.filter(l -> l.startsWith(field)).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) * 1024).orElse(0L);
        } catch (IOException | RuntimeException e) {
            return 0;  // the process is gone, or this is not Linux
        }
    }
}
