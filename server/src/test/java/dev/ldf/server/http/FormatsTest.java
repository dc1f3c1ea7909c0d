package dev.ldf.server.http;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.sparql.core.Quad;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.testing.Fragments;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ParsedPage;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Every representation parses back with Jena and carries the same data and count. */
@Tag("server")
class FormatsTest {

    /** Abstracts hold quotes, tabs, newlines, backslashes, markup and astral characters. */
    private static final TriplePattern ODD_LITERALS = new TriplePattern(Node.ANY,
            NodeFactory.createURI("http://schema.org/abstract"), Node.ANY);

    static Lang lang(OutputFormat format) {
        return switch (format) {
            case TRIG -> Lang.TRIG;
            case NQUADS -> Lang.NQUADS;
            case TURTLE -> Lang.TURTLE;
            case NTRIPLES -> Lang.NTRIPLES;
            case JSONLD -> Lang.JSONLD;
            case RDFXML -> Lang.RDFXML;
            case HTML -> null;
        };
    }

    @ParameterizedTest
    @EnumSource(value = OutputFormat.class, names = "HTML", mode = EnumSource.Mode.EXCLUDE)
    void everyRdfFormatParsesBackWithTheDataAndTheCount(OutputFormat format) {
        for (TriplePattern pattern : List.of(ODD_LITERALS, new TriplePattern(Node.ANY,
                NodeFactory.createURI("http://schema.org/address"), Node.ANY))) {
            String url = Fragments.firstPage("library", pattern);
            HttpResponse<String> response = Http.get(url, "Accept", format.mediaType());
            assertEquals(200, response.statusCode());
            assertEquals(format.mediaType() + ";charset=utf-8", response.headers().firstValue("Content-Type").orElseThrow());
            ParsedPage page = ParsedPage.parse(url, response.body(), lang(format));
            List<Triple> expected = Fragments.expectedOnTheWire("library", pattern);
            assertEquals(Set.copyOf(expected), Set.copyOf(page.data()), format::toString);
            assertEquals(expected.size(), page.count());
            assertEquals(100L, page.integer(page.page(), ParsedPage.HYDRA + "itemsPerPage").orElseThrow());
        }
    }

    @ParameterizedTest
    @EnumSource(value = OutputFormat.class, names = {"TRIG", "NQUADS", "TURTLE", "NTRIPLES"})
    void streamedFormatsStartWithTheCountAndKeepHdtOrder(OutputFormat format) {
        String url = Fragments.firstPage("library", ODD_LITERALS);
        String body = Http.get(url, "Accept", format.mediaType()).body();
        List<Quad> quads = ParsedPage.parse(url, body, lang(format)).quads();
        Triple first = quads.get(0).asTriple();
        assertEquals(url, first.getSubject().getURI(), "the first triple is about the page");
        assertEquals(ParsedPage.VOID + "triples", first.getPredicate().getURI(), "the first triple is the count");
        // No other void:triples precedes or follows: clients take the first count they see.
        assertEquals(1, quads.stream().filter(q -> q.getPredicate().getURI().equals(ParsedPage.VOID + "triples")).count());
        List<Triple> data = quads.stream().filter(q -> q.isDefaultGraph())
                .map(Quad::asTriple).filter(t -> !t.getSubject().getURI().startsWith(TestServer.dataset("library")))
                .toList();
        assertEquals(Fragments.expectedOnTheWire("library", ODD_LITERALS), data);
    }

    @Test
    void quadFormatsKeepTheMetadataGraphTogetherBeforeTheData() {
        String url = Fragments.firstPage("library", ODD_LITERALS);
        ParsedPage page = ParsedPage.parse(url, Http.get(url, "Accept", "application/trig").body(), Lang.TRIG);
        Node metadataGraph = NodeFactory.createURI(url + "#metadata");
        int lastMetadata = -1;
        int firstData = Integer.MAX_VALUE;
        for (int i = 0; i < page.quads().size(); i++) {
            if (page.quads().get(i).getGraph().equals(metadataGraph)) {
                lastMetadata = i;
            } else {
                firstData = Math.min(firstData, i);
            }
        }
        assertTrue(lastMetadata < firstData, "metadata is one block before the data");
        assertTrue(page.metadata().contains(metadataGraph,
                NodeFactory.createURI("http://xmlns.com/foaf/0.1/primaryTopic"), page.page()));
    }

    @Test
    void htmlShowsTriplesEscapedWithCountLinksAndForm() {
        String url = Fragments.firstPage("library", ODD_LITERALS);
        HttpResponse<String> response = Http.get(url, "Accept", "text/html");
        assertEquals("text/html;charset=utf-8", response.headers().firstValue("Content-Type").orElseThrow());
        String html = response.body();
        assertFalse(html.contains("<script>"), "markup in the data is escaped");
        assertFalse(html.contains("<em>markup"), "markup in the data is escaped");
        assertTrue(html.contains("&lt;script&gt;alert("));
        assertTrue(html.contains("&lt;em&gt;markup&lt;/em&gt;"));
        assertTrue(html.contains("📚"), "astral characters survive");
        assertTrue(html.contains(TestDataCount.of(ODD_LITERALS) + " triples match"));
        assertTrue(html.contains("<form action=\"" + TestServer.dataset("library") + "\""));
        assertTrue(html.contains("name=\"object\""));
    }

    @Test
    void htmlPaginatesWithRelLinks() {
        String url = Http.url(TestServer.dataset("paged"), "predicate", "http://www.w3.org/1999/02/22-rdf-syntax-ns#type",
                "page", "2");
        String html = Http.get(url, "Accept", "text/html").body();
        assertTrue(html.contains("rel=\"prev\""));
        assertTrue(html.contains("rel=\"next\""));
        assertTrue(html.contains("rel=\"first\""));
    }

    @Test
    void requestValuesCannotInjectMarkup() {
        String attack = "\"<script>alert('x')</script>\"@en";
        String url = Http.url(TestServer.dataset("library"), "object", attack, "subject", "http://ex.org/\"><img src=x>");
        HttpResponse<String> response = Http.get(url, "Accept", "text/html");
        assertEquals(400, response.statusCode(), "a quote cannot be part of an IRI");
        assertFalse(response.body().contains("<img"));
        String ok = Http.url(TestServer.dataset("library"), "object", attack);
        String html = Http.get(ok, "Accept", "text/html").body();
        assertFalse(html.contains("<script>alert"));
        assertTrue(html.contains("value=\"&quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot;@en\""));
    }

    /** The expected size of a fragment, formatted as the HTML page prints it. */
    private static final class TestDataCount {
        static String of(TriplePattern pattern) {
            return String.format(Locale.ROOT, "%,d", TestData.expected(pattern).size());
        }
    }
}
