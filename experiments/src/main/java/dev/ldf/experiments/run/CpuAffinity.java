package dev.ldf.experiments.run;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Pins processes to CPUs with util-linux's {@code taskset}, every thread at once ({@code -a}).
 * Threads a pinned thread creates later inherit its CPUs on Linux, so pinning a process once it
 * runs also covers the threads it starts afterwards.
 */
public final class CpuAffinity {

    /**
     * The CPUs this JVM started with. Read once: once this JVM is pinned, it sees only the CPUs it
     * is pinned to, and processes it starts inherit them.
     */
    public static final int CORES = Runtime.getRuntime().availableProcessors();

    private CpuAffinity() {}

    /** Every CPU of {@link #CORES}, as a taskset list ({@code 0-1}). */
    public static String all() {
        return range(0, CORES - 1);
    }

    /** CPUs {@code first} to {@code last}, as a taskset list. */
    public static String range(int first, int last) {
        return first == last ? Integer.toString(first) : first + "-" + last;
    }

    /**
     * Pins every thread of {@code process} (not its children) to {@code cpus}. taskset gives up
     * when a thread ends while it walks the list, so a busy JVM may take another try.
     */
    public static void pin(ProcessHandle process, String cpus) {
        long pid = process.pid();
        List<String> command = List.of("taskset", "-a", "-p", "-c", cpus, Long.toString(pid));
        String failure = "";
        for (int attempt = 0; attempt < 5; attempt++) {
            try {
                Process p = new ProcessBuilder(command).redirectErrorStream(true).start();
                String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                if (p.waitFor(10, TimeUnit.SECONDS) && p.exitValue() == 0) {
                    return;
                }
                failure = output.lines().filter(l -> l.startsWith("taskset:")).findFirst().orElse(output.strip());
                if (!failure.contains("No such process") || !process.isAlive()) {
                    break;
                }
            } catch (IOException e) {
                throw new IllegalStateException("Cannot run taskset (util-linux) to pin process " + pid + ": "
                        + e.getMessage(), e);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while pinning process " + pid, e);
            }
        }
        throw new IllegalStateException("Cannot pin process " + pid + " to CPUs " + cpus + ": " + failure);
    }
}
