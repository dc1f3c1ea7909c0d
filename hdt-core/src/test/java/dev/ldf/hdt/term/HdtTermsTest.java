package dev.ldf.hdt.term;

import java.util.List;

import org.apache.jena.datatypes.BaseDatatype;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class HdtTermsTest {

    @Test
    void termsUseHdtJavasConvention() {
        assertEquals("http://ex.org/a", HdtTerms.toHdt(NodeFactory.createURI("http://ex.org/a")));
        assertEquals("_:b1", HdtTerms.toHdt(NodeFactory.createBlankNode("b1")));
        assertEquals("\"plain\"", HdtTerms.toHdt(NodeFactory.createLiteralString("plain")));
        assertEquals("\"x\"", HdtTerms.toHdt(NodeFactory.createLiteralDT("x", XSDDatatype.XSDstring)));
        assertEquals("\"Brno\"@cs", HdtTerms.toHdt(NodeFactory.createLiteralLang("Brno", "CS")));
        assertEquals("\"1\"^^<http://www.w3.org/2001/XMLSchema#integer>",
                HdtTerms.toHdt(NodeFactory.createLiteralDT("1", XSDDatatype.XSDinteger)));
        assertEquals("\"say \"hi\"\tnow\"@en", HdtTerms.toHdt(NodeFactory.createLiteralLang("say \"hi\"\tnow", "en")));
    }

    @Test
    void everyKindOfTermRoundTrips() {
        List<Node> nodes = List.of(
                NodeFactory.createURI("http://ex.org/a?b#c"),
                NodeFactory.createURI("urn:isbn:978-0"),
                NodeFactory.createBlankNode("node-1.x"),
                NodeFactory.createLiteralString(""),
                NodeFactory.createLiteralString("\""),
                NodeFactory.createLiteralString("quotes \"inside\" and at the end\""),
                NodeFactory.createLiteralString("tabs\tnewlines\ncarriage\rbackslash\\"),
                NodeFactory.createLiteralString("astral 📚 𝔄 and ZWJ 👩‍🔬"),
                NodeFactory.createLiteralLang("Αθήνα", "el"),
                NodeFactory.createLiteralLang("x\"@en", "en-gb"),
                NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("not a number", XSDDatatype.XSDinteger),
                NodeFactory.createLiteralDT("QA1 .B2", new BaseDatatype("http://example.org/CallNumber")),
                NodeFactory.createLiteralDT("\"^^<x>", XSDDatatype.XSDdecimal));
        for (Node node : nodes) {
            assertEquals(node, HdtTerms.toNode(HdtTerms.toHdt(node)), node::toString);
        }
    }

    @Test
    void explicitStringDatatypeFromOtherGeneratorsIsAPlainLiteral() {
        assertEquals(NodeFactory.createLiteralString("x"),
                HdtTerms.toNode("\"x\"^^<http://www.w3.org/2001/XMLSchema#string>"));
    }
}
