package dev.ldf.deploy.local;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

import dev.ldf.cli.ExitCode;
import dev.ldf.cli.PathingJar;
import dev.ldf.cli.UsageException;

import dev.ldf.server.Main;

/**
 * A fragment server replica in a JVM of its own, started with this JVM's class path on a free
 * loopback port. It counts as started when its readiness endpoint ({@code /-/ready}) answers 200,
 * as a load balancer would see it. Its output goes to a log file.
 */
public final class Replica implements AutoCloseable {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(120);

    private final Process process;
    private final URI uri;

    private Replica(Process process, URI uri) {
        this.process = process;
        this.uri = uri;
    }

    /** Starts a replica serving {@code config} (a configuration file) and waits until it is ready. */
    public static Replica start(Path config, Path log, List<String> jvmArgs) throws IOException {
        return start(config, log, jvmArgs, 0);
    }

    /**
     * Starts a replica on loopback {@code port} (0: any free one) and waits until it is ready. It
     * starts as the README starts the server, through {@code bin/ldf-server} (found from the working
     * directory up) with {@code jvmArgs} as its {@code LDF_SERVER_JAVA_OPTS}, on this JVM's classes;
     * where there is no launcher, with {@code java} and {@code jvmArgs} alone.
     */
    public static Replica start(Path config, Path log, List<String> jvmArgs, int port) throws IOException {
        return start(config, log, jvmArgs, port, START_TIMEOUT);
    }

    /**
     * As {@link #start(Path, Path, List, int)}, waiting up to {@code timeout}: a server that builds
     * the index of a large file on its way up takes minutes.
     */
    public static Replica start(Path config, Path log, List<String> jvmArgs, int port, Duration timeout)
            throws IOException {
        port = port == 0 ? freePort() : port;
        List<String> arguments = List.of("--config", config.toString(), "--host", "127.0.0.1", "--port",
                Integer.toString(port));
        ProcessBuilder builder = new ProcessBuilder();
        Optional<Path> launcher = launcher();
        if (launcher.isPresent()) {
            builder.command().add(launcher.get().toString());
            builder.environment().put("LDF_SERVER_JAR", pathingJar().toString());
            builder.environment().put("LDF_SERVER_JAVA_OPTS", String.join(" ", jvmArgs));
            builder.environment().put("JAVA_HOME", System.getProperty("java.home"));
        } else {
            builder.command().add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
            builder.command().addAll(jvmArgs);
            builder.command().addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName()));
        }
        builder.command().addAll(arguments);
        Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Replica replica = new Replica(process, URI.create("http://127.0.0.1:" + port + "/"));
        try {
            replica.awaitReady(log, timeout);
            return replica;
        } catch (IOException | RuntimeException e) {
            replica.close();
            throw e;
        }
    }

    /** {@code bin/ldf-server} in the working directory or one above it (a module's directory in a build). */
    static Optional<Path> launcher() {
        for (Path dir = Path.of("").toAbsolutePath(), stop = dir.getParent(); dir != null; dir = dir.getParent()) {
            Path script = dir.resolve("bin").resolve("ldf-server");
            if (Files.isExecutable(script)) {
                return Optional.of(script);
            }
            if (dir.equals(stop)) {
                break;
            }
        }
        return Optional.empty();
    }

    private static Path pathingJar;

    /** One jar per JVM that names its class path, which the launcher runs as it runs the built jar. */
    private static synchronized Path pathingJar() throws IOException {
        if (pathingJar == null) {
            Path file = Files.createTempFile("ldf-server-", ".jar");
            file.toFile().deleteOnExit();
            pathingJar = PathingJar.write(file, Main.class);
        }
        return pathingJar;
    }

    private void awaitReady(Path log, Duration timeout) throws IOException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest ready = HttpRequest.newBuilder(uri.resolve("/-/ready")).timeout(Duration.ofSeconds(5)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw exited(process.exitValue(), log);
            }
            try {
                if (client.send(ready, HttpResponse.BodyHandlers.discarding()).statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // Not listening yet: it opens its port once its start-up check has passed.
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for the replica", e);
            }
            try {
                Thread.sleep(50);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException("Interrupted while waiting for the replica", e);
            }
        }
        throw new IllegalStateException("The replica was not ready after " + timeout.toSeconds() + " s; see " + log);
    }

    /**
     * Why the replica stopped, in its own words: its {@code error:} line (it names the file or key
     * at fault). Its exit code 2 means the configuration is wrong, and so is the caller's.
     */
    private static RuntimeException exited(int code, Path log) throws IOException {
        String reason;
        try (Stream<String> lines = Files.lines(log)) {
            reason = lines.filter(l -> l.startsWith("error: ")).reduce((a, b) -> b).map(l -> l.substring(7))
                    .orElse("it exited with " + code);
        }
        String message = "A server replica did not start: " + reason + " (log: " + log + ")";
        return code == ExitCode.USAGE ? new UsageException(message) : new IllegalStateException(message);
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

    /** Stops the replica (SIGTERM: it finishes running requests, closes its datasets and exits with 0). */
    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(30, TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }

    /** A free loopback port. */
    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
