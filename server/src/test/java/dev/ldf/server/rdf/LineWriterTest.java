package dev.ldf.server.rdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.out.NodeFmtLib;
import org.junit.jupiter.api.Test;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.PageTriples;
import dev.ldf.server.fragment.ServerDescription;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** The line-based writer must write exactly the bytes RIOT writes, for every shape of term. */
class LineWriterTest {

    private static final Skolemizer SKOLEMIZER = new Skolemizer("http://h/.well-known/genid/d/");

    /** Terms of every shape, with every ASCII character and some beyond in IRIs and literals. */
    private static List<Node> awkwardTerms() {
        List<Node> nodes = new ArrayList<>();
        StringBuilder everyAscii = new StringBuilder();
        for (char c = 0; c < 0x80; c++) {
            everyAscii.append(c);
            nodes.add(NodeFactory.createURI("http://ex.org/a" + c + "b"));
            nodes.add(NodeFactory.createLiteralString("a" + c + "b"));
            nodes.add(NodeFactory.createBlankNode("b" + c + "n"));
        }
        String beyond = "\u00e9\u2028\ud83d\ude00\ufffe\u0000";
        nodes.add(NodeFactory.createLiteralString(everyAscii + beyond));
        nodes.add(NodeFactory.createURI("http://ex.org/\u00e9\ud83d\ude00"));
        nodes.add(NodeFactory.createBlankNode("\u00e9 x+y"));
        nodes.add(NodeFactory.createLiteralString(""));
        nodes.add(NodeFactory.createLiteralString("\"quoted\""));
        for (String tag : List.of("en", "EN", "en-us", "zh-Hant-TW", "x-private", "de-CH-1901")) {
            nodes.add(NodeFactory.createLiteralLang("say \"hi\"\n", tag));
        }
        nodes.add(NodeFactory.createLiteralDirLang("text", "ar", "rtl"));
        nodes.add(NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger));
        nodes.add(NodeFactory.createLiteralDT("x", XSDDatatype.XSDstring));
        nodes.add(NodeFactory.createLiteralDT("\"", TypeMapper.getInstance().getSafeTypeByName("http://ex.org/odd type")));
        nodes.add(NodeFactory.createLiteralDT("\\", TypeMapper.getInstance().getSafeTypeByName("http://ex.org/\u00e9")));
        return nodes;
    }

    private static String riot(Node node) {
        return NodeFmtLib.strNT(SKOLEMIZER.skolemize(node));
    }

    @Test
    void dictionaryTermsAreWrittenAsRiotWritesTheirNodes() throws IOException {
        byte[] prefix = SKOLEMIZER.prefix().getBytes(StandardCharsets.UTF_8);
        for (Node node : awkwardTerms()) {
            byte[] term = HdtTerms.toHdt(node).getBytes(StandardCharsets.UTF_8);
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteOutput bytes = new ByteOutput(out);
            LineTerms.writeDictionaryTerm(term, term.length, prefix, bytes);
            bytes.drain();
            // RIOT writes what the dictionary gives back, e.g. a language tag in its normal case.
            assertEquals(riot(HdtTerms.toNode(HdtTerms.toHdt(node))), out.toString(StandardCharsets.UTF_8), node::toString);
        }
    }

    @Test
    void nodesAreWrittenAsRiotWritesThem() throws IOException {
        for (Node node : awkwardTerms()) {
            if (node.isBlank()) {
                continue; // skolemized before they are written
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ByteOutput bytes = new ByteOutput(out);
            LineTerms.writeNode(node, bytes);
            bytes.drain();
            assertEquals(riot(node), out.toString(StandardCharsets.UTF_8), node::toString);
        }
    }

    @Test
    void aWholePageIsByteForByteRiots() throws IOException {
        List<Node> terms = awkwardTerms();
        List<Triple> triples = new ArrayList<>();
        Node p = NodeFactory.createURI("http://ex.org/p");
        for (Node original : terms) {
            Node term = HdtTerms.toNode(HdtTerms.toHdt(original)); // as a dataset holds it
            Node subject = term.isLiteral() ? NodeFactory.createBlankNode("s") : term;
            triples.add(Triple.create(subject, p, term));
        }
        // Terms longer than the writer's buffer are written around it.
        triples.add(Triple.create(p, p, NodeFactory.createLiteralString("x".repeat(40_000) + "\"")));
        for (OutputFormat format : List.of(OutputFormat.NTRIPLES, OutputFormat.NQUADS)) {
            assertEquals(write(new RdfWriter(format), triples), write(new LineWriter(format), triples), format.name());
        }
    }

    private static String write(ResponseWriter writer, List<Triple> triples) throws IOException {
        DatasetDescription dataset = new DatasetDescription("d", "Data \"d\"", "About d\n", "http://h/d", Map.of(),
                100, 100, 1 << 20);
        FragmentPage page = new FragmentPage(Count.estimate(1000), triples.size(), true, PageTriples.of(triples));
        FragmentRequest request = new FragmentRequest(TriplePattern.ALL, null, 2,
                new FragmentRequest.Input("", "", "", null));
        Fragment fragment = new Fragment(new ServerDescription("Server", "", "http://h/", java.util.List.of()), dataset, request, page,
                new Fragment.PageLinks("http://h/d?page=2", "http://h/d", "http://h/d", "http://h/d?page=3"), SKOLEMIZER);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        writer.writeFragment(fragment, out);
        return out.toString(StandardCharsets.UTF_8);
    }
}
