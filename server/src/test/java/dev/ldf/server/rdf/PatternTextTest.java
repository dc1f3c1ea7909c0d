package dev.ldf.server.rdf;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.List;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.util.FmtUtils;
import org.apache.jena.vocabulary.OWL;
import org.apache.jena.vocabulary.RDF;
import org.apache.jena.vocabulary.RDFS;
import org.apache.jena.vocabulary.XSD;
import org.junit.jupiter.api.Test;

import dev.ldf.server.fragment.TriplePattern;

/**
 * A page names its pattern as ARQ's {@link FmtUtils} writes it; the fast path for
 * IRIs outside ARQ's global namespaces must not change a character of that.
 */
class PatternTextTest {

    @Test
    void termsAreWrittenAsFmtUtilsWritesThem() {
        List<Node> nodes = new ArrayList<>();
        for (String iri : List.of("http://schema.org/author", "http://example.org/a b", "http://example.org/q\"uote",
                "http://example.org/back\\slash", "http://example.org/new\nline", "http://example.org/é",
                "urn:x", "http://example.org/tab\there", RDF.type.getURI(), RDF.getURI() + "has space",
                RDFS.label.getURI(), XSD.integer.getURI(), OWL.sameAs.getURI(), OWL.getURI() + "1bad",
                "http://www.w3.org/1999/02/22-rdf-syntax-ns", "http://example.org/<angle>")) {
            nodes.add(NodeFactory.createURI(iri));
        }
        nodes.add(NodeFactory.createLiteralString("plain \"quoted\""));
        nodes.add(NodeFactory.createLiteralLang("chat", "fr"));
        nodes.add(NodeFactory.createLiteralDT("12", XSDDatatype.XSDinteger));
        nodes.add(NodeFactory.createLiteralDT("x", NodeFactory.getType("http://example.org/type")));
        for (Node node : nodes) {
            TriplePattern pattern = new TriplePattern(Node.ANY, Node.ANY, node);
            assertEquals("{ ?s ?p " + FmtUtils.stringForNode(node) + " }", PatternText.of(pattern), node.toString());
            pattern = new TriplePattern(node.isURI() ? node : Node.ANY, Node.ANY, Node.ANY);
            String subject = node.isURI() ? FmtUtils.stringForNode(node) : "?s";
            assertEquals("{ " + subject + " ?p ?o }", PatternText.of(pattern), node.toString());
        }
    }
}
