package dev.ldf.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import dev.ldf.server.Main;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.ServerConfig;

/**
 * A real server in a JVM of its own, as an operator starts it: for what only a fresh process
 * shows (class initialisation, signals, exit codes) and for reading its whole log.
 * {@link #close()} kills it if it still runs.
 */
public final class ServerProcess implements AutoCloseable {

    private final Process process;
    private final Path log;
    private final URI uri;

    private ServerProcess(Process process, Path log, URI uri) {
        this.process = process;
        this.log = log;
        this.uri = uri;
    }

    /** Starts a server for {@code config} on a free port, without waiting for it. */
    public static ServerProcess launch(ServerConfig config, Path dir, String... jvmArgs) throws IOException {
        return launch(config, dir, List.of(), jvmArgs);
    }

    /** Starts a server under a limit of {@code files} open files (soft and hard), and waits until it is ready. */
    public static ServerProcess startWithFileLimit(ServerConfig config, Path dir, int files, String... jvmArgs)
            throws IOException {
        ServerProcess server = launch(config, dir, List.of("bash", "-c", "ulimit -n " + files + " && exec \"$@\"", "bash"),
                jvmArgs);
        server.awaitReady(Duration.ofSeconds(60));
        return server;
    }

    private static ServerProcess launch(ServerConfig config, Path dir, List<String> wrapper, String... jvmArgs)
            throws IOException {
        int port = freePort();
        Path configFile = dir.resolve("server-" + port + ".json");
        ConfigFile.write(config.toBuilder().listener("127.0.0.1", port).build(), configFile);
        Path log = dir.resolve("server-" + port + ".log");
        List<String> command = new ArrayList<>(wrapper);
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(List.of(jvmArgs));
        command.addAll(List.of("-cp", System.getProperty("java.class.path"), Main.class.getName(),
                "--config", configFile.toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        // A test JVM that is stopped (a cancelled build) takes its servers with it.
        Runtime.getRuntime().addShutdownHook(new Thread(process::destroyForcibly, "kill-server-" + port));
        return new ServerProcess(process, log, URI.create("http://127.0.0.1:" + port + "/"));
    }

    /** Starts a server and waits until it reports ready. */
    public static ServerProcess start(ServerConfig config, Path dir, String... jvmArgs) throws IOException {
        ServerProcess server = launch(config, dir, jvmArgs);
        server.awaitReady(Duration.ofSeconds(60));
        return server;
    }

    /** Waits until {@code /-/ready} answers 200. */
    public void awaitReady(Duration timeout) {
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(2)).build();
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("The server exited with " + process.exitValue() + ":\n" + log());
            }
            try {
                HttpResponse<Void> r = client.send(HttpRequest.newBuilder(uri.resolve("/-/ready"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (r.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new IllegalStateException(e);
            }
            sleep(20);
        }
        throw new IllegalStateException("The server did not become ready:\n" + log());
    }

    public URI uri() {
        return uri;
    }

    public int port() {
        return uri.getPort();
    }

    public long pid() {
        return process.pid();
    }

    public boolean isAlive() {
        return process.isAlive();
    }

    /** Everything the server printed so far. */
    public String log() {
        try {
            return Files.readString(log, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Sends SIGTERM. */
    public void terminate() {
        process.destroy();
    }

    /** Waits for the process to end and returns its exit code, or -1 if it did not end in time. */
    public int awaitExit(Duration timeout) throws InterruptedException {
        return process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS) ? process.exitValue() : -1;
    }

    @Override
    public void close() {
        process.destroyForcibly();
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    public static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
