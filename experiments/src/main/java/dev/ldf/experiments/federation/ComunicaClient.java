package dev.ldf.experiments.federation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.PrintStream;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import dev.ldf.experiments.run.Comunica;
import dev.ldf.watdiv.workload.Workload;

/**
 * Comunica ({@link Comunica}) running queries over several sources, each given as {@code brtpf} as its
 * users would name a brTPF source. One Node process answers query after query (a small driver
 * script, {@code federation/comunica-driver.cjs}), so that Node's start-up is not counted; each
 * query gets a new engine and starts cold. A query over its time is stopped by ending the process.
 */
final class ComunicaClient implements AutoCloseable {

    private static final String DRIVER = "ldf-federation-driver.cjs";

    /** What Comunica reported for one query. */
    record Answer(long results, double millis, double firstMillis, String error) {}

    private final Comunica comunica;
    private final List<String> sources;
    private final Path log;
    private final ObjectMapper json = new ObjectMapper();
    private Process process;
    private Writer input;
    private BlockingQueue<String> lines;

    private ComunicaClient(Comunica comunica, List<String> sources, Path log) {
        this.comunica = comunica;
        this.sources = List.copyOf(sources);
        this.log = log;
    }

    /**
     * A client over {@code sources} (dataset URLs offering brTPF), with Node and Comunica installed
     * under {@code rivalsDir} unless they are there already; Comunica's own messages go to {@code log}.
     */
    static ComunicaClient install(Path rivalsDir, List<String> sources, Path log, PrintStream progress)
            throws IOException, InterruptedException {
        Comunica comunica = Comunica.install(rivalsDir, progress);
        try (InputStream in = ComunicaClient.class.getClassLoader().getResourceAsStream("federation/comunica-driver.cjs")) {
            Files.write(comunica.dir().resolve(DRIVER), in.readAllBytes());
        }
        return new ComunicaClient(comunica, sources, log);
    }

    /** Comunica's version as installed, for the summary. */
    String version() throws IOException {
        return comunica.version();
    }

    /** Runs {@code query}; null when it did not finish within {@code timeout} (the process is then ended). */
    Answer run(Workload.Entry query, Duration timeout) throws IOException, InterruptedException {
        if (process == null || !process.isAlive()) {
            start();
        }
        input.write(json.createObjectNode().put("name", query.name()).put("query", query.sparql()).toString() + "\n");
        input.flush();
        String line = lines.poll(timeout.toMillis(), TimeUnit.MILLISECONDS);
        if (line == null) {
            stop();
            return null;
        }
        if (line.isEmpty()) {
            throw new IOException("Comunica exited (exit " + process.waitFor() + "); see " + log);
        }
        JsonNode answer = json.readTree(line);
        return new Answer(answer.path("results").asLong(), answer.path("ms").asDouble(),
                answer.path("firstMs").asDouble(), answer.path("error").asText(""));
    }

    private void start() throws IOException {
        ArrayNode list = json.createArrayNode();
        sources.forEach(url -> list.addObject().put("type", "brtpf").put("value", url));
        process = new ProcessBuilder(comunica.node().toString(), DRIVER, list.toString()).directory(comunica.dir().toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        input = new OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
        BlockingQueue<String> queue = new ArrayBlockingQueue<>(16);
        lines = queue;
        BufferedReader output = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        Thread reader = new Thread(() -> {
            try {
                for (String line = output.readLine(); line != null; line = output.readLine()) {
                    queue.put(line);
                }
            } catch (IOException | InterruptedException e) {
                // The process was ended.
            }
            queue.offer(""); // end of output
        }, "comunica-output");
        reader.setDaemon(true);
        reader.start();
    }

    private void stop() throws InterruptedException {
        if (process != null) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            process.waitFor(10, TimeUnit.SECONDS);
            process = null;
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
