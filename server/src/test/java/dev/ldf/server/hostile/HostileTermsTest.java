package dev.ldf.server.hostile;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, item 1: terms whose value or resolution Jena computes in time quadratic in their
 * length (a million-digit xsd:integer cost 20 s of CPU, 260,000 dot segments 10 s), sent without
 * credentials to every path that reads terms, and with the write token to the writes. Each is a
 * clear 400 that costs the server little CPU: its process's CPU time is measured around each
 * request (not the wall clock, which a loaded machine stretches).
 */
@Tag("process")
class HostileTermsTest {

    private static final String TOKEN = "a-token-for-hostile-terms";
    private static final int MAX_BODY = 4 << 20;
    /** CPU a refused request may cost the server, JIT and collector included; before, each cost 3 to 20 s. */
    private static final Duration MAX_CPU = Duration.ofMillis(1_500);
    private static final String XSD_INTEGER = "<http://www.w3.org/2001/XMLSchema#integer>";

    @TempDir
    Path dir;

    private record Hostile(String what, String path, String contentType, String body, String expected) {}

    @Test
    void longNumbersAndDotSegmentsAreRefusedCheaplyEverywhere() throws Exception {
        String million = "9".repeat(1_040_000);
        String big = "9".repeat(600_000);
        String dots = "/.".repeat(300_000);
        String ups = "../".repeat(200_000);
        List<Hostile> requests = List.of(
                brtpf("a brTPF integer", "?s", million),
                brtpf("a brTPF decimal", "?o", big + ".5"),
                brtpf("a brTPF typed integer", "?o", "\"" + big + "\"^^" + XSD_INTEGER),
                brtpf("a brTPF IRI of dot segments", "?s", "<a:" + dots + ">"),
                brtpf("a brTPF relative IRI of '..' segments", "?s", "<" + ups + ">"),
                new Hostile("a TPF typed object", "/library", "application/x-www-form-urlencoded",
                        Http.form("object", "\"" + big + "\"^^" + XSD_INTEGER), "number of 600,000 characters"),
                sparql("a number in a pattern", "SELECT * WHERE { ?s ?p " + big + " }", "number"),
                sparql("a number in a FILTER", "SELECT * WHERE { ?s ?p ?o FILTER(?o = " + big + ") }", "number"),
                sparql("a typed number", "PREFIX x: <http://www.w3.org/2001/XMLSchema#> SELECT * WHERE { ?s ?p \""
                        + big + "\"^^x:decimal }", "number"),
                sparql("a number in VALUES", "SELECT * WHERE { VALUES ?o { " + big + "e0 } ?s ?p ?o }", "number"),
                sparql("an IRI of dot segments", "SELECT * WHERE { <a:" + dots + "> ?p ?o }", "segments"),
                sparql("a relative IRI of '..' segments", "SELECT * WHERE { <" + ups + "> ?p ?o }", "segments"),
                new Hostile("a patch's integer", "/library/changes", "application/rdf-patch",
                        "A <http://ex.org/s> <http://ex.org/p> " + big + " .\n", "number"),
                new Hostile("a patch's typed decimal", "/library/changes", "application/rdf-patch",
                        "A <http://ex.org/s> <http://ex.org/p> \"" + big
                                + "\"^^<http://www.w3.org/2001/XMLSchema#decimal> .\n", "number"),
                new Hostile("an update's integer", "/library/changes", "application/sparql-update",
                        "INSERT DATA { <http://ex.org/s> <http://ex.org/p> " + big + " }", "number"));

        ServerConfig config = ServerConfig.builder().maxRequestBodyBytes(MAX_BODY)
                .datasets(List.of(DatasetConfig.builder("library", TestData.libraryHdt().toString())
                        .prefixes(Map.of("schema", "http://schema.org/"))
                        .preemption(Preemption.defaults()).writes(new Writes(true, TOKEN, null)).build()))
                .build();
        try (ServerProcess server = ServerProcess.start(config, dir, "-Xmx512m")) {
            // Warm the paths up first, so that the measured CPU is the request's, not class loading.
            for (Hostile h : List.of(brtpf("warm-up", "?s", "1"), sparql("warm-up", "SELECT * WHERE { ?s ?p 1 }", ""))) {
                send(server, h);
            }
            List<String> problems = new ArrayList<>();
            for (Hostile h : requests) {
                Duration before = cpu(server);
                HttpResponse<String> answer = send(server, h);
                Duration spent = cpu(server).minus(before);
                System.out.printf(Locale.ROOT, "%s: %d in %,d ms of server CPU: %s%n", h.what(), answer.statusCode(),
                        spent.toMillis(), firstLine(answer.body()));
                if (answer.statusCode() != 400) {
                    problems.add(h.what() + ": status " + answer.statusCode() + ", expected 400");
                } else if (!answer.body().contains(h.expected())) {
                    problems.add(h.what() + ": the message does not say '" + h.expected() + "': " + firstLine(answer.body()));
                }
                if (answer.body().length() > 1_000) {
                    problems.add(h.what() + ": an error of " + answer.body().length() + " characters");
                }
                if (spent.compareTo(MAX_CPU) > 0) {
                    problems.add(h.what() + ": " + spent.toMillis() + " ms of server CPU, more than " + MAX_CPU.toMillis());
                }
            }
            // IRIs that SPARQL's grammar takes but RFC 3987 does not: Jena warned once for each.
            for (int i = 0; i < 50; i++) {
                send(server, sparql("bad IRIs", "SELECT * WHERE { <http://ex.org/a[" + i + "]> ?p ?o }", ""));
            }
            if (server.log().contains("Bad IRI")) {
                problems.add("the log has a line per bad IRI in a query: " + server.log().lines()
                        .filter(l -> l.contains("Bad IRI")).count());
            }
            assertTrue(problems.isEmpty(), String.join("\n", problems));
            assertEquals(200, Http.get(server.uri() + "library?predicate=schema:author").statusCode());
        }
    }

    private static Hostile brtpf(String what, String variable, String value) {
        return new Hostile(what, "/library", "application/x-www-form-urlencoded",
                Http.form("values", variable + " { " + value + " }"),
                value.startsWith("<") ? "segments" : "number of");
    }

    private static Hostile sparql(String what, String query, String expected) {
        return new Hostile(what, "/library/sparql", "application/sparql-query", query, expected);
    }

    private static HttpResponse<String> send(ServerProcess server, Hostile h) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(server.uri() + h.path().substring(1)))
                .POST(HttpRequest.BodyPublishers.ofString(h.body()));
        return Http.send(request, "Content-Type", h.contentType(), "Authorization", "Bearer " + TOKEN);
    }

    private static Duration cpu(ServerProcess server) {
        return ProcessHandle.of(server.pid()).flatMap(p -> p.info().totalCpuDuration())
                .orElseThrow(() -> new AssertionError("no CPU time for the server's process"));
    }

    private static String firstLine(String body) {
        String line = body.lines().findFirst().orElse("");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
