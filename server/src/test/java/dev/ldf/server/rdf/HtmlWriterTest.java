package dev.ldf.server.rdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.junit.jupiter.api.Test;

import dev.ldf.server.fragment.Bindings;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.PageTriples;
import dev.ldf.server.fragment.ServerDescription;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.syntax.ValuesBlockParser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HtmlWriterTest {

    private static String render(Triple... triples) throws IOException {
        DatasetDescription dataset = new DatasetDescription("d", "Data <b>", "About \"d\" & more", "http://h/d", Map.of(),
                100, 100, 1 << 20);
        FragmentPage page = new FragmentPage(Count.estimate(1000), triples.length, true, PageTriples.of(List.of(triples)));
        String values = "(?x) { (\"</textarea><script>\") }";
        FragmentRequest request = new FragmentRequest(TriplePattern.ALL, ValuesBlockParser.parse(values, "http://h/d"), 1,
                new FragmentRequest.Input("\"><script>", "", "", values));
        Fragment fragment = new Fragment(new ServerDescription("Server", "", "http://h/", java.util.List.of()), dataset, request, page,
                new Fragment.PageLinks("http://h/d?x=1", "http://h/d", null, "http://h/d?page=2"),
                new Skolemizer("http://h/.well-known/genid/d/"));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new HtmlWriter().writeFragment(fragment, out);
        return out.toString(StandardCharsets.UTF_8);
    }

    @Test
    void onlyHttpIrisAreLinkedDirectly() throws IOException {
        Node script = NodeFactory.createURI("javascript:alert(1)");
        String html = render(Triple.create(NodeFactory.createURI("http://ex.org/s"), NodeFactory.createURI("http://ex.org/p"), script));
        assertFalse(html.contains("href=\"javascript:"), html);
        assertTrue(html.contains("href=\"http://ex.org/s\""), "http IRIs link to themselves");
        // The IRI is still shown, and searchable through a fragment link.
        assertTrue(html.replace("<wbr>", "").contains("javascript:alert(1)"));
        assertTrue(html.contains("href=\"http://h/d?object=javascript%3Aalert%281%29\""));
    }

    @Test
    void titlesDescriptionsAndParametersAreEscaped() throws IOException {
        String html = render();
        assertTrue(html.contains("Data &lt;b&gt;"));
        assertTrue(html.contains("About &quot;d&quot; &amp; more"));
        assertTrue(html.contains("value=\"&quot;&gt;&lt;script&gt;\""));
        assertTrue(html.contains("&lt;/textarea&gt;&lt;script&gt;"), "bindings are escaped in the form");
        assertFalse(html.contains("<script>"));
    }

    @Test
    void estimatesAreShownAsApproximate() throws IOException {
        assertTrue(render().contains("About 1,000 triples match"));
    }

    @Test
    void wellKnownIrisArePrefixedSkolemIrisAreBlankNodesAndLongIrisAreCutInTheMiddle() throws IOException {
        String longIri = "http://example.org/a/very/long/path/that/goes/on/and/on/until/the/row/is/full/end";
        String html = render(Triple.create(NodeFactory.createBlankNode("b12"),
                NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type"), NodeFactory.createURI(longIri)))
                .replace("<wbr>", "");
        assertTrue(html.contains(">rdf:type</a>"), html);
        assertTrue(html.contains(">_:b12</a>"), "a Skolem IRI reads as its blank node");
        assertTrue(html.contains("title=\"" + longIri + "\""), "the full IRI on hover");
        assertTrue(html.contains(">http://example.org/a/very/long/pat…il/the/row/is/full/end</a>"), html);
    }

    @Test
    void namesBreakAfterTheirSlashesHashesAndColonsNotInsideAWord() throws IOException {
        // Issue 54: a narrow column broke WatDiv's names anywhere (schema:ca/ption).
        String html = render(Triple.create(NodeFactory.createURI("http://ex.org/it's#me"),
                NodeFactory.createURI("http://schema.org/caption"), NodeFactory.createLiteralString("x")));
        assertTrue(html.contains(">schema:<wbr>caption</a>"), html);
        assertTrue(html.contains(">http:<wbr>/<wbr>/<wbr>ex.org/<wbr>it&#39;s#<wbr>me</a>"), "escaped, then broken: " + html);
    }

    @Test
    void pageLinksAreAboveAndBelowTheRows() throws IOException {
        String html = render(Triple.create(NodeFactory.createURI("http://ex.org/s"), NodeFactory.createURI("http://ex.org/p"),
                NodeFactory.createURI("http://ex.org/o")));
        assertEquals(2, html.split("<nav class=\"pages\"", -1).length - 1, html);
        assertTrue(html.contains("page 1 of about 10 (about 1,000 triples)"), html);
        assertTrue(html.contains("<a rel=\"next\" href=\"http://h/d?page=2\">next ›</a>"));
        assertTrue(html.contains("<span class=\"off\" aria-disabled=\"true\">‹ previous</span>"));
    }

    @Test
    void anErrorPageKeepsTheFormAsSentAndLeadsBack() throws IOException {
        DatasetDescription dataset = new DatasetDescription("d", "Data", "", "http://h/d", Map.of(), 100, 100, 1 << 20);
        ErrorView view = new ErrorView(400, "Bad Request", "The subject is not a term.", new ErrorView.Context(
                "http://h/", "Server", dataset, new FragmentRequest.Input("\"<x>", null, null, null)));
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new HtmlWriter().writeError(view, out);
        String html = out.toString(StandardCharsets.UTF_8);
        assertTrue(html.contains("value=\"&quot;&lt;x&gt;\""), html);
        assertTrue(html.contains("<a href=\"http://h/d\">back to Data</a>"), html);
        assertTrue(html.contains("role=\"alert\">The subject is not a term.</p>"), html);
    }

    @Test
    void controlCharactersThatHtmlForbidsAreReplaced() throws IOException {
        String html = render(Triple.create(NodeFactory.createURI("http://ex.org/s"), NodeFactory.createURI("http://ex.org/p"),
                NodeFactory.createLiteralString("bell\u0007 and nul\u0000 and tab\t")));
        assertTrue(html.contains("bell\uFFFD and nul\uFFFD and tab\t"));
    }
}
