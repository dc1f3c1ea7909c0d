package dev.ldf.server.http;

import java.net.http.HttpResponse;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.jena.graph.Graph;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 33: a fragment's page for people also carries its statements for programs, as a JSON-LD
 * block that Jena reads into the same graph as the page's N-Triples.
 */
@Tag("server")
class HtmlStatementsTest {

    private static final Pattern BLOCK = Pattern.compile("<script type=\"application/ld\\+json\">\n(.*?)\n</script>",
            Pattern.DOTALL);

    @Test
    void theHtmlPageHoldsTheStatementsOfItsNTriples() {
        String library = TestServer.dataset("library");
        List<String> pages = List.of(library,
                Http.url(library, "predicate", "http://schema.org/name", "page", "2"),
                Http.url(library, "object", "\"Germany\"@en"),
                Http.url(library, "subject", "?s", "values",
                        "(?s) { (<http://example.org/library/book/1>) (<http://example.org/library/book/2>) }"),
                Http.url(library, "subject", "http://example.org/nothing/here"),
                Http.url(library, "object", "\"</script><script>alert(1)</script>\""));
        for (String url : pages) {
            String html = Http.get(url, "Accept", "text/html").body();
            Matcher block = BLOCK.matcher(html);
            assertTrue(block.find(), url + " has a JSON-LD block:\n" + html);
            String json = block.group(1);
            assertFalse(json.contains("<") || json.contains(">"), "nothing in the block can end it: " + json);
            DatasetGraph fromHtml = DatasetGraphFactory.create();
            RDFParser.fromString(json, Lang.JSONLD).base(url).parse(fromHtml);
            Graph fromNTriples = GraphFactory.createDefaultGraph();
            RDFParser.fromString(Http.get(url, "Accept", "application/n-triples").body(), Lang.NTRIPLES)
                    .parse(fromNTriples);
            assertTrue(fromNTriples.size() > 0, url);
            assertTrue(fromHtml.getDefaultGraph().isIsomorphicWith(fromNTriples), () -> url + ": the block has "
                    + fromHtml.getDefaultGraph().size() + " statements, the N-Triples " + fromNTriples.size());
        }
    }
}
