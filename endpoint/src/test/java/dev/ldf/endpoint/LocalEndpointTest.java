package dev.ldf.endpoint;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.graph.Triple;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdfconnection.RDFConnection;
import org.apache.jena.riot.WebContent;
import org.apache.jena.sparql.exec.http.QueryExecutionHTTP;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.ldf.cli.page.QueryPage;
import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.Federation;
import dev.ldf.client.testing.FaultyProxy;
import dev.ldf.client.testing.LibraryQueries;
import dev.ldf.client.testing.SplitLibrary;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The endpoint as its users reach it: Jena's HTTP query execution, RDFConnection, our own client
 * with {@code sparql@}, and plain HTTP, over a federation of two of our servers that each hold
 * half of the library (by subject). Every answer is compared with Jena over the whole library.
 */
@Tag("server")
@Tag("slow")
class LocalEndpointTest {

    private static final EndpointLimits LIMITS = new EndpointLimits(Duration.ofSeconds(30), 4, 64 * 1024);
    private static final List<FragmentServer> SERVERS = new ArrayList<>();
    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static Model union;
    private static EndpointMetrics metrics;
    private static Federation federation;
    private static LocalEndpoint endpoint;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        union = SplitLibrary.union();
        List<Triple> triples = union.getGraph().find().toList();
        List<List<Triple>> halves = SplitLibrary.split(triples, 2,
                t -> Math.floorMod(t.getSubject().toString().hashCode(), 2), false);
        for (int part = 0; part < 2; part++) {
            Path hdt = SplitLibrary.hdt(dir, "half" + part, halves.get(part));
            SERVERS.add(FragmentServer.start(ServerConfig.builder().title("Half " + part).listener("127.0.0.1", 0)
                    .datasets(List.of(DatasetConfig.builder("half", hdt.toString()).pageSize(50)
                            .maxBindingsPerRequest(30).build())).build()));
        }
        metrics = new EndpointMetrics();
        federation = Federation.connect(SERVERS.stream().map(s -> s.uri() + "half").toList(), ClientOptions.defaults(),
                metrics);
        endpoint = LocalEndpoint.start(federation, LIMITS, metrics, "127.0.0.1", 0);
    }

    @AfterAll
    static void stop() {
        if (endpoint != null) {
            endpoint.close();
        }
        if (federation != null) {
            federation.close();
        }
        SERVERS.forEach(FragmentServer::close);
    }

    private static Federation connect(List<String> urls) {
        return Federation.connect(urls, ClientOptions.defaults(), new ClientListener() {});
    }

    static List<String> queries() {
        return List.copyOf(LibraryQueries.QUERIES.keySet());
    }

    @ParameterizedTest
    @MethodSource("queries")
    void jenasHttpClientGetsJenasAnswerOverTheWholeLibrary(String name) {
        Query query = QueryFactory.create(LibraryQueries.PREFIXES + LibraryQueries.QUERIES.get(name));
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(union));
             QueryExecution actual = QueryExecutionHTTP.service(endpoint.url()).query(query).build()) {
            LibraryQueries.assertSameAnswer(name, query, expected, actual);
        }
    }

    @Test
    void everyResultsFormatReadsBackAsTheSameRows() {
        Query query = QueryFactory.create(LibraryQueries.PREFIXES + LibraryQueries.QUERIES.get("star"));
        List<String> want;
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(union))) {
            want = LibraryQueries.rows(expected.execSelect(), false);
        }
        for (String type : List.of(WebContent.contentTypeResultsJSON, WebContent.contentTypeResultsXML,
                WebContent.contentTypeTextTSV)) {
            try (QueryExecution actual = QueryExecutionHTTP.service(endpoint.url()).query(query).acceptHeader(type)
                    .build()) {
                assertEquals(want, LibraryQueries.rows(actual.execSelect(), false), type);
            }
        }
        // CSV carries no datatypes: the same number of rows, and the header names the variables.
        HttpResponse<String> csv = get(query.toString(), "text/csv");
        assertEquals(200, csv.statusCode());
        assertEquals("text/csv;charset=utf-8", csv.headers().firstValue("Content-Type").orElseThrow());
        List<String> lines = csv.body().lines().toList();
        assertEquals("b,t,p", lines.get(0));
        assertEquals(want.size(), lines.size() - 1);
    }

    @Test
    void everyGraphFormatReadsBackAsTheSameGraph() {
        Query query = QueryFactory.create(LibraryQueries.PREFIXES + LibraryQueries.QUERIES.get("construct"));
        Model want;
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(union))) {
            want = expected.execConstruct();
        }
        for (String type : List.of(WebContent.contentTypeTurtle, WebContent.contentTypeNTriples,
                WebContent.contentTypeJSONLD, WebContent.contentTypeRDFXML)) {
            try (QueryExecution actual = QueryExecutionHTTP.service(endpoint.url()).query(query).acceptHeader(type)
                    .build()) {
                Model got = actual.execConstruct();
                assertTrue(want.isIsomorphicWith(got), () -> type + ": expected " + want.size() + " triples, got "
                        + got.size());
            }
        }
    }

    @Test
    void rdfConnectionAndOurOwnClientReadIt() {
        Query query = QueryFactory.create(LibraryQueries.PREFIXES + LibraryQueries.QUERIES.get("path"));
        List<String> want;
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(union))) {
            want = LibraryQueries.rows(expected.execSelect(), false);
        }
        try (RDFConnection connection = RDFConnection.queryConnect(endpoint.url());
             QueryExecution actual = connection.query(query)) {
            assertEquals(want, LibraryQueries.rows(actual.execSelect(), false));
        }
        try (Federation ours = connect(List.of("sparql@" + endpoint.url()));
             QueryExecution actual = QueryExecution.create(query, FragmentDataset.of(ours))) {
            assertEquals(want, LibraryQueries.rows(actual.execSelect(), false));
        }
    }

    @Test
    void theProtocolsThreeWaysOfSendingAQuery() throws Exception {
        String query = "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o }";
        String count = "\"" + union.size() + "\"";
        HttpResponse<String> get = get(query, WebContent.contentTypeResultsJSON);
        assertEquals(200, get.statusCode());
        assertTrue(get.body().contains(count), get.body());
        HttpResponse<String> form = post("query=" + encode(query), ProtocolRequest.FORM);
        assertEquals(200, form.statusCode());
        assertTrue(form.body().contains(count), form.body());
        HttpResponse<String> direct = post(query, ProtocolRequest.SPARQL_QUERY);
        assertEquals(200, direct.statusCode());
        assertTrue(direct.body().contains(count), direct.body());
        assertEquals("no-store", direct.headers().firstValue("Cache-Control").orElseThrow());
    }

    @Test
    void mistakesAreClientErrorsInWords() throws Exception {
        assertError(get("SELEC * WHERE { ?s ?p ?o }", null), 400, "does not parse");
        assertError(get("SELECT * FROM <http://example.org/g> WHERE { ?s ?p ?o }", null), 400, "FROM");
        assertError(get("SELECT * WHERE { SERVICE <http://127.0.0.1:1/sparql> { ?s ?p ?o } }", null), 400, "SERVICE");
        assertError(send(HttpRequest.newBuilder(URI.create(endpoint.url() + "?update=" + encode("CLEAR ALL"))).GET()),
                400, "Update");
        assertError(send(HttpRequest.newBuilder(URI.create(endpoint.url() + "?query=" + encode("ASK {}")
                + "&default-graph-uri=" + encode("http://example.org/g"))).GET()), 400, "default-graph-uri");
        assertError(send(HttpRequest.newBuilder(URI.create(endpoint.url())).GET()), 400, "parameter 'query'");
        assertError(post("ASK {}", "text/plain"), 415, "application/sparql-query");
        assertError(post("ASK { " + "?s ?p ?o . ".repeat(10_000) + "}", ProtocolRequest.SPARQL_QUERY), 413, "longer");
        // A browser's GET gets the query page; anything else that takes only HTML gets no answer.
        assertError(send(HttpRequest.newBuilder(URI.create(endpoint.url())).header("Accept", "text/html")
                .header("Content-Type", ProtocolRequest.SPARQL_QUERY).POST(HttpRequest.BodyPublishers.ofString("ASK {}"))),
                406, "application/sparql-results+json");
        assertError(send(HttpRequest.newBuilder(URI.create(endpoint.url())).PUT(HttpRequest.BodyPublishers.noBody())),
                405, "GET or POST");
        assertError(send(HttpRequest.newBuilder(URI.create(endpoint.url().replace("/sparql", "/nothing"))).GET()),
                404, "/sparql");
    }

    @Test
    void browsersMayAskFromAnyOrigin() throws Exception {
        HttpResponse<String> preflight = send(HttpRequest.newBuilder(URI.create(endpoint.url()))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody())
                .header("Origin", "https://yasgui.example").header("Access-Control-Request-Method", "POST")
                .header("Access-Control-Request-Headers", "content-type"));
        assertTrue(preflight.statusCode() / 100 == 2, "preflight: " + preflight.statusCode());
        assertTrue(preflight.headers().firstValue("Access-Control-Allow-Origin").isPresent());
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(endpoint.url() + "?query="
                + encode("ASK {}"))).header("Origin", "https://yasgui.example").GET());
        assertEquals(200, answer.statusCode());
        assertTrue(answer.headers().firstValue("Access-Control-Allow-Origin").isPresent());
        HttpResponse<String> health = send(HttpRequest.newBuilder(URI.create(endpoint.url().replace("/sparql",
                "/-/health"))).GET());
        assertEquals(200, health.statusCode());
    }

    @Test
    void metricsCountQueriesByStatusAndWhatTheSourcesWereAsked() {
        get("ASK { ?s ?p ?o }", null);
        get("SELEC", null);
        HttpResponse<String> scrape = send(HttpRequest.newBuilder(URI.create(endpoint.url().replace("/sparql",
                "/-/metrics"))).GET());
        assertEquals(200, scrape.statusCode());
        String text = scrape.body();
        assertTrue(text.contains("ldf_endpoint_queries_total{status=\"200\"}"), text);
        assertTrue(text.contains("ldf_endpoint_queries_total{status=\"400\"}"), text);
        assertTrue(value(text, "ldf_endpoint_source_requests_total") > 0, text);
        assertEquals(0, value(text, "ldf_endpoint_queries_running"), text);
    }

    @Test
    void aSourceThatGoesDownIsA502ThatNamesIt(@TempDir Path dir) throws Exception {
        Path hdt = SplitLibrary.hdt(dir, "doomed", union.getGraph().find().toList());
        FragmentServer doomed = FragmentServer.start(ServerConfig.builder().listener("127.0.0.1", 0)
                .datasets(List.of(DatasetConfig.builder("doomed", hdt.toString()).build())).build());
        String url = doomed.uri() + "doomed";
        try (Federation sources = connect(List.of(SERVERS.get(0).uri() + "half", url));
             LocalEndpoint local = LocalEndpoint.start(sources, LIMITS, new EndpointMetrics(), "127.0.0.1", 0)) {
            doomed.close();
            HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(local.url() + "?query="
                    + encode(LibraryQueries.PREFIXES + LibraryQueries.QUERIES.get("star")))).GET());
            assertError(answer, 502, url);
        }
    }

    @Test
    void aSlowSourceRunsIntoTheTimeoutCleanlyAndTheNextQueryRuns() throws Exception {
        // The proxy answers the two requests of the connection at once, then holds every request 60 s.
        try (FaultyProxy slow = FaultyProxy.start(SERVERS.get(1).uri().toString(),
                n -> n <= 2 ? FaultyProxy.FORWARD : new FaultyProxy.Action.Stall(60_000));
             Federation sources = connect(List.of(SERVERS.get(0).uri() + "half", slow.url("half")));
             LocalEndpoint local = LocalEndpoint.start(sources,
                     new EndpointLimits(Duration.ofSeconds(1), 4, 64 * 1024), new EndpointMetrics(), "127.0.0.1", 0)) {
            HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(local.url() + "?query="
                    + encode(LibraryQueries.PREFIXES + LibraryQueries.QUERIES.get("star")))).GET());
            assertError(answer, 504, "did not finish within 1 s");
            assertEquals(1, slow.stalled(), "answered while the source still held its request");
            HttpResponse<String> next = send(HttpRequest.newBuilder(URI.create(local.url() + "?query="
                    + encode("ASK {}"))).GET());
            assertEquals(200, next.statusCode(), next.body());
        }
    }

    @Test
    void queriesBeyondTheBoundAreA503WithRetryAfter() throws Exception {
        try (FaultyProxy slow = FaultyProxy.start(SERVERS.get(1).uri().toString(),
                n -> n <= 2 ? FaultyProxy.FORWARD : new FaultyProxy.Action.Stall(60_000));
             Federation sources = connect(List.of(slow.url("half")));
             LocalEndpoint local = LocalEndpoint.start(sources,
                     new EndpointLimits(Duration.ofSeconds(30), 1, 64 * 1024), new EndpointMetrics(), "127.0.0.1", 0)) {
            URI star = URI.create(local.url() + "?query="
                    + encode(LibraryQueries.PREFIXES + LibraryQueries.QUERIES.get("star")));
            CompletableFuture<HttpResponse<String>> running = HTTP.sendAsync(HttpRequest.newBuilder(star).GET().build(),
                    HttpResponse.BodyHandlers.ofString());
            // The first query holds the one place once its first request reached the stalling proxy.
            while (slow.calls() < 3) {
                Thread.onSpinWait();
            }
            HttpResponse<String> refused = send(HttpRequest.newBuilder(star).GET());
            assertError(refused, 503, "1 queries at once");
            assertEquals("1", refused.headers().firstValue("Retry-After").orElseThrow());
            slow.close();
            running.join();
        }
    }

    @Test
    void aFailureAfterTheFirstBytesCutsTheResponse() throws Exception {
        // The first 20 pages go through (1,000 rows: past what the endpoint holds back), then the source dies.
        try (FaultyProxy dying = FaultyProxy.start(SERVERS.get(1).uri().toString(),
                n -> n <= 22 ? FaultyProxy.FORWARD : FaultyProxy.DIE);
             Federation sources = connect(List.of(dying.url("half")));
             LocalEndpoint local = LocalEndpoint.start(sources, LIMITS, new EndpointMetrics(), "127.0.0.1", 0)) {
            HttpRequest request = HttpRequest.newBuilder(URI.create(local.url() + "?query="
                    + encode("SELECT * WHERE { ?s ?p ?o }"))).GET().build();
            assertThrows(IOException.class, () -> HTTP.send(request, HttpResponse.BodyHandlers.ofString()));
        }
    }

    @Test
    void aFormatNamedInTheUrlWinsOverAcceptAndMustSuitTheQuerysForm() {
        String select = "SELECT ?s WHERE { ?s a <" + SplitLibrary.BASE + "Book> }";
        long books = union.listSubjectsWithProperty(org.apache.jena.vocabulary.RDF.type,
                union.createResource(SplitLibrary.BASE + "Book")).toList().size();
        HttpResponse<String> csv = send(HttpRequest.newBuilder(URI.create(endpoint.url() + "?query=" + encode(select)
                + "&format=csv")).header("Accept", "application/sparql-results+json").GET());
        assertEquals(200, csv.statusCode(), csv.body());
        assertEquals("text/csv;charset=utf-8", csv.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(books + 1, csv.body().lines().count());
        String construct = "CONSTRUCT WHERE { ?s a <" + SplitLibrary.BASE + "Book> }";
        HttpResponse<String> triples = send(HttpRequest.newBuilder(URI.create(endpoint.url() + "?query="
                + encode(construct) + "&format=ntriples")).GET());
        assertEquals("application/n-triples;charset=utf-8", triples.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(books, triples.body().lines().count());
        assertError(send(HttpRequest.newBuilder(URI.create(endpoint.url() + "?query=" + encode(select)
                + "&format=turtle")).GET()), 400, "format must be one of json, xml, csv, tsv");
    }

    @Test
    void aBrowserGetsTheQueryPageWhoseOnlyScriptItsPolicyNames() {
        String browser = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
        String root = endpoint.url().substring(0, endpoint.url().length() - SparqlService.PATH.length()) + "/";
        HttpResponse<String> page = send(HttpRequest.newBuilder(URI.create(root)).header("Accept", browser).GET());
        assertEquals(200, page.statusCode(), page.body());
        assertEquals("text/html;charset=utf-8", page.headers().firstValue("Content-Type").orElseThrow());
        assertEquals(QueryPage.POLICY, page.headers().firstValue("Content-Security-Policy").orElseThrow());
        assertTrue(page.body().contains("<form id=\"sparql\" class=\"query\" action=\"/sparql\""), page.body());
        // Two sources: no one source's fragments to link terms to.
        assertTrue(page.body().contains("data-fragments=\"\" data-run=\"false\""), page.body());
        // A query in the URL (the page puts it there) is shown, escaped, and run as the page opens.
        HttpResponse<String> shared = get("ASK { ?s ?p \"<b>\" }", browser);
        assertTrue(shared.body().contains("data-run=\"true\""), shared.body());
        assertTrue(shared.body().contains("ASK { ?s ?p &quot;&lt;b&gt;&quot; }</textarea>"), shared.body());
        // Programs still get what they got: the text at /, answers and errors at /sparql.
        HttpResponse<String> about = send(HttpRequest.newBuilder(URI.create(root)).header("Accept", "*/*").GET());
        assertTrue(about.body().startsWith("A SPARQL 1.1 endpoint at /sparql"), about.body());
        assertEquals("application/sparql-results+json;charset=utf-8", get("ASK {}", "*/*").headers()
                .firstValue("Content-Type").orElseThrow());
    }

    /** The value of an unlabelled metric in Prometheus' text format. */
    private static double value(String text, String metric) {
        return text.lines().filter(l -> l.startsWith(metric + " ")).mapToDouble(l -> Double.parseDouble(
                l.substring(metric.length() + 1).trim())).findFirst().orElseThrow();
    }

    private static void assertError(HttpResponse<String> response, int status, String words) {
        assertEquals(status, response.statusCode(), response.body());
        assertEquals("text/plain;charset=utf-8", response.headers().firstValue("Content-Type").orElseThrow());
        assertTrue(response.body().contains(words), response.body());
        assertTrue(!response.body().contains("\tat "), "no stack trace: " + response.body());
    }

    private static HttpResponse<String> get(String query, String accept) {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(endpoint.url() + "?query=" + encode(query)));
        if (accept != null) {
            request.header("Accept", accept);
        }
        return send(request.GET());
    }

    private static HttpResponse<String> post(String body, String contentType) {
        return send(HttpRequest.newBuilder(URI.create(endpoint.url())).header("Content-Type", contentType)
                .POST(HttpRequest.BodyPublishers.ofString(body)));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return HTTP.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static String encode(String text) {
        return URLEncoder.encode(text, StandardCharsets.UTF_8);
    }

}
