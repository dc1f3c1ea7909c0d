package dev.ldf.client.conformance;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashSet;
import java.util.List;

import org.apache.jena.graph.Graph;
import org.apache.jena.query.Query;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.query.ResultSetRewindable;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSetStream;
import org.apache.jena.sparql.resultset.ResultSetCompare;
import org.apache.jena.sparql.resultset.SPARQLResult;

/**
 * A query's answer against the test's expected result, the way the W3C suite compares them:
 * solutions by term with blank nodes matched up to renaming (in order under ORDER BY), graphs by
 * isomorphism, booleans by value. A CSV expectation has lost datatypes and blank node identity,
 * so the answer goes through CSV too before the comparison.
 */
final class W3cResults {

    private static final String RS = "http://www.w3.org/2001/sw/DataAccess/tests/result-set#";

    private W3cResults() {}

    /** Null when {@code exec}'s answer is the expected one, else what differs, in a few words. */
    static String check(W3cTest test, Query query, QueryExec exec) throws IOException {
        try (exec) {
            return checkAnswer(test, query, answer(query, exec));
        }
    }

    /** Null when {@code actual}, an answer in the form {@link #answer} gives, is the expected one. */
    static String checkAnswer(W3cTest test, Query query, Object actual) throws IOException {
        Object expected = expected(test, query);
        if (test.result().getFileName().toString().endsWith(".csv")) {
            actual = throughCsv((ResultSetRewindable) actual);
        }
        if (test.lax()) {
            expected = distinct((ResultSetRewindable) expected);
            actual = distinct((ResultSetRewindable) actual);
        }
        return differs(query, expected, actual, "expected");
    }

    /** Null when both executions give the same answer, compared as {@link #check} compares. */
    static String compare(Query query, QueryExec ours, QueryExec theirs) {
        try (ours; theirs) {
            return differs(query, answer(query, theirs), answer(query, ours), "ARQ");
        }
    }

    /** Null when {@code ours}, an answer as {@link #answer} gives it, is ARQ's. */
    static String compareAnswer(Query query, Object ours, QueryExec theirs) {
        if (ours instanceof ResultSetRewindable rows) {
            rows.reset(); // read once already, by the check against the suite
        }
        try (theirs) {
            return differs(query, answer(query, theirs), ours, "ARQ");
        }
    }

    /** The answer of a query form: a boolean, a graph, or solutions that can be read twice. */
    static Object answer(Query query, QueryExec exec) {
        if (query.isAskType()) {
            return exec.ask();
        }
        if (query.isConstructType() || query.isDescribeType()) {
            return query.isConstructType() ? exec.construct() : exec.describe();
        }
        return ResultSetFactory.makeRewindable(exec.select());
    }

    /** The test's expected answer, in the form {@link #answer} gives. */
    private static Object expected(W3cTest test, Query query) throws IOException {
        if (query.isAskType()) {
            return expectedBoolean(test.result());
        }
        if (query.isConstructType() || query.isDescribeType()) {
            return ResultSetFactory.loadAsModel(uri(test.result())).getGraph();
        }
        if (test.result().getFileName().toString().endsWith(".csv")) {
            try (InputStream in = Files.newInputStream(test.result())) {
                return ResultSetFactory.makeRewindable(ResultSetMgr.read(in, ResultSetLang.RS_CSV));
            }
        }
        SPARQLResult result = ResultSetFactory.result(uri(test.result()));
        return result.isModel() ? ResultSetFactory.makeRewindable(result.getModel())
                : ResultSetFactory.makeRewindable(result.getResultSet());
    }

    /**
     * Null when the answers agree: booleans by value, graphs by isomorphism, solutions by term with
     * blank nodes up to renaming (in order under ORDER BY); else what {@code actual} gave against
     * {@code whose} answer.
     */
    private static String differs(Query query, Object reference, Object actual, String whose) {
        if (reference instanceof Boolean b) {
            return b.equals(actual) ? null : "ASK gave " + actual + ", " + whose + " " + b;
        }
        if (reference instanceof Graph g) {
            Graph a = (Graph) actual;
            return g.isIsomorphicWith(a) ? null : "graph of " + a.size() + " triples, " + whose + " " + g.size();
        }
        ResultSetRewindable r = (ResultSetRewindable) reference;
        ResultSetRewindable a = (ResultSetRewindable) actual;
        boolean same = query.isOrdered() ? ResultSetCompare.equalsByTermAndOrder(r, a) : ResultSetCompare.equalsByTerm(r, a);
        if (same) {
            return null;
        }
        r.reset();
        a.reset();
        return a.size() + " rows, " + whose + " " + r.size() + "; got " + shown(a);
    }

    /** An ASK result: SPARQL XML or JSON, or RDF with {@code rs:boolean}. */
    private static boolean expectedBoolean(Path file) {
        SPARQLResult result = ResultSetFactory.result(uri(file));
        if (result.isBoolean()) {
            return result.getBooleanResult();
        }
        Model model = result.getModel();
        return model.listObjectsOfProperty(model.createProperty(RS + "boolean")).next().asLiteral().getBoolean();
    }

    private static ResultSetRewindable throughCsv(ResultSetRewindable rows) {
        ByteArrayOutputStream csv = new ByteArrayOutputStream();
        ResultSetMgr.write(csv, rows, ResultSetLang.RS_CSV);
        return ResultSetFactory.makeRewindable(ResultSetMgr.read(new ByteArrayInputStream(csv.toByteArray()), ResultSetLang.RS_CSV));
    }

    private static ResultSetRewindable distinct(ResultSetRewindable rows) {
        List<String> vars = rows.getResultVars();
        LinkedHashSet<Binding> seen = new LinkedHashSet<>();
        rows.reset();
        while (rows.hasNext()) {
            seen.add(rows.nextBinding());
        }
        ResultSet set = ResultSet.adapt(RowSetStream.create(vars.stream().map(Var::alloc).toList(),
                seen.iterator()));
        return ResultSetFactory.makeRewindable(set);
    }

    private static String shown(ResultSetRewindable rows) {
        String text = ResultSetFormatter.asText(rows).strip().replaceAll("\\s+", " ");
        return text.length() > 300 ? text.substring(0, 300) + "..." : text;
    }

    private static String uri(Path file) {
        return file.toUri().toString();
    }
}
