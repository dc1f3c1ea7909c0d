package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

/**
 * A server that is not ours, started as a process of its own on a loopback port: ready once a
 * probe path answers 200; stopped with its whole process tree (workers included).
 */
final class ExternalServer implements Contender.Running {

    private static final Duration START_TIMEOUT = Duration.ofSeconds(180);
    private static final Duration ANSWERING_TIMEOUT = Duration.ofSeconds(20);

    private final Process process;
    private final URI uri;

    private ExternalServer(Process process, URI uri) {
        this.process = process;
        this.uri = uri;
    }

    /** Runs {@code command} (with {@code environment} added) and waits until {@code probe} answers 200. */
    static ExternalServer start(List<String> command, Map<String, String> environment, Path workDir, Path log,
            int port, String probe) throws IOException, InterruptedException {
        ProcessBuilder builder = new ProcessBuilder(command).directory(workDir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().putAll(environment);
        ExternalServer server = new ExternalServer(builder.start(), URI.create("http://127.0.0.1:" + port + "/"));
        try {
            server.awaitReady(probe, log);
            return server;
        } catch (RuntimeException | InterruptedException e) {
            server.close();
            throw e;
        }
    }

    private void awaitReady(String probe, Path log) throws InterruptedException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
        HttpRequest request = HttpRequest.newBuilder(uri.resolve(probe)).timeout(Duration.ofSeconds(10))
                .header("Accept", "*/*").build();  // Server.Java fails without one
        long start = System.nanoTime();
        long deadline = start + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException(processName() + " exited with " + process.exitValue() + "; see " + log);
            }
            try {
                int status = client.send(request, HttpResponse.BodyHandlers.discarding()).statusCode();
                if (status == 200) {
                    return;
                }
                // Listening, but still refusing after a while: a configuration problem, not a slow start.
                if (status != 503 && System.nanoTime() - start > ANSWERING_TIMEOUT.toNanos()) {
                    throw new IllegalStateException(processName() + " answers " + probe + " with " + status + "; see " + log);
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new IllegalStateException(processName() + " did not answer " + probe + " within "
                + START_TIMEOUT.toSeconds() + " s; see " + log);
    }

    private String processName() {
        return process.info().command().map(c -> Path.of(c).getFileName().toString()).orElse("the server");
    }

    @Override
    public URI uri() {
        return uri;
    }

    @Override
    public ProcessHandle process() {
        return process.toHandle();
    }

    /** SIGTERM to the tree, then SIGKILL to what is left after 10 s. */
    @Override
    public void close() {
        List<ProcessHandle> tree = process.descendants().toList();
        process.destroy();
        tree.forEach(ProcessHandle::destroy);
        try {
            process.waitFor(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        process.destroyForcibly();
        tree.stream().filter(ProcessHandle::isAlive).forEach(ProcessHandle::destroyForcibly);
    }
}
