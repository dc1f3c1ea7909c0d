package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import dev.ldf.experiments.run.DiskUse;
import dev.ldf.experiments.run.ProcessMemory;

/**
 * One of the project's command-line tools run as a process of its own, as a publisher runs it
 * ({@code java [options] -jar tool.jar …}; here on this JVM's class path, which holds every tool):
 * its wall time, the peak resident memory of its process, and the peak disk space it took in a
 * directory, sampled once a second, which counts the work files it deletes before it ends.
 */
final class ToolRun {

    /** What one run took. */
    record Cost(double seconds, long peakRssBytes, long peakDiskBytes) {}

    private final List<String> jvmOptions;
    private final String mainClass;

    ToolRun(List<String> jvmOptions, String mainClass) {
        this.jvmOptions = jvmOptions;
        this.mainClass = mainClass;
    }

    /**
     * Runs the tool with {@code arguments}, its output and errors going to {@code log}, and measures
     * the disk space under {@code disk} beyond what was there when it started.
     *
     * @throws IllegalStateException when the tool fails, with its own {@code error:} line
     */
    Cost run(List<String> arguments, Path log, Path disk) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmOptions);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), mainClass));
        command.addAll(arguments);
        Files.createDirectories(log.toAbsolutePath().getParent());
        long diskBefore = DiskUse.bytesUnder(disk);
        AtomicLong diskPeak = new AtomicLong(diskBefore);
        long start = System.nanoTime();
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        ProcessMemory memory = ProcessMemory.sample(process.toHandle());
        ScheduledExecutorService diskSampler = DiskUse.sample(disk, diskPeak);
        int exit;
        try {
            exit = process.waitFor();
        } finally {
            memory.close();
            diskSampler.shutdownNow();
            process.destroyForcibly();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        diskPeak.accumulateAndGet(DiskUse.bytesUnder(disk), Math::max);
        if (exit != 0) {
            throw new IllegalStateException(mainClass.substring(mainClass.lastIndexOf('.') + 1) + " " + arguments
                    + " failed with exit code " + exit + ": " + lastError(log) + " (log: " + log + ")");
        }
        return new Cost(seconds, memory.peakBytes(), diskPeak.get() - diskBefore);
    }

    private static String lastError(Path log) throws IOException {
        try (Stream<String> lines = Files.lines(log)) {
            return lines.filter(l -> l.startsWith("error:")).reduce((a, b) -> b).orElse("no error line");
        }
    }
}
