package dev.ldf.server.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ParsedPage;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Caching, compression, CORS and proxy behaviour of real responses. */
@Tag("server")
class HttpBehaviourTest {

    private static final String PAGE = Http.url(TestServer.dataset("library"), "predicate", "http://schema.org/name");

    @Test
    void successfulResponsesAreCacheableAndVaryByAccept() {
        HttpResponse<String> response = Http.get(PAGE, "Accept", "application/n-quads");
        assertEquals("public, max-age=600", response.headers().firstValue("Cache-Control").orElseThrow());
        assertTrue(response.headers().allValues("Vary").stream().anyMatch(v -> v.contains("Accept")));
        assertTrue(response.headers().firstValue("ETag").orElseThrow().startsWith("\""));
    }

    /**
     * HTTP/2 over cleartext on the same port when configured, by upgrade from HTTP/1.1 as Java's
     * client asks for it; without the setting the server stays on HTTP/1.1, which that client then keeps.
     */
    @Test
    void http2OverCleartextWhenConfiguredGivesTheSameAnswers() throws Exception {
        HttpClient h2 = HttpClient.newBuilder().version(HttpClient.Version.HTTP_2).build();
        String hdt = TestData.libraryHdt().toString();
        ServerConfig config = ServerConfig.of(List.of(
                DatasetConfig.builder("library", hdt).pageSize(100).build()))
                .toBuilder().listener("127.0.0.1", 0).build();
        for (boolean on : new boolean[] {true, false}) {
            try (FragmentServer server = FragmentServer.start(config.toBuilder().http2(on).build())) {
                String page = server.uri().resolve("/library?predicate=http%3A%2F%2Fschema.org%2Fname").toString();
                HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(page))
                        .header("Accept", "application/n-quads");
                HttpResponse<String> first = h2.send(request.build(), HttpResponse.BodyHandlers.ofString());
                HttpResponse<String> second = h2.send(request.build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(on ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1,
                        second.version(), on ? "upgraded to h2c" : "no upgrade unless configured");
                assertEquals(200, second.statusCode());
                assertEquals(Http.get(page, "Accept", "application/n-quads").body(), second.body());
                assertEquals(first.body(), second.body());
                HttpResponse<String> bad = h2.send(HttpRequest.newBuilder(URI.create(page
                        + "&subject=bad%20iri")).build(), HttpResponse.BodyHandlers.ofString());
                assertEquals(400, bad.statusCode());
            }
        }
    }

    @Test
    void conditionalGetAnswers304ForTheSameRepresentationOnly() {
        String etag = Http.get(PAGE, "Accept", "application/n-quads").headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> again = Http.get(PAGE, "Accept", "application/n-quads", "If-None-Match", etag);
        assertEquals(304, again.statusCode());
        assertEquals("", again.body());
        assertEquals(etag, again.headers().firstValue("ETag").orElseThrow());
        assertTrue(again.headers().firstValue("Cache-Control").isPresent());
        String turtleTag = Http.get(PAGE, "Accept", "text/turtle").headers().firstValue("ETag").orElseThrow();
        assertNotEquals(etag, turtleTag, "each representation has its own tag");
        assertEquals(200, Http.get(PAGE, "Accept", "text/turtle", "If-None-Match", etag).statusCode());
        assertEquals(304, Http.get(PAGE, "Accept", "application/n-quads", "If-None-Match", "\"x\", W/" + etag).statusCode());
    }

