package dev.ldf.server.syntax;

import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.Var;
import org.junit.jupiter.api.Assertions;
import org.junit.jupiter.api.Test;

import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Bindings;

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
            assertTrue(IriSyntax.isAbsoluteWithoutDotSegments(iri), iri);
        }
        for (String iri : List.of("", "relative", "/abs/path", "1http://x", "http://ex.org/a/./b", "http://ex.org/a/..",
                "http://ex.org/a/.?q", "http://ex.org/a/..#f", "http://ex.org/%7E", "ht tp://x")) {
            assertTrue(!IriSyntax.isAbsoluteWithoutDotSegments(iri), iri);
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

    /** The blocks bind joins send skip the tokenizer, and read to what the tokenizer reads. */
    @Test
    void plainBlocksAreScannedToWhatTheTokenizerReads() {
        SplittableRandom random = new SplittableRandom(3344);
        int scanned = 0;
        for (int i = 0; i < 3000; i++) {
            boolean plain = random.nextInt(3) > 0;
            String block = plainBlock(random, plain);
            Bindings fast = PlainValuesScanner.scan(block);
            if (plain) {
                assertTrue(fast != null, "a plain block goes to the tokenizer: " + block);
            }
            if (fast != null) {
                Bindings tokenized = ValuesBlockParser.tokenized(block, BASE);
                assertEquals(tokenized.variables(), fast.variables(), block);
                assertEquals(tokenized.rows(), fast.rows(), block);
                scanned++;
            }
            assertEquals(jena(block) == null, ours(block) == null, "accepted by Jena and by us alike: " + block);
        }
        assertTrue(scanned > 2000, scanned + " scanned");
    }

    /** A hostile header of a quarter of a million names (a 1.8 MB body) reads in linear time. */
    @Test
    void aHugeHeaderReadsInLinearTime() {
        StringBuilder block = new StringBuilder("(");
        for (int i = 0; i < 250_000; i++) {
            block.append(" ?v").append(i);
        }
        String text = block.append(" ) { }").toString();
        Bindings bindings = Assertions.assertTimeoutPreemptively(Duration.ofSeconds(20),
                () -> ValuesBlockParser.parse(text, BASE), "a quadratic scan takes minutes");
        assertEquals(250_000, bindings.variables().size());
        assertEquals(0, bindings.size());
    }

    private static final String[] PLAIN_TERMS = {"<http://ex.org/a>", "<http://ex.org/b?x=1&y=(2)#f>", "<urn:isbn:0451>",
            "<http://ex.org/a/.hidden>", "<https://ex.org/~u/it's;v=1,[x]@y!$*+>", "UNDEF", "undef", "Undef"};
    /** Terms that are valid but not plain, or not valid: the tokenizer's. */
    private static final String[] OTHER_TERMS = {"<http://ex.org/%7E>", "<relative>", "<http://ex.org/a/./b>",
            "<http://ex.org/caf\u00E9>", "<http://ex.org/café>", "\"lit\"", "42", "true", "<http://ex.org/a b>",
            "<http://ex.org/a|b>", "<http://ex.org/a", "UNDEFINED", "ex:a", "# comment\n", "<>"};

    /** Valid blocks of plain terms with varied spacing; with {@code plain} false, some other term or shape too. */
    private static String plainBlock(SplittableRandom random, boolean plain) {
        String[] spaces = {" ", "", "\n", "\t ", "\r\n"};
        int vars = 1 + random.nextInt(3);
        boolean oneVar = vars == 1 && random.nextBoolean();
        StringBuilder b = new StringBuilder(spaces[random.nextInt(spaces.length)]);
        if (oneVar) {
            b.append(plain || random.nextInt(4) > 0 ? "?v_0" : "?v\u00e9").append(spaces[random.nextInt(2)]).append('{');
        } else {
            b.append('(');
            for (int v = 0; v < vars; v++) {
                b.append(spaces[random.nextInt(v == 0 ? spaces.length : 1)]).append("?v").append(v);
            }
            b.append(spaces[random.nextInt(spaces.length)]).append(") {");
        }
        int rows = random.nextInt(6);
        for (int r = 0; r < rows; r++) {
            // Two words need a space between them; a ')' or '>' does not.
            b.append(oneVar ? " " : spaces[random.nextInt(spaces.length)]).append(oneVar ? "" : "(");
            for (int t = 0; t < (oneVar ? 1 : vars); t++) {
                boolean other = !plain && random.nextInt(3) == 0;
                b.append(t == 0 && random.nextBoolean() ? "" : " ")
                        .append(other ? OTHER_TERMS[random.nextInt(OTHER_TERMS.length)] : PLAIN_TERMS[random.nextInt(PLAIN_TERMS.length)]);
            }
            b.append(oneVar ? "" : plain || random.nextInt(10) > 0 ? ")" : " )x");
        }
        return b.append(spaces[random.nextInt(spaces.length)]).append('}').append(spaces[random.nextInt(spaces.length)]).toString();
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
