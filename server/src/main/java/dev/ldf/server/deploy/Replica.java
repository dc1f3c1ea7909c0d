package dev.ldf.server.deploy;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import dev.ldf.server.Main;

/**
 * A fragment server replica in a JVM of its own, started with this JVM's class path. It listens
 * on a free loopback port, which it reports when ready. Its output goes to a log file.
 */
public final class Replica implements AutoCloseable {

    private static final String READY = "Index at ";

    private final Process process;
    private final URI uri;

    private Replica(Process process, URI uri) {
        this.process = process;
        this.uri = uri;
    }

    /** Starts a replica serving {@code config} (a configuration file) and waits until it listens. */
    public static Replica start(Path config, Path log, List<String> jvmArgs) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(jvmArgs);
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--config", config.toString(), "--host", "127.0.0.1", "--port", "0"));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        BufferedReader out = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        PrintWriter logWriter = new PrintWriter(Files.newBufferedWriter(log), true);
        CompletableFuture<URI> ready = new CompletableFuture<>();
        Thread pump = new Thread(() -> {
            try {
                for (String line = out.readLine(); line != null; line = out.readLine()) {
                    logWriter.println(line);
                    if (line.startsWith(READY)) {
                        ready.complete(URI.create(line.substring(READY.length()).split(" ")[0]));
                    }
                }
            } catch (IOException e) {
                // The process has ended.
            } finally {
                logWriter.close();
                ready.completeExceptionally(new IllegalStateException("The replica exited; see " + log));
            }
        }, "replica-log-" + process.pid());
        pump.setDaemon(true);
        pump.start();
        try {
            return new Replica(process, ready.get(60, TimeUnit.SECONDS));
        } catch (Exception e) {
            process.destroyForcibly();
            throw new IllegalStateException("The replica did not start; see " + log, e);
        }
    }

    public URI uri() {
        return uri;
    }

    public long pid() {
        return process.pid();
    }

    /** CPU time the replica's process has used so far. */
    public Duration cpuTime() {
        return process.toHandle().info().totalCpuDuration().orElse(Duration.ZERO);
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Stops the replica (SIGTERM: it finishes running requests and closes its datasets). */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(15, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