    @Test
    void gzipForClientsThatAcceptItWithTheSameContent() throws IOException {
        HttpResponse<byte[]> plain = Http.getBytes(PAGE, "Accept", "application/n-quads");
        HttpResponse<byte[]> gzipped = Http.getBytes(PAGE, "Accept", "application/n-quads", "Accept-Encoding", "gzip");
        assertEquals("gzip", gzipped.headers().firstValue("Content-Encoding").orElseThrow());
        assertTrue(gzipped.body().length < plain.body().length / 2);
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(gzipped.body()))) {
            assertArrayEquals(plain.body(), in.readAllBytes());
        }
        String etag = gzipped.headers().firstValue("ETag").orElseThrow();
        assertEquals(304, Http.get(PAGE, "Accept", "application/n-quads", "Accept-Encoding", "gzip",
                "If-None-Match", etag).statusCode());
    }

    @Test
    void corsHeadersOnEveryResponse() {
        for (String url : List.of(PAGE, TestServer.uri().toString(), TestServer.dataset("nope"),
                TestServer.dataset("library") + "?page=x")) {
            assertEquals("*", Http.get(url).headers().firstValue("Access-Control-Allow-Origin").orElseThrow(), url);
        }
        String etag = Http.get(PAGE, "Accept", "text/turtle").headers().firstValue("ETag").orElseThrow();
        HttpResponse<String> notModified = Http.get(PAGE, "Accept", "text/turtle", "If-None-Match", etag);
        assertEquals(304, notModified.statusCode());
        assertEquals("*", notModified.headers().firstValue("Access-Control-Allow-Origin").orElseThrow(), "on a 304 too");
        HttpResponse<String> head = Http.send(HttpRequest.newBuilder(URI.create(PAGE))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()), "Origin", "http://other.example");
        assertEquals("*", head.headers().firstValue("Access-Control-Allow-Origin").orElseThrow(), "not the origin echoed");
        assertTrue(head.headers().allValues("Vary").stream().noneMatch(v -> v.contains("Origin")), "one copy for every origin");
        HttpResponse<String> preflight = Http.send(HttpRequest.newBuilder(URI.create(PAGE))
                .method("OPTIONS", HttpRequest.BodyPublishers.noBody()), "Origin", "http://other.example",
                "Access-Control-Request-Method", "GET");
        assertEquals(204, preflight.statusCode());
        assertTrue(preflight.headers().firstValue("Access-Control-Allow-Methods").orElseThrow().contains("GET"));
    }

    @Test
    void headHasTheHeadersOfGetAndNoBody() {
        HttpResponse<String> get = Http.get(PAGE, "Accept", "text/turtle");
        HttpResponse<String> head = Http.send(HttpRequest.newBuilder(URI.create(PAGE))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()), "Accept", "text/turtle");
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertEquals(get.headers().firstValue("ETag"), head.headers().firstValue("ETag"));
        assertEquals(get.headers().firstValue("Content-Type"), head.headers().firstValue("Content-Type"));
    }

    @Test
    void linksFollowForwardedHeadersBehindAProxy() {
        String path = "/library?predicate=http%3A%2F%2Fschema.org%2Fname";
        HttpResponse<String> response = Http.get(TestServer.uri() + path.substring(1), "Accept", "application/n-quads",
                "X-Forwarded-Proto", "https", "X-Forwarded-Host", "data.example.org", "X-Forwarded-Port", "8443");
        String publicUrl = "https://data.example.org:8443" + path;
        ParsedPage page = ParsedPage.parse(publicUrl, response.body(), Lang.NQUADS);
        assertEquals(TestData.expected(new TriplePattern(Node.ANY,
                NodeFactory.createURI("http://schema.org/name"), Node.ANY)).size(),
                page.count(), "the metadata is about the public URL");
        assertTrue(response.body().contains("\"https://data.example.org:8443/library{?subject,predicate,object}\""));
    }

    /** Issue 47: a forwarded scheme other than http or https would be every link's scheme (javascript:). */
    @Test
    void aForwardedSchemeOtherThanHttpOrHttpsIsRefused() {
        for (String accept : new String[] {"text/html", "application/n-triples"}) {
            HttpResponse<String> response = Http.get(TestServer.uri() + "library", "Accept", accept,
                    "X-Forwarded-Proto", "javascript");
            assertEquals(400, response.statusCode(), response.body());
            assertTrue(!response.body().contains("javascript:"), response.body());
            assertTrue(response.body().contains("only http and https"), response.body());
        }
    }

    @Test
    void aConfiguredBaseUrlWinsOverTheRequest() throws Exception {
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.of("library", TestData.libraryHdt())))
                .toBuilder().listener("127.0.0.1", 0).baseUrl("https://example.org/ldf/").build();
        try (FragmentServer server = FragmentServer.start(config)) {
            String body = Http.get(server.uri() + "library?page=2", "Accept", "application/n-quads",
                    "X-Forwarded-Host", "evil.example").body();
            assertTrue(body.contains("<https://example.org/ldf/library?page=2> <http://www.w3.org/ns/hydra/core#next> "
                    + "<https://example.org/ldf/library?page=3>"), body.substring(0, Math.min(body.length(), 3000)));
            assertTrue(!body.contains("evil.example"));
        }
    }

    @Test
    void responsesAreUtf8() {
        String body = new String(Http.getBytes(Http.url(TestServer.dataset("library"), "object", "\"Αθήνα\"@el"),
                "Accept", "application/n-triples").body(), StandardCharsets.UTF_8);
        assertTrue(body.contains("\"Αθήνα\"@el"));
    }
}
