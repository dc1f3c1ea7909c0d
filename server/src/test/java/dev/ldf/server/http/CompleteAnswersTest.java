package dev.ldf.server.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.exec.http.QueryExecutionHTTP;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 51: the preemptive endpoint as standard SPARQL clients use it. A client that does not ask
 * for continuations (Jena's {@link QueryExecutionHTTP}, a plain JSON parser, Python's standard
 * library) gets every solution of a query that takes many quanta, and a query that outruns its
 * budget is an error to each of them, never a shorter answer.
 */
@Tag("server")
class CompleteAnswersTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** 11,250 solutions: six quanta of at most 2,000. */
    private static final String TWICE = "SELECT * { { ?s ?p ?o } UNION { ?s ?p ?o } }";
    /** 5,625 squared solutions: no budget of a test server is enough. */
    private static final String SQUARE = "SELECT * { ?s ?p ?o . ?t ?q ?r }";
    /** As many rows read, and no solution. */
    private static final String NOTHING = "SELECT * { ?s ?p ?o . ?t ?q ?r FILTER(?o = ?t && ?s = ?r && ?p = ?q) }";

    private static FragmentServer budgeted;
    private static Model model;

    @BeforeAll
    static void start() throws Exception {
        model = RDFDataMgr.loadModel(TestData.libraryTurtle().toString());
        // Quanta of 1 ms within a budget of 100 ms: the square's solutions are far more than the
        // response buffer by the time the budget is spent.
        DatasetConfig library = DatasetConfig.builder("library", TestData.libraryHdt().toString())
                .preemption(new Preemption(true, 1, 2_000, 100)).build();
        budgeted = FragmentServer.start(ServerConfig.of(List.of(library)).toBuilder().listener("127.0.0.1", 0).build());
    }

    @AfterAll
    static void stop() {
        budgeted.close();
    }

    @Test
    void jenasHttpClientGetsEverySolutionInEveryFormat() {
        String endpoint = TestServer.dataset("library") + "/sparql";
        long expected = jenaCount(TWICE);
        assertEquals(11_250, expected);
        for (String accept : List.of("application/sparql-results+json", "application/sparql-results+xml",
                "text/tab-separated-values")) {
            try (QueryExecution execution = QueryExecutionHTTP.service(endpoint).query(TWICE).acceptHeader(accept)
                    .build()) {
                assertEquals(expected, count(execution.execSelect()), accept);
            }
        }
        try (QueryExecution execution = QueryExecutionHTTP.service(endpoint).query(TWICE).build()) {
            assertEquals(expected, count(execution.execSelect()), "Jena's own Accept header");
        }
    }

    @Test
    void whatPeopleTypeFirstLimitAndAsk() throws Exception {
        String endpoint = TestServer.dataset("library") + "/sparql";
        try (QueryExecution execution = QueryExecutionHTTP.service(endpoint)
                .query("SELECT * WHERE { ?s ?p ?o } LIMIT 10").build()) {
            assertEquals(10, count(execution.execSelect()));
        }
        try (QueryExecution execution = QueryExecutionHTTP.service(endpoint)
                .query("SELECT * WHERE { ?s ?p ?o } OFFSET 5600").build()) {
            assertEquals(25, count(execution.execSelect()));
        }
        for (String accept : List.of("application/sparql-results+json", "application/sparql-results+xml")) {
            try (QueryExecution yes = QueryExecutionHTTP.service(endpoint).acceptHeader(accept)
                    .query("ASK { ?b <http://schema.org/author> ?a }").build();
                    QueryExecution no = QueryExecutionHTTP.service(endpoint).acceptHeader(accept)
                            .query("ASK { ?b <http://schema.org/author> \"nobody\" }").build()) {
                assertTrue(yes.execAsk(), accept);
                assertFalse(no.execAsk(), accept);
            }
        }
        // A client that reads continuations: false with a token means not found yet.
        HttpResponse<String> page = Http.get(Http.url(endpoint, "query", "ASK { ?b <http://schema.org/author> ?a }"),
                "Prefer", "continuation");
        JsonNode asked = JSON.readTree(page.body());
        assertTrue(asked.path("boolean").asBoolean(), page.body());
        assertTrue(asked.path("next").isMissingNode(), "found: complete");
    }

    @Test
    void aPlainJsonParserGetsEverySolutionAcrossQuantaWithoutAToken() throws Exception {
        HttpResponse<String> response = Http.get(Http.url(TestServer.dataset("library") + "/sparql", "query", TWICE),
                "Accept", "application/sparql-results+json");
        assertEquals(200, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue(SparqlEndpoint.NEXT_HEADER).isEmpty());
        assertTrue(response.headers().firstValue("Preference-Applied").isEmpty());
        JsonNode answer = JSON.readTree(response.body());
        assertEquals(11_250, answer.path("results").path("bindings").size());
        assertTrue(answer.path("next").isMissingNode(), "no token");
        assertEquals(11_250, answer.path("stats").path("solutions").asLong());
        assertTrue(answer.path("stats").path("quanta").asInt() >= 6, answer.path("stats").toString());
        String csv = Http.get(Http.url(TestServer.dataset("library") + "/sparql", "query", TWICE), "Accept", "text/tab-separated-values")
                .body();
        assertEquals(11_251, csv.lines().count(), "a header and every solution");
    }

    @Test
    void aClientThatAsksForContinuationsGetsOneQuantum() throws Exception {
        HttpResponse<String> response = Http.get(Http.url(TestServer.dataset("library") + "/sparql", "query", TWICE),
                "Accept", "application/sparql-results+json", "Prefer", "respond-async, continuation; x=1");
        assertEquals(200, response.statusCode(), response.body());
        assertEquals("continuation", response.headers().firstValue("Preference-Applied").orElse(""));
        JsonNode page = JSON.readTree(response.body());
        assertTrue(page.path("results").path("bindings").size() <= 2_000);
        assertEquals(page.path("next").asText(), response.headers().firstValue(SparqlEndpoint.NEXT_HEADER).orElseThrow());
        assertEquals(1, page.path("stats").path("quanta").asInt());
    }

    @Test
    void jenaSeesAnAnswerPastItsBudgetAsAnError() {
        String endpoint = budgeted.uri() + "library/sparql";
        for (String accept : List.of("application/sparql-results+json", "application/sparql-results+xml")) {
            try (QueryExecution execution = QueryExecutionHTTP.service(endpoint).query(SQUARE).acceptHeader(accept)
                    .build()) {
                RuntimeException failed = assertThrows(RuntimeException.class, () -> count(execution.execSelect()),
                        accept + ": never a shorter answer");
                assertFalse(failed.getMessage() != null && failed.getMessage().contains("Exception in"), failed.toString());
            }
        }
    }

    @Test
    void anAnswerPastItsBudgetIsCutWithALineThatSaysWhy() throws Exception {
        String url = Http.url(budgeted.uri() + "library/sparql", "query", SQUARE);
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
        HttpResponse<InputStream> response = client.send(HttpRequest.newBuilder(URI.create(url)).build(),
                HttpResponse.BodyHandlers.ofInputStream());
        assertEquals(200, response.statusCode(), "the first solutions went out before the budget was spent");
        try (InputStream body = response.body()) {
            assertThrows(IOException.class, () -> body.transferTo(OutputStream.nullOutputStream()),
                    "the connection is cut, the answer not ended");
        }

        // On the wire: what came, up to the cut (JDK's client drops the last bytes before an error).
        URI uri = URI.create(url);
        ByteArrayOutputStream received = new ByteArrayOutputStream();
        try (Socket socket = new Socket(uri.getHost(), uri.getPort())) {
            socket.getOutputStream().write(("GET " + uri.getRawPath() + "?" + uri.getRawQuery() + " HTTP/1.1\r\nHost: "
                    + uri.getAuthority() + "\r\nAccept: application/sparql-results+json\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            try {
                socket.getInputStream().transferTo(received);
            } catch (IOException reset) {
                // what arrived before is in received
            }
        }
        String wire = received.toString(StandardCharsets.UTF_8);
        assertTrue(wire.startsWith("HTTP/1.1 200"), wire.substring(0, 200));
        assertTrue(wire.contains("\"head\":{\"vars\":[\"s\",\"p\",\"o\",\"t\",\"q\",\"r\"]}"));
        assertFalse(wire.endsWith("\r\n0\r\n\r\n"), "no last chunk: the answer is not ended");
        int line = wire.lastIndexOf("The query ran out of its budget of 100 ms of run time (");
        assertTrue(line > 0, wire.substring(Math.max(0, wire.length() - 500)));
        assertTrue(wire.indexOf("Prefer: continuation", line) > 0);
    }

    @Test
    void aQueryThatFindsNothingWithinItsBudgetIsA503() {
        HttpResponse<String> response = Http.get(Http.url(budgeted.uri() + "library/sparql", "query", NOTHING),
                "Accept", "application/sparql-results+json");
        assertEquals(503, response.statusCode(), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
        assertTrue(response.body().contains("The query ran out of its budget of 100 ms of run time ("), response.body());
        assertTrue(response.body().contains(", 0 solutions) before it was complete"), response.body());
    }

    @Test
    void pythonsStandardLibrarySeesAnAnswerPastItsBudgetAsAnError() throws Exception {
        Path python = RequiredTools.onPath("python3");
        if (python == null) {
            RequiredTools.missing("python3 is not on the PATH");
            return;
        }
        String script = String.join("\n",
                "import json, sys, urllib.request",
                "request = urllib.request.Request(sys.argv[1], headers={'Accept': 'application/sparql-results+json'})",
                "try:",
                "    rows = json.loads(urllib.request.urlopen(request).read())['results']['bindings']",
                "    print('rows', len(rows))",
                "except Exception as e:",
                "    print('error', type(e).__name__)");
        String complete = run(python, script, Http.url(TestServer.dataset("library") + "/sparql", "query", TWICE));
        assertEquals("rows 11250", complete);
        String cut = run(python, script, Http.url(budgeted.uri() + "library/sparql", "query", SQUARE));
        assertTrue(cut.startsWith("error "), cut);
    }

    private static String run(Path python, String script, String url) throws Exception {
        Process process = new ProcessBuilder(python.toString(), "-c", script, url).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "python3 ends");
        return output;
    }

    private static long count(ResultSet results) {
        long n = 0;
        for (; results.hasNext(); results.next()) {
            n++;
        }
        return n;
    }

    private static long jenaCount(String query) {
        try (QueryExecution execution = QueryExecution.create(QueryFactory.create(query), model)) {
            return count(execution.execSelect());
        }
    }
}
