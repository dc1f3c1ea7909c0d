package dev.ldf.server.fragment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.Var;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/** The VALUES parser must accept and reject exactly what Jena's SPARQL parser does. */
class ValuesBlockParserTest {

    private static final String BASE = "http://example.org/data/set";

    /** Jena's SPARQL parser on the same block: the reference. Null when it rejects the block. */
    private static Bindings jena(String block) {
        try {
            Query query = QueryFactory.create("SELECT * WHERE {} VALUES " + block, BASE);
            return new Bindings(query.getValuesVariables(), query.getValuesData());
        } catch (RuntimeException e) {
            return null;
        }
    }

    private static Bindings ours(String block) {
        try {
            return ValuesBlockParser.parse(block, BASE);
        } catch (BadRequestException e) {
            assertTrue(e.getMessage().startsWith("The values parameter is not a SPARQL VALUES block: "), e.getMessage());
            return null;
        }
    }

    @Test
    void comunicasBlocksParse() {
        Bindings b = ours("(?o ?c) { (<http://ex.org/a> UNDEF) (\"x\"@en 3) }");
        assertEquals(List.of(Var.alloc("o"), Var.alloc("c")), b.variables());
        assertEquals(2, b.size());
        assertEquals(NodeFactory.createURI("http://ex.org/a"), b.rows().get(0).get(Var.alloc("o")));
        assertNull(b.rows().get(0).get(Var.alloc("c")), "UNDEF leaves the variable unbound");
        assertEquals(NodeFactory.createLiteralDT("3", XSDDatatype.XSDinteger), b.rows().get(1).get(Var.alloc("c")));
    }

    @Test
    void onlyAbsoluteIrisWithoutDotSegmentsOrEscapesSkipResolution() {
        for (String iri : List.of("http://ex.org/a", "http://ex.org/a/.hidden", "http://ex.org/a/..x", "urn:x:y", "a+b-c.d:e")) {
            assertTrue(ValuesBlockParser.isAbsoluteWithoutDotSegments(iri), iri);
        }
        for (String iri : List.of("", "relative", "/abs/path", "1http://x", "http://ex.org/a/./b", "http://ex.org/a/..",
                "http://ex.org/a/.?q", "http://ex.org/a/..#f", "http://ex.org/%7E", "ht tp://x")) {
            assertTrue(!ValuesBlockParser.isAbsoluteWithoutDotSegments(iri), iri);
        }
    }

    @Test
    void duplicateRowsCountOnce() {
        assertEquals(1, ours("?x { <http://a> <http://a> }").size());
    }

    @Test
    void errorsSayWhereTheyAre() {
        BadRequestException e = assertThrows(BadRequestException.class,
                () -> ValuesBlockParser.parse("(?x) { (<http://a> <http://b>) }", BASE));
        assertTrue(e.getMessage().contains("a row has 2 values for 1 variables at column 8"), e.getMessage());
    }

    @Test
    void agreesWithJenasSparqlParserOnGeneratedBlocks() {
        SplittableRandom random = new SplittableRandom(1122);
        int accepted = 0;
        int rejected = 0;
        for (int i = 0; i < 3000; i++) {
            String block = block(random);
            Bindings expected = jena(block);
            Bindings actual = ours(block);
            if (expected == null) {
                if (actual != null) {
                    fail("Jena rejects but we accept: " + block);
                }
                rejected++;
            } else {
                if (actual == null) {
                    fail("Jena accepts but we reject: " + block);
                }
                assertEquals(new LinkedHashSet<>(expected.variables()), new LinkedHashSet<>(actual.variables()), block);
                assertEquals(expected.rows(), actual.rows(), block);
                accepted++;
            }
        }
        assertTrue(accepted > 1000 && rejected > 300, accepted + " accepted, " + rejected + " rejected");
    }

    private static final String[] GOOD_TERMS = {
            "<http://ex.org/a>", "<http://ex.org/b?x=1#f>", "<relative/path>", "<#frag>", "<>",
            "<http://ex.org/a/./b>", "<http://ex.org/a/../b>", "<http://ex.org/a/..>", "<http://ex.org/a/.?q>",
            "<http://ex.org/a/.hidden>", "<http://ex.org/a/..x/b>", "<http://ex.org/%7euser>", "<HTTP://Ex.org/A>",
            "<urn:isbn:0451450523>", "<a+b-c.d:x/./y>",
            "\"plain\"", "'single'", "\"tab\\there\"", "\"quote \\\" inside\"", "\"new\\nline\"", "\"back\\\\slash\"",
            "\"caf\\u00E9\"", "\"caf\u00e9 \u6771\u4eac \uD83D\uDCDA\"", "\"\"\"long \"quoted\" string\"\"\"", "'''long single'''",
            "\"x\"@en", "\"x\"@en-GB", "\"x\"@EN", "\"1\"^^<http://www.w3.org/2001/XMLSchema#integer>",
            "\"abc\"^^<http://ex.org/dt>", "\"x\"^^<http://www.w3.org/2001/XMLSchema#string>",
            "42", "-7", "+3", "3.14", "-0.5", ".5", "1e10", "1.5E-3", "true", "false", "UNDEF", "undef"};
    private static final String[] BAD_TERMS = {
            "_:b1", "[]", "ex:a", "\"x\"^^xsd:integer", "\"unterminated", "<http://ex.org/a", "?y", "\"x\"@",
            "<http://ex.org/a b>", "TRUE", "Undef", "nonsense", "'", "1.2.3", "\"x\"@@en"};

    /** Mostly valid blocks, with a mistake every so often. */
    private static String block(SplittableRandom random) {
        int vars = random.nextInt(4);
        List<String> names = new ArrayList<>();
        for (int v = 0; v < vars; v++) {
            names.add(random.nextInt(20) == 0 && !names.isEmpty() ? names.get(0) : "v" + v);
        }
        boolean oneVar = vars == 1 && random.nextBoolean();
        StringBuilder b = new StringBuilder();
        if (oneVar) {
            b.append('?').append(names.get(0)).append(" {");
        } else {
            b.append('(');
            names.forEach(n -> b.append(" ?").append(n));
            b.append(random.nextInt(4) == 0 ? "\n)" : " )").append(" {");
        }
        int rows = random.nextInt(5);
        for (int r = 0; r < rows; r++) {
            int arity = random.nextInt(25) == 0 ? vars + 1 : vars;
            if (!oneVar) {
                b.append(" (");
            }
            for (int t = 0; t < (oneVar ? 1 : arity); t++) {
                b.append(' ').append(random.nextInt(40) == 0 ? BAD_TERMS[random.nextInt(BAD_TERMS.length)]
                        : GOOD_TERMS[random.nextInt(GOOD_TERMS.length)]);
            }
            if (!oneVar) {
                b.append(random.nextInt(50) == 0 ? "" : " )");
            }
            if (random.nextInt(30) == 0) {
                b.append(" # a comment\n");
            }
        }
        b.append(random.nextInt(60) == 0 ? "" : " }");
        if (random.nextInt(60) == 0) {
            b.append(" trailing");
        }
        return b.toString();
    }
}
