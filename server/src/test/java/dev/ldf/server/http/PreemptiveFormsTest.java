package dev.ldf.server.http;

import java.io.ByteArrayInputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.exec.http.QueryExecutionHTTP;
import org.apache.jena.sparql.expr.ExprAggregator;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.nodevalue.XSDFuncOp;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 51: the forms the preemptive endpoint runs beyond basic graph patterns (OFFSET and LIMIT,
 * ASK, DISTINCT, REDUCED, OPTIONAL, COUNT, SUM, MIN, MAX and AVG with GROUP BY) give Jena's answer on the
 * library, asked both ways: for the complete answer, as Jena's HTTP client does, and a quantum at
 * a time, following tokens and merging the partial groups as a client does.
 */
@Tag("server")
class PreemptiveFormsTest {

    private static final String P = "PREFIX schema: <http://schema.org/> ";
    /** Queries whose answer does not depend on the order of evaluation. */
    private static final List<String> QUERIES = List.of(
            "SELECT DISTINCT * { ?b schema:author ?a . ?a schema:name ?n }",
            "SELECT REDUCED ?b ?a { ?b schema:author ?a }",
            "SELECT (COUNT(*) AS ?n) { ?s ?p ?o }",
            "SELECT (COUNT(*) AS ?n) { ?s schema:nothing ?o }",
            "SELECT ?p (COUNT(*) AS ?n) { ?s ?p ?o } GROUP BY ?p",
            "SELECT ?a (COUNT(?pages) AS ?c) (SUM(?pages) AS ?total) (MIN(?pages) AS ?least) (MAX(?pages) AS ?most) "
                    + "{ ?b schema:author ?a OPTIONAL { ?b schema:numberOfPages ?pages } } GROUP BY ?a",
            "SELECT ?a (MIN(?n) AS ?first) (MAX(?n) AS ?last) { ?b schema:author ?a ; schema:name ?n } GROUP BY ?a",
            "SELECT ?l { ?s schema:inLanguage ?l } GROUP BY ?l",
            "SELECT (SUM(?x) AS ?s) { VALUES ?x { 1 2 \"three\" } }");

    private static Model model;
    private static String endpoint;

    @BeforeAll
    static void data() {
        model = RDFDataMgr.loadModel(TestData.libraryTurtle().toString());
        endpoint = TestServer.dataset("library") + "/sparql";
    }

    @Test
    void completeAnswersAreJenas() {
        for (String text : QUERIES) {
            try (QueryExecution remote = QueryExecutionHTTP.service(endpoint).query(P + text).build()) {
                assertEquals(jena(P + text), strings(remote.execSelect()), text);
            }
        }
    }

    @Test
    void quantaWithMergedPartialGroupsAreJenas() throws Exception {
        for (String text : QUERIES) {
            Query query = QueryFactory.create(P + text);
            List<Binding> rows = new ArrayList<>();
            String next = null;
            do {
                HttpResponse<String> page = Http.get(next == null ? Http.url(endpoint, "query", P + text)
                        : Http.url(endpoint, "query", P + text, "next", next), "Prefer", "continuation");
                assertEquals(200, page.statusCode(), page.body());
                ResultSet results = ResultSetMgr.read(new ByteArrayInputStream(page.body().getBytes(StandardCharsets.UTF_8)),
                        ResultSetLang.RS_JSON);
                while (results.hasNext()) {
                    rows.add(results.nextBinding());
                }
                next = page.headers().firstValue(SparqlEndpoint.NEXT_HEADER).orElse(null);
            } while (next != null);
            List<String> merged = query.hasAggregators() || query.hasGroupBy() ? merge(query, rows)
                    : strings(query.getResultVars(), rows);
            assertEquals(jena(P + text), merged, text);
        }
    }

