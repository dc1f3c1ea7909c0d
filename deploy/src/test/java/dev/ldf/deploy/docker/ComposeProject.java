package dev.ldf.deploy.docker;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Assumptions;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.server.testing.Http;

/**
 * One docker-compose project of the repository's compose files, under a name of its own so that
 * tests never touch a deployment of the machine's: its images built from the jar Maven made, its
 * cache on a free loopback port, and everything it made removed by {@link #close}.
 */
final class ComposeProject implements AutoCloseable {

    static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    /** The image {@code docker/base-image.sh} makes from Debian's packages, used where it exists. */
    static final String LOCAL_BASE_IMAGE = "ldf-debian:bookworm";
    private static final Duration COMMAND_TIMEOUT = Duration.ofMinutes(10);

    private final String name;
    private final List<String> files;
    private final Map<String, String> environment = new HashMap<>();
    private final int port;

    ComposeProject(String name, Map<String, String> settings, String... files) throws IOException {
        this.name = name + "-" + ProcessHandle.current().pid();
        this.files = List.of(files);
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        environment.put("LDF_PORT", "127.0.0.1:" + port);
        environment.put("LDF_BASE_IMAGE", baseImage());
        environment.putAll(settings);
    }

    /**
     * Skips the calling test where Docker cannot run or {@code -Dldf.skipContainers} is given (a
     * developer's quick build); without a Docker engine under {@code LDF_REQUIRE_TOOLS=1} it fails.
     */
    static void requireDocker() {
        if (Boolean.getBoolean("ldf.skipContainers")) {
            Assumptions.abort("-Dldf.skipContainers: skipped");
        }
        String problem = null;
        try {
            if (run(List.of("docker-compose", "version"), Map.of(), Duration.ofSeconds(30)).exit() != 0) {
                problem = "docker-compose does not run";
            } else if (run(List.of("docker", "info"), Map.of(), Duration.ofSeconds(30)).exit() != 0) {
                problem = "no Docker engine answers (start dockerd)";
            }
        } catch (IOException e) {
            problem = "docker or docker-compose is not installed (apt-get install -y docker.io docker-compose)";
        }
        if (problem != null) {
            RequiredTools.missing(problem);
        }
    }

    /** The local base image where it was made; otherwise LDF_BASE_IMAGE or the Dockerfiles' default (from a registry). */
    static String baseImage() {
        try {
            if (run(List.of("docker", "image", "inspect", LOCAL_BASE_IMAGE), Map.of(), Duration.ofSeconds(30)).exit() == 0) {
                return LOCAL_BASE_IMAGE;
            }
        } catch (IOException e) {
            // no docker: requireDocker said so
        }
        return System.getenv().getOrDefault("LDF_BASE_IMAGE", "debian:bookworm-slim");
    }

    /** The cache's address on the host. */
    String cache() {
        return "http://127.0.0.1:" + port + "/";
    }

    /** Runs {@code docker-compose <arguments>} on this project and returns its output; fails on a non-zero exit. */
    String compose(String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("docker-compose", "-p", name));
        for (String file : files) {
            command.add("-f");
            command.add(ROOT.resolve(file).toString());
        }
        command.addAll(Arrays.asList(arguments));
        Result result = run(command, environment, COMMAND_TIMEOUT);
        if (result.exit() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited with " + result.exit() + ":\n" + result.output());
        }
        return result.output();
    }

    /** Runs {@code docker <arguments>}; fails on a non-zero exit. */
    static String docker(String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(Arrays.asList(arguments));
        Result result = run(command, Map.of(), COMMAND_TIMEOUT);
        if (result.exit() != 0) {
            throw new AssertionError(String.join(" ", command) + " exited with " + result.exit() + ":\n" + result.output());
        }
        return result.output().strip();
    }

    /** The container ids of a service, in the order docker-compose numbers them. */
    List<String> containers(String service) throws IOException {
        List<String> ids = new ArrayList<>();
        for (String line : compose("ps", "-q", service).split("\n")) {
            if (!line.isBlank()) {
                ids.add(line.strip());
            }
        }
        ids.sort((a, b) -> Integer.compare(number(a), number(b)));
        return ids;
    }

    private static int number(String container) {
        try {
            return Integer.parseInt(docker("inspect", "-f", "{{index .Config.Labels \"com.docker.compose.container-number\"}}",
                    container));
        } catch (IOException | NumberFormatException e) {
            return Integer.MAX_VALUE;
        }
    }

    /** Where a container answers on the host: its address on the project's network. */
    static String address(String container) throws IOException {
        return "http://" + docker("inspect", "-f", "{{range .NetworkSettings.Networks}}{{.IPAddress}}{{end}}", container)
                + ":8080/";
    }

    static String health(String container) throws IOException {
        return docker("inspect", "-f", "{{.State.Health.Status}}", container);
    }

    /** Waits until every container of {@code service} reports healthy. */
    void awaitHealthy(String service, Duration timeout) throws IOException, InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        List<String> ids = containers(service);
        while (true) {
            List<String> states = new ArrayList<>();
            for (String id : ids) {
                states.add(health(id));
            }
            if (!ids.isEmpty() && states.stream().allMatch("healthy"::equals)) {
                return;
            }
            if (System.nanoTime() > end) {
                throw new AssertionError(service + " not healthy within " + timeout.toSeconds() + " s: " + states + "\n"
                        + compose("logs", "--tail", "40", service));
            }
            Thread.sleep(250);
        }
    }

    /** Waits until the cache answers its index page. */
    void awaitCache(Duration timeout) throws IOException, InterruptedException {
        long end = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < end) {
            try {
                if (Http.get(cache()).statusCode() == 200) {
                    return;
                }
            } catch (RuntimeException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new AssertionError("the cache did not answer within " + timeout.toSeconds() + " s:\n" + compose("logs", "--tail", "60"));
    }

    /** Whatever of this project is still there: containers, volumes and networks, one per line. */
    String leftovers() throws IOException {
        String label = "label=com.docker.compose.project=" + name;
        return (docker("ps", "-a", "-q", "--filter", label) + "\n" + docker("volume", "ls", "-q", "--filter", label) + "\n"
                + docker("network", "ls", "-q", "--filter", label)).strip();
    }

    /** A configuration file the containers can read (the server runs as its own user). */
    static Path readable(Path file) throws IOException {
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString("rw-r--r--"));
        return file;
    }

    static String cacheStatus(HttpResponse<?> response) {
        return response.headers().firstValue("X-Cache-Status").orElse("");
    }

    @Override
    public void close() throws IOException {
        compose("down", "-v", "--remove-orphans", "--timeout", "20");
    }

    record Result(int exit, String output) {}

    private static Result run(List<String> command, Map<String, String> environment, Duration timeout) throws IOException {
        ProcessBuilder builder = new ProcessBuilder(command).redirectErrorStream(true);
        builder.environment().putAll(environment);
        Path output = Files.createTempFile("compose", ".log");
        try {
            Process process = builder.redirectOutput(output.toFile()).start();
            if (!process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly();
                throw new AssertionError(String.join(" ", command) + " did not end within " + timeout.toSeconds() + " s");
            }
            return new Result(process.exitValue(), Files.readString(output, StandardCharsets.UTF_8));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        } finally {
            Files.deleteIfExists(output);
        }
    }
}
