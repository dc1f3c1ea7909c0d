package dev.ldf.server;

import java.io.IOException;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ParsedPage;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 18: a freshly started server that received several different first requests at once hung
 * for good (request threads deadlocked in the class initialisation of Jena and of the writers).
 * Twenty fresh server processes each get a burst of mixed first requests the moment their port
 * opens; every answer must come, and be right.
 */
@Tag("process")
class StartupBurstTest {

    private static final int STARTS = 20;
    private static final String SCHEMA = "http://schema.org/";

    @TempDir
    Path dir;

    /** One request of the burst and what its answer must be. */
    private record Probe(String name, HttpRequest.Builder request, int status, Lang lang, TriplePattern pattern) {}

    @Test
    void everyFirstRequestOfAFreshServerIsAnsweredRightly() throws Exception {
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.builder("library", TestData.libraryHdt().toString())
                .title("Library").pageSize(100).build()));
        HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                .connectTimeout(Duration.ofSeconds(10)).build();
        for (int start = 1; start <= STARTS; start++) {
            try (ServerProcess server = ServerProcess.launch(config, dir, "-Xmx256m")) {
                awaitPort(server);
                List<Probe> probes = probes(server.uri());
                List<CompletableFuture<HttpResponse<String>>> answers = new ArrayList<>();
                for (Probe probe : probes) {
                    answers.add(client.sendAsync(probe.request().timeout(Duration.ofSeconds(20)).build(),
                            HttpResponse.BodyHandlers.ofString()));
                }
                for (int i = 0; i < probes.size(); i++) {
                    check(start, probes.get(i), answers.get(i), server);
                }
                server.terminate();
                assertEquals(0, server.awaitExit(Duration.ofSeconds(20)), () -> "start " + " did not stop cleanly:\n"
                        + server.log());
                assertTrue(!server.log().contains("Exception"), server::log);
            }
        }
    }

    private static List<Probe> probes(URI base) {
        String library = base + "library";
        TriplePattern german = new TriplePattern(Node.ANY, Node.ANY, NodeFactory.createLiteralLang("Germany", "en"));
        TriplePattern year = new TriplePattern(Node.ANY, Node.ANY,
                NodeFactory.createLiteralDT("1998", XSDDatatype.XSDgYear));
        TriplePattern authors = new TriplePattern(Node.ANY, NodeFactory.createURI(SCHEMA + "author"), Node.ANY);
        String germanUrl = Http.url(library, "object", "\"Germany\"@en");
        String yearUrl = Http.url(library, "object", "\"1998\"^^http://www.w3.org/2001/XMLSchema#gYear");
        String authorUrl = Http.url(library, "predicate", SCHEMA + "author");
        String values = "(?s) { (<http://example.org/library/country/DE>) (<http://example.org/library/country/AT>) }";
        List<Probe> probes = new ArrayList<>(List.of(
                get("literal, N-Triples", germanUrl, "application/n-triples", 200, Lang.NTRIPLES, german),
                get("typed literal, Turtle", yearUrl, "text/turtle", 200, Lang.TURTLE, year),
                get("TriG", authorUrl, "application/trig", 200, Lang.TRIG, authors),
                get("N-Quads", authorUrl, "application/n-quads", 200, Lang.NQUADS, authors),
                get("JSON-LD", authorUrl, "application/ld+json", 200, Lang.JSONLD, authors),
                get("RDF/XML", authorUrl, "application/rdf+xml", 200, Lang.RDFXML, authors),
                get("HTML page", authorUrl, "text/html", 200, null, authors),
                get("second page", library + "?page=2", "application/n-quads", 200, Lang.NQUADS, TriplePattern.ALL),
                get("invalid term", library + "?subject=%3Cnot-an-iri", "application/n-quads", 400, null, null),
                get("invalid literal, HTML", library + "?object=%22open", "text/html", 400, null, null),
                get("brTPF GET", Http.url(library, "subject", "?s", "values", values), "application/n-quads", 200,
                        null, null),
                get("index, HTML", base.toString(), "text/html", 200, null, null),
                get("index, Turtle", base.toString(), "text/turtle", 200, Lang.TURTLE, null),
                get("unknown dataset", base + "nothing", "text/turtle", 404, null, null),
                get("no acceptable format", library, "image/png", 406, null, null)));
        probes.add(new Probe("brTPF POST", HttpRequest.newBuilder(URI.create(library))
                .header("Accept", "application/n-triples")
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(Http.form("subject", "?s", "values", values))),
                200, null, null));
        return probes;
    }

    private static Probe get(String name, String url, String accept, int status, Lang lang, TriplePattern pattern) {
        return new Probe(name, HttpRequest.newBuilder(URI.create(url)).header("Accept", accept).GET(), status, lang,
                pattern);
    }

    private static void check(int start, Probe probe, CompletableFuture<HttpResponse<String>> answer,
            ServerProcess server) throws InterruptedException {
        HttpResponse<String> response;
        try {
            response = answer.get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | TimeoutException e) {
            fail("start " + start + ": '" + probe.name() + "' got no answer (" + e + "); server log:\n" + server.log());
            return;
        }
        String what = "start " + start + ", " + probe.name();
        assertEquals(probe.status(), response.statusCode(), () -> what + ": " + response.body());
        if (probe.name().contains("brTPF")) {
            assertTrue(response.body().contains("<http://example.org/library/country/DE>"), what);
            assertTrue(response.body().contains("<http://example.org/library/country/AT>"), what);
        }
        if (probe.name().equals("HTML page")) {
            int authors = TestData.expected(probe.pattern()).size();
            assertTrue(response.body().contains(String.format(Locale.ROOT, "%,d triples match", authors)), what);
        }
        if (probe.lang() != null && probe.pattern() != null) {
            ParsedPage page = ParsedPage.parse(response.uri().toString(), response.body(), probe.lang());
            List<Triple> expected = TestData.expected(probe.pattern());
            assertEquals(expected.size(), page.count(), what);
            assertTrue(page.data().stream().allMatch(t -> expected.contains(t) || t.getSubject().isURI()
                    && t.getSubject().getURI().contains("/.well-known/genid/")), what);
            assertTrue(!page.data().isEmpty(), what);
        } else if (probe.lang() != null) {
            ParsedPage.parse(response.uri().toString(), response.body(), probe.lang());
        }
    }

    /**
     * Waits until the port takes connections: the burst must come at the first possible moment. A
     * connection whose local port is the server's own is Linux's TCP self-connect (the port is in
     * the ephemeral range and nobody listens on it yet), not the server.
     */
    private static void awaitPort(ServerProcess server) throws InterruptedException {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(60);
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket("127.0.0.1", server.port())) {
                if (socket.getLocalPort() != server.port()) {
                    return;
                }
            } catch (IOException e) {
                if (!server.isAlive()) {
                    fail("The server exited:\n" + server.log());
                }
                Thread.sleep(5);
            }
        }
        fail("The server did not open its port:\n" + server.log());
    }
}
