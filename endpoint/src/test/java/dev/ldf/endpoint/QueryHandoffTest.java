package dev.ldf.endpoint;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.source.Federation;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/ldf-query} handing its calls to a running endpoint ({@code LDF_ENDPOINT}): byte for
 * byte what the launcher's own JVM writes, in each format; and wherever the endpoint should not
 * answer (other sources, a mistake, a graph written whole, no endpoint there), the launcher's own
 * JVM answers as before, with its messages and exit codes. The endpoint's metrics say which calls
 * it answered. This module is built after the client's jar.
 */
@Tag("process")
class QueryHandoffTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final String SELECT = "SELECT ?b ?l WHERE { ?b <http://schema.org/inLanguage> ?l } ORDER BY ?b LIMIT 5";

    @TempDir
    static Path cache;
    private static FragmentServer server;
    private static Federation sources;
    private static LocalEndpoint endpoint;
    private static EndpointMetrics metrics;

    private record Result(int code, String out, String err) {}

    @BeforeAll
    static void start() throws Exception {
        String hdt = ROOT.resolve("hdt-data/target/datasets/library.hdt").toString();
        server = FragmentServer.start(ServerConfig.builder().listener("127.0.0.1", 0).datasets(List.of(
                DatasetConfig.builder("library", hdt).build(), DatasetConfig.builder("copy", hdt).build())).build());
        metrics = new EndpointMetrics();
        sources = Federation.connect(List.of(library()), ClientOptions.defaults(), metrics);
        endpoint = LocalEndpoint.start(sources, new EndpointLimits(Duration.ofSeconds(30), 4, 64 * 1024), metrics,
                "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        if (endpoint != null) {
            endpoint.close();
        }
        if (sources != null) {
            sources.close();
        }
        if (server != null) {
            server.close();
        }
    }

    private static String library() {
        return server.uri() + "library";
    }

    private static String base() {
        return endpoint.url().substring(0, endpoint.url().length() - SparqlService.PATH.length());
    }

    @Test
    void aHandedOffCallWritesWhatTheLaunchersOwnJvmWrites() throws Exception {
        Path file = Files.writeString(cache.resolve("query.rq"), SELECT, StandardCharsets.UTF_8);
        List<List<String>> calls = List.of(
                List.of(library(), "-f", file.toString(), "--format", "tsv", "-q"),
                List.of(library(), SELECT),
                List.of("--format", "json", library(), SELECT),
                List.of("--format=tsv", "-q", library(), SELECT),
                List.of("--skolem-iris", "--format", "csv", library(), "SELECT * WHERE { ?s ?p ?o } LIMIT 4"),
                List.of(library(), "ASK { ?b <http://schema.org/inLanguage> \"de\" }"),
                List.of("brtpf@" + library(), "CONSTRUCT WHERE { ?s <http://schema.org/postalCode> ?o } LIMIT 3"));
        for (List<String> call : calls) {
            double before = answered(200);
            Result own = launch(null, call);
            Result handedOff = launch(base(), call);
            assertEquals(0, own.code(), own.err());
            assertEquals(own, handedOff, call.toString());
            assertEquals(before + 1, answered(200), "the endpoint answered " + call);
        }
    }

    @Test
    void whatTheEndpointShouldNotAnswerTheLaunchersOwnJvmDoes() throws Exception {
        List<List<String>> calls = List.of(
                // Another source than the endpoint's.
                List.of(server.uri() + "copy", SELECT),
                // A graph written whole.
                List.of("--format", "jsonld", library(), "CONSTRUCT WHERE { ?s <http://schema.org/postalCode> ?o } LIMIT 3"),
                List.of(library(), "DESCRIBE <http://example.org/library/book/1>"));
        for (List<String> call : calls) {
            double refused = answered(409);
            Result own = launch(null, call);
            assertEquals(0, own.code(), own.err());
            assertEquals(own, launch(base(), call), call.toString());
            assertEquals(refused + 1, answered(409), "the endpoint refused " + call);
        }
        // Mistakes: ldf-query reports them itself, with its exit codes.
        Result mistake = launch(base(), List.of(library(), "SELEC * {}"));
        assertEquals(2, mistake.code());
        assertTrue(mistake.err().startsWith("error: the query is not valid SPARQL"), mistake.err());
        assertEquals(launch(null, List.of(library(), "SELEC * {}")), mistake);
        // Options the launcher does not hand off, and no endpoint there: as before.
        assertEquals(launch(null, List.of("--stats", library(), SELECT)).out(),
                launch(base(), List.of("--stats", library(), SELECT)).out());
        assertEquals(launch(null, List.of(library(), SELECT)), launch("http://127.0.0.1:1", List.of(library(), SELECT)));
    }

    private static double answered(int status) throws IOException {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        metrics.write(text);
        String line = "ldf_endpoint_queries_total{status=\"" + status + "\"} ";
        return text.toString(StandardCharsets.UTF_8).lines().filter(l -> l.startsWith(line))
                .mapToDouble(l -> Double.parseDouble(l.substring(line.length()))).findFirst().orElse(0);
    }

    private static Result launch(String handTo, List<String> args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("bin/ldf-query").toString()));
        command.addAll(args);
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.put("XDG_CACHE_HOME", cache.toString());
        env.remove("LDF_QUERY_JAVA_OPTS");
        env.remove("LDF_ENDPOINT");
        if (handTo != null) {
            env.put("LDF_ENDPOINT", handTo);
        }
        Path out = Files.createTempFile(cache, "out", ".txt");
        Path err = Files.createTempFile(cache, "err", ".txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher finishes");
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }
}