    @Test
    void whatStaysRefusedIsA400ThatNamesThePart() {
        String[][] refused = {
            {"SELECT ?b { ?b schema:name ?n } ORDER BY ?n", "ORDER BY"},
            {"SELECT * { ?b schema:author ?a MINUS { ?a schema:name ?n } }", "MINUS"},
            {"SELECT (COUNT(DISTINCT ?a) AS ?n) { ?b schema:author ?a }", "DISTINCT"},
            {"SELECT ?a (COUNT(*) AS ?n) { ?b schema:author ?a } GROUP BY ?a HAVING (COUNT(*) > 2)", "HAVING"},
            {"SELECT DISTINCT ?a { ?b schema:author ?a }", "DISTINCT"},
        };
        for (String[] c : refused) {
            HttpResponse<String> response = Http.get(Http.url(endpoint, "query", P + c[0]));
            assertEquals(400, response.statusCode(), c[0]);
            assertTrue(response.body().contains(c[1]), c[0] + " -> " + response.body());
        }
        HttpResponse<String> average = Http.get(Http.url(endpoint, "query",
                P + "SELECT (AVG(?p) AS ?mean) { ?b schema:numberOfPages ?p }"), "Prefer", "continuation");
        assertEquals(400, average.statusCode(), average.body());
        assertTrue(average.body().contains("AVG has no partial aggregate"), average.body());
    }

    /**
     * Merges partial groups as a client does: the rows of one group add their counts and sums
     * (an unbound partial sum, an error, leaves the sum unbound) and keep the least and greatest.
     */
    private static List<String> merge(Query query, List<Binding> rows) {
        Map<Var, String> kinds = new HashMap<>();
        query.getProject().forEachExpr((v, e) -> kinds.put(v, ((ExprAggregator) e).getAggregator().getName()));
        List<Var> by = query.getGroupBy().getVars();
        Map<List<Node>, Map<Var, NodeValue>> groups = new LinkedHashMap<>();
        Map<List<Node>, Map<Var, Boolean>> seen = new HashMap<>();
        for (Binding row : rows) {
            List<Node> key = by.stream().map(row::get).toList();
            Map<Var, NodeValue> group = groups.computeIfAbsent(key, k -> new HashMap<>());
            Map<Var, Boolean> first = seen.computeIfAbsent(key, k -> new HashMap<>());
            kinds.forEach((v, kind) -> {
                NodeValue value = row.get(v) == null ? null : NodeValue.makeNode(row.get(v));
                if (first.put(v, true) == null) {
                    group.put(v, value);
                    return;
                }
                NodeValue before = group.get(v);
                group.put(v, switch (kind) {
                    case "MIN" -> before == null ? value : value == null || NodeValue.compareAlways(before, value) <= 0
                            ? before : value;
                    case "MAX" -> before == null ? value : value == null || NodeValue.compareAlways(before, value) >= 0
                            ? before : value;
                    default -> before == null || value == null ? null : XSDFuncOp.numAdd(before, value);
                });
            });
        }
        List<Binding> merged = new ArrayList<>();
        groups.forEach((key, values) -> {
            BindingBuilder builder = BindingBuilder.create();
            for (int i = 0; i < by.size(); i++) {
                if (key.get(i) != null) {
                    builder.add(by.get(i), key.get(i));
                }
            }
            values.forEach((v, value) -> {
                if (value != null) {
                    builder.add(v, value.asNode());
                }
            });
            merged.add(builder.build());
        });
        return strings(query.getResultVars(), merged);
    }

    /** Jena's answer as sorted strings. */
    private static List<String> jena(String text) {
        try (QueryExecution local = QueryExecution.create(QueryFactory.create(text), model)) {
            return strings(local.execSelect());
        }
    }

    private static List<String> strings(ResultSet results) {
        List<Binding> rows = new ArrayList<>();
        while (results.hasNext()) {
            rows.add(results.nextBinding());
        }
        return strings(results.getResultVars(), rows);
    }

    /** Rows as sorted strings; blank nodes, and the Skolem IRIs the endpoint gives for them, alike. */
    private static List<String> strings(List<String> vars, List<Binding> solutions) {
        List<String> rows = new ArrayList<>();
        for (Binding b : solutions) {
            StringBuilder row = new StringBuilder();
            for (String v : vars) {
                Node n = b.get(Var.alloc(v));
                boolean blank = n != null && (n.isBlank() || n.isURI() && n.getURI().contains("/.well-known/genid/"));
                row.append(v).append('=').append(n == null ? "" : blank ? "_:" : n.toString()).append(' ');
            }
            rows.add(row.toString());
        }
        rows.sort(null);
        return rows;
    }
}
