package dev.ldf.server.syntax;

import java.lang.management.ManagementFactory;

import org.apache.jena.query.QueryFactory;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The pass before Jena's SPARQL parser: numbers and dot segments it bounds, and what only looks like them. */
class SparqlTermScanTest {

    private static final String LONG = "7".repeat(LexicalLimits.MAX_NUMBER_LENGTH + 1);
    private static final String LONGEST = "7".repeat(LexicalLimits.MAX_NUMBER_LENGTH);

    @Test
    void refusesNumbersLongerThanTheBoundWhereverTheParserWouldReadThem() {
        for (String query : new String[] {
                "SELECT * WHERE { ?s ?p " + LONG + " }",
                "SELECT * WHERE { ?s ?p -" + LONG + " }",
                "SELECT * WHERE { ?s ?p ?o FILTER(?o > " + LONG.substring(10) + ".1234567890) }",
                "SELECT * WHERE { ?s ?p ." + LONG + " }",
                "SELECT * WHERE { VALUES ?o { " + LONG + " } }",
                "SELECT * WHERE { ?s ?p \"" + LONG + "\"^^<http://www.w3.org/2001/XMLSchema#integer> }",
                "PREFIX xsd: <http://www.w3.org/2001/XMLSchema#> SELECT * WHERE { ?s ?p '" + LONG + "'^^xsd:nonNegativeInteger }",
                "PREFIX x: <http://www.w3.org/2001/XMLSchema#> SELECT * WHERE { ?s ?p \"\"\"" + LONG + "\"\"\"^^x:decimal }"}) {
            String problem = SparqlTermScan.problem(query);
            assertNotNull(problem, query.substring(0, 40));
            assertTrue(problem.matches("a number of 1,00[0-9] characters is longer than the 1,000 this server reads .*"),
                    problem);
        }
    }

    @Test
    void leavesDigitsThatAreNoNumberAndNumbersWithinTheBound() {
        for (String query : new String[] {
                "SELECT * WHERE { ?s ?p " + LONGEST + " }",
                "SELECT * WHERE { ?s ?p \"" + LONG + "\" }",
                "SELECT * WHERE { ?s ?p \"" + LONG + "\"@en }",
                "SELECT * WHERE { ?s ?p \"" + LONG + "\"^^<http://www.w3.org/2001/XMLSchema#string> }",
                "SELECT * WHERE { ?s ?p \"" + LONG + "\"^^<http://www.w3.org/2001/XMLSchema#double> }",
                "SELECT * WHERE { ?s ?p ?v" + LONG + " }",
                "PREFIX ex: <http://ex.org/> SELECT * WHERE { ?s ?p ex:" + LONG + " }",
                "PREFIX ex: <http://ex.org/> SELECT * WHERE { ?s ?p ex:a." + LONG + " }",
                "SELECT * WHERE { ?s ?p _:b" + LONG + " }",
                "SELECT * WHERE { ?s ?p <http://ex.org/" + LONG + "#" + LONG + "> }",
                "SELECT * WHERE { ?s ?p ?o } # " + LONG + "\n",
                "SELECT * WHERE { ?s ?p ?o FILTER(?o < 5 && ?o > 2) } # <x> " + LONG,
                "SELECT * WHERE { ?s ?p '''a ' b '' " + LONG + "''' }",
                "SELECT * WHERE { ?s ?p \"a \\\" " + LONG + "\" }"}) {
            assertNull(SparqlTermScan.problem(query), query.substring(0, Math.min(60, query.length())));
        }
    }

    @Test
    void refusesIrisWithMoreDotSegmentsThanTheBound() {
        String many = "./".repeat(LexicalLimits.MAX_DOT_SEGMENTS + 1);
        String enough = "../".repeat(LexicalLimits.MAX_DOT_SEGMENTS);
        assertNotNull(SparqlTermScan.problem("SELECT * WHERE { <a:/" + many + "> ?p ?o }"));
        assertNotNull(SparqlTermScan.problem("BASE <http://ex.org/a/" + many + "> SELECT * WHERE { ?s ?p ?o }"));
        assertNotNull(SparqlTermScan.problem("SELECT * WHERE { ?s ?p \"1\"^^<" + many + "integer> }"));
        assertNull(SparqlTermScan.problem("SELECT * WHERE { <" + enough + "> ?p ?o }"));
        // '<' with a space after it is less-than, not an IRI.
        assertNull(SparqlTermScan.problem("SELECT * WHERE { ?s ?p ?o FILTER(?o < 3 || ?o > 4) } # " + many));
    }

    @Test
    void dotSegmentsAreCountedAsResolutionSeesThem() {
        assertEquals(0, LexicalLimits.dotSegments("http://ex.org/a.b/.c/..d/"));
        assertEquals(2, LexicalLimits.dotSegments("http://ex.org/./a/../b"));
        assertEquals(3, LexicalLimits.dotSegments("../../."));
        assertEquals(1, LexicalLimits.dotSegments("a:/x/..?/./../#/.."));
    }

    @Test
    void takesLinearTimeOnTextThatLooksLikeManyTokens() {
        // A run of '<' that never closes an IRI, strings that never end, and names: each scanned once.
        String text = "<a".repeat(500_000) + "'" + "x".repeat(500_000) + " ?a" + "1".repeat(500_000);
        long cpu = Cpu.now();
        SparqlTermScan.problem(text);
        assertTrue(Cpu.now() - cpu < 2_000_000_000L, "more than 2 s of CPU for 3 MB");
    }

    @Test
    void everyQueryTheScanPassesIsOneJenaParsesTheSame() {
        String query = "PREFIX ex: <http://ex.org/> SELECT * WHERE { ?s ex:p 12.5e3, -7, .5, \"8\"^^<http://www.w3.org/2001/XMLSchema#integer> "
                + "FILTER(?s < 3 && ?s > <http://ex.org/x>) }";
        assertNull(SparqlTermScan.problem(query));
        assertNotNull(QueryFactory.create(query));
    }

    /** The current thread's CPU time in nanoseconds. */
    private static final class Cpu {
        static long now() {
            return ManagementFactory.getThreadMXBean().getCurrentThreadCpuTime();
        }
    }
}
