package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.ldf.deploy.local.Executables;

/**
 * The load generator: {@code wrk} (Debian package {@code wrk}) with a script that sends a file of
 * paths round robin. Being C and event-driven, it leaves the server most of the machine, which a
 * load driver on the JVM would not.
 */
public final class Wrk {

    /** What one run measured. */
    public record Result(long requests, Duration duration, long bytes, long errors, long p50Micros, long p95Micros,
            long p99Micros) {

        public double requestsPerSecond() {
            return requests / (duration.toNanos() / 1e9);
        }
    }

    private static final Pattern FIELD = Pattern.compile("(\\w+)=(\\d+)");

    private final String binary;
    private final Path script;
    private final int threads;
    private final int connections;

    private Wrk(String binary, Path script, int threads, int connections) {
        this.binary = binary;
        this.script = script;
        this.threads = threads;
        this.connections = connections;
    }

    /** Finds wrk and writes its script into {@code dir}. */
    public static Wrk prepare(Path dir, int threads, int connections) throws IOException {
        String binary = find();
        Path script = dir.resolve("paths.lua");
        try (InputStream in = Wrk.class.getClassLoader().getResourceAsStream("serverbench/paths.lua")) {
            Files.write(script, in.readAllBytes());
        }
        return new Wrk(binary, script, threads, connections);
    }

    static String find() {
        return Executables.find("wrk", "/usr/bin", "/usr/local/bin")
                .orElseThrow(() -> new IllegalStateException("wrk is not installed (Debian: apt-get install -y wrk)"));
    }

    /** The same driver with one thread and one connection: one client, one request after another. */
    Wrk oneClient() {
        return new Wrk(binary, script, 1, 1);
    }

    /** Sends the paths of {@code paths} to {@code server} for {@code duration}, asking for {@code accept}. */
    public Result run(URI server, Path paths, Duration duration, String accept) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(binary, "-t" + threads, "-c" + connections,
                "-d" + Math.max(1, duration.toSeconds()) + "s", "--timeout", "10s", "-H", "Accept: " + accept,
                "-s", script.toString(), server.toString(), "--", paths.toAbsolutePath().toString()));
        Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        int exit = process.waitFor();
        String summary = output.lines().filter(l -> l.startsWith("LDF-BENCH ")).findFirst()
                .orElseThrow(() -> new IllegalStateException("wrk exited with " + exit + ":\n" + output));
        Map<String, Long> fields = new HashMap<>();
        Matcher m = FIELD.matcher(summary);
        while (m.find()) {
            fields.put(m.group(1), Long.parseLong(m.group(2)));
        }
        long errors = fields.get("status_errors") + fields.get("connect_errors") + fields.get("read_errors")
                + fields.get("write_errors") + fields.get("timeouts");
        return new Result(fields.get("requests"), Duration.ofNanos(fields.get("duration_us") * 1000),
                fields.get("bytes"), errors, fields.get("p50_us"), fields.get("p95_us"), fields.get("p99_us"));
    }
}
