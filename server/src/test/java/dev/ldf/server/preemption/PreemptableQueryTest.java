package dev.ldf.server.preemption;

import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.core.Var;
import org.junit.jupiter.api.Test;

import dev.ldf.server.preemption.PreemptableQuery.Bgp;
import dev.ldf.server.preemption.PreemptableQuery.Filter;
import dev.ldf.server.preemption.PreemptableQuery.Join;
import dev.ldf.server.preemption.PreemptableQuery.Union;
import dev.ldf.server.preemption.PreemptableQuery.Values;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class PreemptableQueryTest {

    private static final String P = "PREFIX ex: <http://example.org/> ";

    @Test
    void aBgpWithAFilterUnderAProjection() throws UnsupportedQueryException {
        PreemptableQuery q = PreemptableQuery.parse(P + "SELECT ?s WHERE { ?s ex:p ?o . ?o ex:q ?s FILTER(?o != ex:x) }");
        assertEquals(List.of(Var.alloc("s")), q.projection());
        Filter filter = assertInstanceOf(Filter.class, q.where());
        assertEquals(2, assertInstanceOf(Bgp.class, filter.input()).patterns().size());
    }

    @Test
    void selectStarProjectsEveryVariable() throws UnsupportedQueryException {
        PreemptableQuery q = PreemptableQuery.parse(P + "SELECT * WHERE { ?s ex:p ?o }");
        assertEquals(List.of(Var.alloc("s"), Var.alloc("o")), q.projection());
    }

    @Test
    void unionAndValuesAreKept() throws UnsupportedQueryException {
        PreemptableQuery q = PreemptableQuery.parse(P + "SELECT * WHERE { VALUES ?s { ex:a ex:b } "
                + "{ ?s ex:p ?o } UNION { ?s ex:q ?o } }");
        Join join = assertInstanceOf(Join.class, q.where());
        Values values = assertInstanceOf(Values.class, join.left());
        assertEquals(2, values.rows().size());
        assertInstanceOf(Union.class, join.right());
    }

    @Test
    void termsAreReplacedEverywhereValuesIncluded() throws UnsupportedQueryException {
        Node blank = NodeFactory.createBlankNode("b0");
        PreemptableQuery query = PreemptableQuery.parse("SELECT * { VALUES ?o { <http://x/genid/b0> } ?o ?p <http://x/genid/b0> }",
                node -> node.getURI().startsWith("http://x/genid/") ? blank : node);
        PreemptableQuery.Join join = (PreemptableQuery.Join) query.where();
        PreemptableQuery.Values values = (PreemptableQuery.Values) join.left();
        assertEquals(blank, values.rows().get(0).get(Var.alloc("o")));
        assertEquals(blank, ((PreemptableQuery.Bgp) join.right()).patterns().get(0).getObject());
    }

    @Test
    void everyOtherFormIsRefusedByName() {
        String[][] cases = {
            {"SELECT * WHERE { ?s ex:p ?o MINUS { ?s ex:q ?o } }", "MINUS"},
            {"SELECT * WHERE { GRAPH ?g { ?s ex:p ?o } }", "GRAPH"},
            {"SELECT * WHERE { ?s ex:p* ?o }", "property path"},
            {"SELECT * WHERE { ?s ex:p ?o FILTER NOT EXISTS { ?o ex:q ?s } }", "EXISTS"},
            {"SELECT DISTINCT ?s WHERE { ?s ex:p ?o }", "DISTINCT is supported where it removes nothing"},
            {"SELECT DISTINCT * WHERE { { ?s ex:p ?o } UNION { ?s ex:q ?o } }", "DISTINCT"},
            {"SELECT DISTINCT * WHERE { VALUES ?s { ex:a ex:a } ?s ex:p ?o }", "DISTINCT"},
            {"SELECT ?s WHERE { ?s ex:p ?o } ORDER BY ?s", "ORDER BY"},
            {"SELECT (SAMPLE(?o) AS ?n) WHERE { ?s ex:p ?o }", "COUNT, SUM, MIN, MAX and AVG"},
            {"SELECT (COUNT(DISTINCT ?o) AS ?n) WHERE { ?s ex:p ?o }", "DISTINCT"},
            {"SELECT (COUNT(*) + 1 AS ?n) WHERE { ?s ex:p ?o }", "other than one aggregate"},
            {"SELECT ?s (COUNT(*) AS ?n) WHERE { ?s ex:p ?o } GROUP BY ?s HAVING (COUNT(*) > 1)", "HAVING"},
            {"SELECT ?k WHERE { ?s ex:p ?o } GROUP BY (STR(?o) AS ?k)", "GROUP BY an expression"},
            {"SELECT (COUNT(*) AS ?n) WHERE { ?s ex:p ?o } LIMIT 1", "LIMIT, OFFSET and DISTINCT with GROUP BY"},
            {"SELECT * WHERE { { SELECT ?s WHERE { ?s ex:p ?o } LIMIT 1 } }", "subquery"},
            {"SELECT * FROM ex:g WHERE { ?s ex:p ?o }", "FROM"},
            {"CONSTRUCT WHERE { ?s ex:p ?o }", "CONSTRUCT"},
            {"SELECT * WHERE { ?s ex:p ?o } VALUES ?s { ex:a }", "VALUES after"},
        };
        for (String[] c : cases) {
            UnsupportedQueryException e = assertThrows(UnsupportedQueryException.class,
                    () -> PreemptableQuery.parse(P + c[0]), c[0]);
            assertTrue(e.getMessage().contains(c[1]), c[0] + " -> " + e.getMessage());
        }
    }

    @Test
    void offsetLimitAskReducedAndADistinctThatRemovesNothingAreRun() throws UnsupportedQueryException {
        PreemptableQuery sliced = PreemptableQuery.parse(P + "SELECT ?s WHERE { ?s ex:p ?o } OFFSET 5 LIMIT 10");
        assertEquals(5, sliced.offset());
        assertEquals(10, sliced.limit());
        assertTrue(sliced.sliced());
        PreemptableQuery plain = PreemptableQuery.parse(P + "SELECT REDUCED ?s WHERE { ?s ex:p ?o }");
        assertEquals(PreemptableQuery.NO_LIMIT, plain.limit());
        assertFalse(plain.sliced(), "a saved plan without a count: tokens of such queries are as before");
        PreemptableQuery ask = PreemptableQuery.parse(P + "ASK { ?s ex:p ?o }");
        assertTrue(ask.ask());
        assertEquals(List.of(), ask.projection());
        assertEquals(1, ask.limit());
        PreemptableQuery distinct = PreemptableQuery.parse(P + "SELECT DISTINCT ?o ?s WHERE { ?s ex:p ?o . ?o ex:q ?s "
                + "FILTER(?s != ex:a) }");
        assertEquals(List.of(Var.alloc("o"), Var.alloc("s")), distinct.projection());
    }

    @Test
    void malformedSparqlIsAParseError() {
        assertThrows(QueryParseException.class, () -> PreemptableQuery.parse("SELECT * WHERE { ?s ?p }"));
    }
}
