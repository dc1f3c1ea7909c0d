package dev.ldf.server.http;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPInputStream;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Dumps: a dataset, or one pattern's whole fragment, streamed unpaged as N-Triples or N-Quads, optionally gzipped. */
@Tag("server")
class DumpsTest {

    private static final String VOID = "http://rdfs.org/ns/void#";

    private static String dump(String file) {
        return TestServer.dataset("library") + "/" + file;
    }

    /** The data as clients see it: blank nodes as the dataset's Skolem IRIs. */
    private static List<Triple> skolemized(List<Triple> triples) {
        Skolemizer skolemizer = new Skolemizer(TestServer.uri().resolve("/.well-known/genid/library/").toString());
        return triples.stream().map(skolemizer::skolemize).toList();
    }

    private static List<Triple> parse(byte[] body, Lang lang) {
        List<Triple> triples = new ArrayList<>();
        RDFParser.source(new ByteArrayInputStream(body)).lang(lang).parse(new StreamRDFBase() {
            @Override
            public void triple(Triple triple) {
                triples.add(triple);
            }
        });
        return triples;
    }

    private static byte[] gunzip(byte[] body) {
        try (GZIPInputStream in = new GZIPInputStream(new ByteArrayInputStream(body))) {
            return in.readAllBytes();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Test
    void theWholeDatasetIsEveryTripleInOrderWithSkolemIris() {
        HttpResponse<byte[]> response = Http.getBytes(dump("dump.nt"));
        assertEquals(200, response.statusCode());
        assertEquals("application/n-triples;charset=utf-8", response.headers().firstValue("Content-Type").orElseThrow());
        assertEquals("attachment; filename=\"library-dump.nt\"",
                response.headers().firstValue("Content-Disposition").orElseThrow());
        List<Triple> expected = skolemized(TestData.all());
        assertEquals(expected.size(), TestData.all().size());
        assertEquals(expected, parse(response.body(), Lang.NTRIPLES));
    }

    @Test
    void nQuadsAndGzipAreTheSameLines() {
        byte[] triples = Http.getBytes(dump("dump.nt")).body();
        HttpResponse<byte[]> quads = Http.getBytes(dump("dump.nq"));
        assertEquals("application/n-quads;charset=utf-8", quads.headers().firstValue("Content-Type").orElseThrow());
        assertArrayEquals(triples, quads.body(), "every triple is in the default graph");
        HttpResponse<byte[]> gzipped = Http.getBytes(dump("dump.nt.gz"), "Accept-Encoding", "gzip");
        assertEquals("application/gzip", gzipped.headers().firstValue("Content-Type").orElseThrow());
        assertFalse(gzipped.headers().firstValue("Content-Encoding").isPresent(), "a .gz file is not compressed twice");
        assertArrayEquals(triples, gunzip(gzipped.body()));
        assertArrayEquals(triples, gunzip(Http.getBytes(dump("dump.nq.gz")).body()));
        HttpResponse<byte[]> encoded = Http.getBytes(dump("dump.nt"), "Accept-Encoding", "gzip");
        assertEquals("gzip", encoded.headers().firstValue("Content-Encoding").orElseThrow());
        assertArrayEquals(triples, gunzip(encoded.body()));
    }

    @Test
    void aPatternsDumpIsItsWholeFragmentUnpaged() {
        TriplePattern authors = new TriplePattern(Node.ANY, NodeFactory.createURI("http://schema.org/author"), Node.ANY);
        byte[] body = Http.getBytes(Http.url(dump("dump.nt"), "predicate", "http://schema.org/author")).body();
        List<Triple> expected = skolemized(TestData.expected(authors));
        assertTrue(expected.size() > 100, "more than a page: " + expected.size());
        assertEquals(expected, parse(body, Lang.NTRIPLES));
        byte[] none = Http.getBytes(Http.url(dump("dump.nt"), "subject", "http://example.org/nothing")).body();
        assertEquals(0, none.length);
    }

    @Test
    void dumpsAreCacheableAndHeadSendsNoBody() {
        HttpResponse<byte[]> first = Http.getBytes(dump("dump.nt.gz"));
        String etag = first.headers().firstValue("ETag").orElseThrow();
        assertTrue(first.headers().firstValue("Cache-Control").orElseThrow().startsWith("public, max-age="));
        assertEquals(304, Http.getBytes(dump("dump.nt.gz"), "If-None-Match", etag).statusCode());
        assertFalse(etag.equals(Http.getBytes(dump("dump.nt")).headers().firstValue("ETag").orElseThrow()),
                "each file has its own tag");
        HttpResponse<String> head = Http.send(HttpRequest.newBuilder(URI.create(dump("dump.nt")))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertEquals(200, head.statusCode());
        assertEquals("", head.body());
        assertEquals("application/n-triples;charset=utf-8", head.headers().firstValue("Content-Type").orElseThrow());
        assertFalse(head.headers().firstValue("Content-Length").filter("0"::equals).isPresent(),
                "HEAD must not announce an empty dump");
    }

    @Test
    void badRequestsGetTheRightStatusAndMessage() {
        HttpResponse<String> values = Http.get(Http.url(dump("dump.nt"), "subject", "?s", "values", "?s { <http://a> }"));
        assertEquals(400, values.statusCode());
        assertTrue(values.body().contains("no values and no page"), values.body());
        assertEquals(400, Http.get(Http.url(dump("dump.nt"), "page", "2")).statusCode());
        assertEquals(400, Http.get(Http.url(dump("dump.nt"), "subject", "not an iri")).statusCode());
        HttpResponse<String> post = Http.post(dump("dump.nt"), "subject=");
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD, OPTIONS", post.headers().firstValue("Allow").orElseThrow());
        assertEquals(404, Http.get(dump("dump.ttl")).statusCode());
        assertEquals(404, Http.get(TestServer.dataset("nothing") + "/dump.nt").statusCode());
        assertEquals(200, Http.getBytes(dump("dump.nt"), "Accept", "application/gzip").statusCode(),
                "a dump is a file of its own type, whatever the client accepts");
    }

    @Test
    void theIndexAndTheDatasetPageNameTheDumps() {
        Node dataset = NodeFactory.createURI(TestServer.dataset("library") + "#dataset");
        Node dataDump = NodeFactory.createURI(VOID + "dataDump");
        List<Node> expected = List.of(NodeFactory.createURI(dump("dump.nt.gz")), NodeFactory.createURI(dump("dump.nt")));
        assertEquals(expected, objects(TestServer.uri().toString(), dataset, dataDump));
        assertEquals(expected, objects(TestServer.dataset("library"), dataset, dataDump));
        assertEquals(List.of(), objects(Http.url(TestServer.dataset("library"), "predicate", "http://schema.org/author"),
                dataset, dataDump), "a fragment's page is not the dataset's description");
        String html = Http.get(TestServer.uri().toString(), "Accept", "text/html").body();
        assertTrue(html.contains("href=\"" + dump("dump.nt.gz") + "\""), html);
    }

    private static List<Node> objects(String url, Node subject, Node predicate) {
        byte[] body = Http.getBytes(url, "Accept", "application/n-triples").body();
        Graph graph = GraphFactory.createGraphMem();
        RDFParser.source(new ByteArrayInputStream(body)).lang(Lang.NTRIPLES).parse(graph);
        return graph.find(subject, predicate, Node.ANY).mapWith(Triple::getObject).toList().stream()
                .sorted((a, b) -> Arrays.compare(b.getURI().getBytes(StandardCharsets.UTF_8),
                        a.getURI().getBytes(StandardCharsets.UTF_8)))
                .toList();
    }
}
