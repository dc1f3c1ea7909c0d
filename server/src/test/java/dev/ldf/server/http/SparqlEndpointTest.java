package dev.ldf.server.http;

import java.io.ByteArrayInputStream;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.config.Tokens;
import dev.ldf.server.preemption.InvalidTokenException;
import dev.ldf.server.preemption.TokenSigner;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The preemptive endpoint over HTTP: the protocol, the formats, the tokens, and every refusal. */
@Tag("server")
class SparqlEndpointTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String PREFIXES = "PREFIX schema: <http://schema.org/> PREFIX lib: <http://example.org/library/> ";
    private static final String ALL = "SELECT * { ?s ?p ?o }";
    private static final String BOOKS = PREFIXES + "SELECT ?book ?name ?author { ?book schema:author ?author ; "
            + "schema:name ?name . ?author schema:name ?authorName FILTER(STRLEN(?authorName) > 3) }";

    private static Model model;

    @BeforeAll
    static void data() {
        model = RDFDataMgr.loadModel(TestData.libraryTurtle().toString());
    }

    @Test
    void followingNextGivesJenasResults() throws Exception {
        for (String query : List.of(ALL, BOOKS)) {
            List<String> results = new ArrayList<>();
            String next = null;
            int requests = 0;
            do {
                HttpResponse<String> response = Http.get(sparql("library", query, next),
                        "Accept", "application/sparql-results+json", "Prefer", "continuation");
                assertEquals(200, response.statusCode(), response.body());
                assertEquals("no-store", response.headers().firstValue("Cache-Control").orElse(""));
                assertEquals("continuation", response.headers().firstValue("Preference-Applied").orElse(""));
                JsonNode page = JSON.readTree(response.body());
                for (JsonNode binding : page.path("results").path("bindings")) {
                    results.add(key(binding));
                }
                next = page.path("next").isTextual() ? page.path("next").asText() : null;
                assertEquals(next, response.headers().firstValue(SparqlEndpoint.NEXT_HEADER).orElse(null));
                assertTrue(page.path("stats").path("solutions").asLong() <= 2000);
                requests++;
            } while (next != null);
            List<String> expected = jena(query);
            assertEquals(expected.size(), results.size(), query);
            if (query.equals(BOOKS)) {
                assertEquals(sorted(expected), sorted(results));
            }
            if (query.equals(ALL)) {
                assertTrue(requests >= 3, "5,625 triples need three pages of at most 2,000");
            }
        }
    }

    @Test
    void writesEveryResultsFormat() throws Exception {
        String url = sparql("library", ALL, null);
        HttpResponse<String> xml = Http.get(url, "Accept", "application/sparql-results+xml", "Prefer", "continuation");
        assertEquals("application/sparql-results+xml;charset=utf-8", xml.headers().firstValue("Content-Type").orElse(""));
        ResultSet parsed = ResultSetMgr.read(new ByteArrayInputStream(xml.body().getBytes(StandardCharsets.UTF_8)),
                ResultSetLang.RS_XML);
        int rows = 0;
        for (; parsed.hasNext(); parsed.next()) {
            rows++;
        }
        // How many rows one quantum gives depends on the machine's load: at most maxResults, and more to come.
        assertTrue(rows > 0 && rows <= 2000, rows + " rows");
        assertTrue(xml.headers().firstValue(SparqlEndpoint.NEXT_HEADER).isPresent());
        assertTrue(Http.get(url, "Accept", "text/csv").body().startsWith("s,p,o\r\n"));
        assertTrue(Http.get(url, "Accept", "text/tab-separated-values").body().startsWith("?s\t?p\t?o\n"));
        HttpResponse<String> json = Http.get(url, "Accept", "application/json");
        ResultSet fromJson = ResultSetMgr.read(new ByteArrayInputStream(json.body().getBytes(StandardCharsets.UTF_8)),
                ResultSetLang.RS_JSON);
        assertEquals(List.of("s", "p", "o"), fromJson.getResultVars(), "Jena reads our JSON, next and stats included");
        String timing = json.headers().firstValue("Server-Timing").orElse("");
        for (String metric : List.of("parse", "wait", "resume", "run", "suspend")) {
            assertTrue(timing.contains(metric + ";dur="), metric + " in " + timing);
        }
    }

    @Test
    void theBrowsersPagesLinkTheEndpoint() throws Exception {
        String endpoint = TestServer.dataset("library") + "/sparql";
        for (String page : List.of(TestServer.uri().toString(), TestServer.dataset("library"))) {
            String html = Http.get(page, "Accept", "text/html").body();
            assertTrue(html.contains("<a href=\"" + endpoint + "\">"), page + " links " + endpoint);
        }
    }

    @Test
    void acceptsTheProtocolsPostForms() throws Exception {
        String endpoint = TestServer.dataset("library") + "/sparql";
        HttpResponse<String> direct = Http.send(HttpRequest.newBuilder(URI.create(endpoint))
                .POST(HttpRequest.BodyPublishers.ofString(BOOKS)), "Content-Type", "application/sparql-query",
                "Accept", "application/sparql-results+json");
        assertEquals(200, direct.statusCode(), direct.body());
        HttpResponse<String> form = Http.post(endpoint, Http.form("query", BOOKS));
        assertEquals(200, form.statusCode(), form.body());
        assertEquals(JSON.readTree(direct.body()).path("results"), JSON.readTree(form.body()).path("results"));
        String next = JSON.readTree(Http.get(sparql("library", ALL, null), "Prefer", "continuation").body())
                .path("next").asText();
        HttpResponse<String> resumed = Http.post(endpoint, Http.form("query", ALL, "next", next));
        assertEquals(200, resumed.statusCode(), resumed.body());
    }

    @Test
    void refusesWhatItCannotRunWithAMessage() {
        assertRefused(400, "MINUS", Http.get(sparql("library", PREFIXES + "SELECT * { ?s schema:name ?n MINUS { ?s schema:author ?a } }", null)));
        assertRefused(400, "not SPARQL", Http.get(sparql("library", "SELECT * { ?s ", null)));
        assertRefused(400, "query", Http.get(TestServer.dataset("library") + "/sparql"));
        assertRefused(406, "application/sparql-results+json", Http.get(sparql("library", ALL, null), "Accept", "image/png"));
        assertRefused(405, "GET, POST", Http.send(HttpRequest.newBuilder(URI.create(sparql("library", ALL, null)))
                .PUT(HttpRequest.BodyPublishers.ofString("x"))));
        assertRefused(415, "application/sparql-query", Http.send(HttpRequest.newBuilder(
                URI.create(TestServer.dataset("library") + "/sparql")).POST(HttpRequest.BodyPublishers.ofString(ALL)),
                "Content-Type", "text/plain"));
        assertEquals(404, Http.get(TestServer.dataset("nothere") + "/sparql").statusCode());
    }

    @Test
    void refusesTokensItDidNotIssueForThisQueryAndDataset() throws Exception {
        String next = JSON.readTree(Http.get(sparql("library", ALL, null), "Prefer", "continuation").body())
                .path("next").asText();
        assertFalse(next.isEmpty());
        char flipped = next.charAt(next.length() / 2) == 'A' ? 'B' : 'A';
        String edited = next.substring(0, next.length() / 2) + flipped + next.substring(next.length() / 2 + 1);
        assertRefused(400, "changed", Http.get(sparql("library", ALL, edited)));
        assertRefused(400, "changed", Http.get(sparql("library", ALL + " ", next)));
        assertRefused(400, "changed", Http.get(sparql("loaded", ALL, next)));
        assertRefused(400, "base64url", Http.get(sparql("library", ALL, "not a token!")));
        assertRefused(400, "issued", Http.get(sparql("library", ALL, "AAAA")));
    }

    @Test
    void theDatasetDescribesItsEndpoint() {
        String turtle = Http.get(TestServer.dataset("library"), "Accept", "text/turtle").body();
        assertTrue(turtle.contains("sparqlEndpoint") && turtle.contains("/library/sparql"), turtle);
    }

    private static void assertRefused(int status, String message, HttpResponse<String> response) {
        assertEquals(status, response.statusCode(), response.body());
        assertTrue(response.body().contains(message), response.body());
        assertFalse(response.body().contains("Exception"), response.body());
        assertTrue(response.headers().firstValue("Content-Type").orElse("").startsWith("text/plain"));
    }

    private static String sparql(String dataset, String query, String next) {
        return next == null ? Http.url(TestServer.dataset(dataset) + "/sparql", "query", query)
                : Http.url(TestServer.dataset(dataset) + "/sparql", "query", query, "next", next);
    }

    private static List<String> jena(String query) {
        List<String> results = new ArrayList<>();
        try (QueryExecution execution = QueryExecution.create(QueryFactory.create(query), model)) {
            ResultSet rs = execution.execSelect();
            while (rs.hasNext()) {
                Binding b = rs.nextBinding();
                StringBuilder key = new StringBuilder();
                rs.getResultVars().stream().sorted().forEach(v -> {
                    Node n = b.get(Var.alloc(v));
                    if (n != null) {
                        key.append(v).append('=').append(n.isURI() ? "uri " + n.getURI() : n.isBlank() ? "bnode"
                                : "literal " + n.getLiteralLexicalForm() + " " + n.getLiteralLanguage() + " "
                                        + (n.getLiteralLanguage().isEmpty() && !n.getLiteralDatatypeURI().endsWith("#string")
                                                ? n.getLiteralDatatypeURI() : "")).append(';');
                    }
                });
                results.add(key.toString());
            }
        }
        assertNotNull(results);
        return results;
    }

    /** A binding in a form that Jena's nodes give too; blank nodes only by kind (labels differ). */
    private static String key(JsonNode binding) {
        StringBuilder key = new StringBuilder();
        List<String> vars = new ArrayList<>();
        binding.fieldNames().forEachRemaining(vars::add);
        vars.stream().sorted().forEach(v -> {
            JsonNode term = binding.path(v);
            String type = term.path("type").asText();
            key.append(v).append('=').append(type.equals("uri") ? "uri " + term.path("value").asText()
                    : type.equals("bnode") ? "bnode" : "literal " + term.path("value").asText() + " "
                            + term.path("xml:lang").asText("") + " " + term.path("datatype").asText("")).append(';');
        });
        return key.toString();
    }

    private static List<String> sorted(List<String> list) {
        List<String> copy = new ArrayList<>(list);
        copy.sort(null);
        return copy;
    }

    /** Issue 32: without configured keys, a token from before a restart names the missing key, not tampering. */
    @Test
    void aTokenFromBeforeARestartIsToldItsKeyIsGone() {
        var binding = TokenSigner.Binding.of("library", "SELECT * WHERE { ?s ?p ?o }");
        String token = SparqlEndpoint.signer(Tokens.defaults())
                .sign(binding, new TokenSigner.Resumption(1, 0, new byte[] {1, 2, 3}));
        var restarted = SparqlEndpoint.signer(Tokens.defaults());
        var refused = Assertions.assertThrows(
                InvalidTokenException.class, () -> restarted.verify(binding, token));
        assertTrue(refused.getMessage().contains("signed with a key this server does not have (the server restarted"),
                refused.getMessage());
    }
}
