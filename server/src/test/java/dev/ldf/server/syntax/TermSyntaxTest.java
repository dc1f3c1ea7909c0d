package dev.ldf.server.syntax;

import java.util.Map;
import java.util.regex.Pattern;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Var;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Prefixes;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TermSyntaxTest {

    @Test
    void absentEmptyAndLoneQuestionMarkAreUnnamedVariables() {
        assertSame(Node.ANY, TermSyntax.parse("subject", null));
        assertSame(Node.ANY, TermSyntax.parse("subject", ""));
        assertSame(Node.ANY, TermSyntax.parse("subject", "?"));
    }

    @Test
    void namedVariables() {
        assertEquals(Var.alloc("person"), TermSyntax.parse("subject", "?person"));
        assertEquals(Var.alloc("g_0"), TermSyntax.parse("object", "?g_0"));
    }

    @Test
    void iriBareOrBracketed() {
        Node iri = NodeFactory.createURI("http://ex.org/a?b=c#d");
        assertEquals(iri, TermSyntax.parse("subject", "http://ex.org/a?b=c#d"));
        assertEquals(iri, TermSyntax.parse("subject", "<http://ex.org/a?b=c#d>"));
        assertEquals(NodeFactory.createURI("urn:isbn:978"), TermSyntax.parse("object", "urn:isbn:978"));
    }

    /** Issue 33: what people type into a page's form, as the page shows IRIs. */
    @Test
    void prefixedNamesOfTheDatasetAndTheUsualVocabulariesAreExpanded() {
        Prefixes prefixes = Prefixes.of(Map.of("lib", "http://example.org/library/", "geo", "http://ex.org/geo/"));
        assertEquals(NodeFactory.createURI("http://schema.org/author"), TermSyntax.parse("predicate", "schema:author", prefixes));
        assertEquals(NodeFactory.createURI("http://example.org/library/book/1"),
                TermSyntax.parse("subject", "lib:book/1", prefixes));
        assertEquals(NodeFactory.createURI("http://ex.org/geo/lat"), TermSyntax.parse("predicate", "geo:lat", prefixes),
                "the dataset's own name wins over a usual one");
        assertEquals(NodeFactory.createLiteralDT("5", XSDDatatype.XSDinteger),
                TermSyntax.parse("object", "\"5\"^^xsd:integer", prefixes));
        assertEquals(NodeFactory.createURI("schema:author"), TermSyntax.parse("predicate", "<schema:author>", prefixes),
                "in brackets, an IRI as written");
        assertEquals(NodeFactory.createURI("nope:x"), TermSyntax.parse("predicate", "nope:x", prefixes),
                "an unknown name is a scheme");
        assertEquals(NodeFactory.createURI("http://ex.org/a"), TermSyntax.parse("subject", "http://ex.org/a", prefixes));
        assertEquals(NodeFactory.createURI("schema:author"), TermSyntax.parse("predicate", "schema:author"),
                "without prefixes (as before), the IRI as written");
    }

    @Test
    void literalsAsComunicaSendsThem() {
        assertEquals(NodeFactory.createLiteralString("plain"), TermSyntax.parse("object", "\"plain\""));
        assertEquals(NodeFactory.createLiteralLang("Brno", "cs"), TermSyntax.parse("object", "\"Brno\"@cs"));
        Node integer = NodeFactory.createLiteralDT("42", XSDDatatype.XSDinteger);
        assertEquals(integer, TermSyntax.parse("object", "\"42\"^^http://www.w3.org/2001/XMLSchema#integer"));
        assertEquals(integer, TermSyntax.parse("object", "\"42\"^^<http://www.w3.org/2001/XMLSchema#integer>"));
    }

    @Test
    void rawQuotesTabsAndNewlinesStayInTheLexicalForm() {
        String lex = "The \"Quiet\" Garden,\tin two \"parts\"\nand a \\ backslash";
        assertEquals(NodeFactory.createLiteralLang(lex, "en"), TermSyntax.parse("object", "\"" + lex + "\"@en"));
        assertEquals(NodeFactory.createLiteralString("\"\""), TermSyntax.parse("object", "\"\"\"\""));
        assertEquals(NodeFactory.createLiteralString(""), TermSyntax.parse("object", "\"\""));
    }

    @Test
    void literalInSubjectPositionIsAValidTerm() {
        // It matches nothing, which is an empty fragment and not an error.
        assertTrue(TermSyntax.parse("subject", "\"x\"").isLiteral());
    }

    @Test
    void blankNodeLabels() {
        assertEquals(NodeFactory.createBlankNode("b12"), TermSyntax.parse("subject", "_:b12"));
    }

    @ParameterizedTest
    @ValueSource(strings = {"<http://ex.org/a", "http://ex.org/a b", "no-scheme", "http://ex.org/<x>", "\"open",
            "\"x\"@", "\"x\"@en us", "\"x\"^^", "\"x\"^^not an iri", "\"x\"junk", "?bad name", "?a-b", "_:", "_:a b",
            "<>", "\"", "http://ex.org/{x}"})
    void malformedTermsAreRejectedWithAMessage(String value) {
        BadRequestException e = assertThrows(BadRequestException.class, () -> TermSyntax.parse("object", value));
        assertTrue(e.getMessage().startsWith("The object "), e.getMessage());
    }

    /** RFC 3987's excluded characters, as the regular expression this loop replaced named them. */
    @Test
    void everyCharacterAnIriCannotHoldIsRefused() {
        Pattern excluded = Pattern.compile("[\\x00-\\x20<>\"{}|\\\\^`]");
        for (char c = 0; c < 0x3000; c++) {
            String iri = "http://ex.org/a" + c + "b";
            assertEquals(excluded.matcher(iri).find(), TermSyntax.hasForbiddenCharacter(iri), "U+" + Integer.toHexString(c));
        }
    }

    @Test
    void longValuesAreAbbreviatedInMessages() {
        String value = "<" + "a".repeat(5000);
        BadRequestException e = assertThrows(BadRequestException.class, () -> TermSyntax.parse("subject", value));
        assertTrue(e.getMessage().length() < 200, e.getMessage());
    }
}
