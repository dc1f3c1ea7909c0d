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
            return checkOpen(test, query, exec);
        }
    }

    private static String checkOpen(W3cTest test, Query query, QueryExec exec) throws IOException {
        String file = test.result().getFileName().toString();
        if (query.isAskType()) {
            boolean expected = expectedBoolean(test.result());
            boolean actual = exec.ask();
            return expected == actual ? null : "ASK gave " + actual;
        }
        if (query.isConstructType() || query.isDescribeType()) {
            Graph expected = ResultSetFactory.loadAsModel(uri(test.result())).getGraph();
            Graph actual = query.isConstructType() ? exec.construct() : exec.describe();
            return expected.isIsomorphicWith(actual) ? null
                    : "graph of " + actual.size() + " triples, expected " + expected.size();
        }
        ResultSetRewindable actual = ResultSetFactory.makeRewindable(exec.select());
        ResultSetRewindable expected;
        if (file.endsWith(".csv")) {
            try (InputStream in = Files.newInputStream(test.result())) {
                expected = ResultSetFactory.makeRewindable(ResultSetMgr.read(in, ResultSetLang.RS_CSV));
            }
            actual = throughCsv(actual);
        } else {
            SPARQLResult result = ResultSetFactory.result(uri(test.result()));
            expected = result.isModel() ? ResultSetFactory.makeRewindable(result.getModel())
                    : ResultSetFactory.makeRewindable(result.getResultSet());
        }
        if (test.lax()) {
            expected = distinct(expected);
            actual = distinct(actual);
        }
        boolean same = query.isOrdered() ? ResultSetCompare.equalsByTermAndOrder(expected, actual)
                : ResultSetCompare.equalsByTerm(expected, actual);
        if (same) {
            return null;
        }
        actual.reset();
        expected.reset();
        return actual.size() + " rows, expected " + expected.size() + "; got " + shown(actual);
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

    /** Null when both executions give the same answer, compared as {@link #check} compares. */
    static String compare(Query query, QueryExec ours, QueryExec theirs) {
        try (ours; theirs) {
            if (query.isAskType()) {
                boolean a = ours.ask();
                boolean b = theirs.ask();
                return a == b ? null : "ASK gave " + a + ", ARQ " + b;
            }
            if (query.isConstructType() || query.isDescribeType()) {
                Graph a = query.isConstructType() ? ours.construct() : ours.describe();
                Graph b = query.isConstructType() ? theirs.construct() : theirs.describe();
                return a.isIsomorphicWith(b) ? null : "graph of " + a.size() + " triples, ARQ's " + b.size();
            }
            ResultSetRewindable a = ResultSetFactory.makeRewindable(ours.select());
            ResultSetRewindable b = ResultSetFactory.makeRewindable(theirs.select());
            boolean same = query.isOrdered() ? ResultSetCompare.equalsByTermAndOrder(a, b) : ResultSetCompare.equalsByTerm(a, b);
            a.reset();
            return same ? null : a.size() + " rows, ARQ " + b.size() + "; got " + shown(a);
        }
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
        ResultSet set = ResultSet.adapt(RowSetStream.create(vars.stream().map(org.apache.jena.sparql.core.Var::alloc).toList(),
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
