package dev.ldf.client.source;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

class SkolemIrisTest {

    private final SkolemIris iris = new SkolemIris("http://data.example:8080/ldf/library");

    @Test
    void theSourcesOwnSkolemIrisBecomeBlankNodesAndBackAgain() {
        Node iri = NodeFactory.createURI("http://data.example:8080/ldf/.well-known/genid/library/b%2012");
        Node blank = iris.toBlank(iri);
        assertTrue(blank.isBlank());
        assertEquals(blank, iris.toBlank(NodeFactory.createURI(iri.getURI())), "the same node on every page");
        assertEquals(iri, iris.toIri(blank));
        assertEquals(iri, SkolemIris.asSkolemIri(blank));
        assertFalse(iris.isForeignBlank(blank));
        Triple t = Triple.create(iri, NodeFactory.createURI("http://ex.org/p"), iri);
        assertEquals(Triple.create(blank, t.getPredicate(), blank), iris.toBlank(t));
        assertEquals(t, iris.toIri(iris.toBlank(t)));
    }

    @Test
    void otherTermsAndOtherPublishersSkolemIrisStayAsTheyAre() {
        Node wikidata = NodeFactory.createURI("http://www.wikidata.org/.well-known/genid/3a5b");
        assertSame(wikidata, iris.toBlank(wikidata));
        Node plain = NodeFactory.createURI("http://data.example:8080/ldf/library");
        assertSame(plain, iris.toBlank(plain));
        Node otherPort = NodeFactory.createURI("http://data.example:9090/.well-known/genid/library/b1");
        assertSame(otherPort, iris.toBlank(otherPort));
        Node literal = NodeFactory.createLiteralString("http://data.example:8080/.well-known/genid/x");
        assertSame(literal, iris.toBlank(literal));
        Node made = NodeFactory.createBlankNode();
        assertTrue(iris.isForeignBlank(made), "BNODE() and CONSTRUCT templates make blank nodes no source sent");
        assertSame(made, iris.toIri(made));
        assertSame(made, SkolemIris.asSkolemIri(made));
    }
}
