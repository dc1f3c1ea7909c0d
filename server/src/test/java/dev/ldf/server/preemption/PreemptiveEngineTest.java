package dev.ldf.server.preemption;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.SplittableRandom;
import java.util.TreeMap;
import java.util.function.Consumer;
import java.util.function.Supplier;

import com.github.benmanes.caffeine.cache.Ticker;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.testing.ManualTicker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Every query gives Jena's results over the same data, however often it is suspended: after
 * random numbers of rows, after a few solutions, and with a 1 ms quantum.
 */
class PreemptiveEngineTest {

    static final String PREFIX = "PREFIX ex: <http://ex.org/> PREFIX rdf: <http://www.w3.org/1999/02/22-rdf-syntax-ns#> ";

    static final List<String> QUERIES = List.of(
            "SELECT * { ?s ex:p0 ?o . ?o ex:p1 ?z }",
            "SELECT ?s { ?s a ex:C1 ; ex:p0 ?a ; ex:p2 ?b }",
            "SELECT * { ?s ex:p3 ?s }",
            "SELECT * { ?s ?p ?o . ?p ex:label ?l }",
            "SELECT * { ?s ex:p4 ?n FILTER(?n > 50) }",
            "SELECT * { { ?s ex:p0 ?o } UNION { ?s ex:p1 ?o } }",
            "SELECT * { VALUES ?s { ex:s1 ex:s2 ex:nothere } ?s ?p ?o }",
            "SELECT * { ?s ex:p0 ex:s5 }",
            "SELECT * { ?s ex:missing ?o }",
            "SELECT * { ?a ex:p0 ?b . ?b ex:p0 ?c . ?c ex:p0 ?d }",
            "SELECT ?x ?p { ?x ?p ?x }",
            "SELECT * { ?s ?p ?o }",
            "SELECT * { ?s ex:p5 ?o . ?a ex:p5 ?b }",
            "SELECT * { VALUES (?s ?o) { (ex:s1 ex:s2) (ex:s2 UNDEF) } { ?s ex:p0 ?o } UNION { ?o ex:p0 ?s } }",
            "SELECT * { { ?s ex:p0 ?o } { ?o ex:p1 ?z } }",
            "SELECT * { ?s ex:p0 ?o FILTER(STRSTARTS(STR(?o), \"http://ex.org/s1\")) }",
            "SELECT * { ?s ex:p0 ?o FILTER(?o = ex:s3) }",
            "SELECT * { }",
            "SELECT ?s { ?s ex:label \"p one\"@en }",
            "SELECT * { ?s ex:p2 ?o . ?o ex:p2 ?s }",
            "SELECT ?name { ?s ex:p4 ?n ; ex:name ?name . ?t ex:p4 ?n FILTER(?s != ?t) }",
            "SELECT * { ex:s7 ?p ?o . ?o ?q ex:s7 }",
            "SELECT * { ?s ex:p0 ?o FILTER(?o = ex:s3 || ?o = ex:s4) FILTER(BOUND(?s)) }",
            // A FILTER in a nested group sees only that group's variables (W3C algebra#filter-nested-2).
            "SELECT * { ?s ex:p4 ?n . { FILTER(?n = 1) } }",
            "SELECT * { ?s ex:p4 ?n . { ?s ex:name ?m FILTER(?n < 30) } }",
            "SELECT * { ?s ex:p4 ?n . { ?s ex:p0 ?o FILTER(!BOUND(?n)) } }",
            "SELECT * { ?s ex:p5 ?x . { { ?s ex:p0 ?o } UNION { ?s ex:p1 ?o FILTER(BOUND(?x)) } } }",
            "SELECT * { ?s ex:p5 ?x . { ?s ex:p0 ?o . { ?o ex:p4 ?n FILTER(?n > 10) } } }",
            // BIND and expressions in SELECT: a value, an error (unbound), a nested group's scope.
            "SELECT * { ?s ex:p4 ?n BIND(?n * 2 AS ?d) FILTER(?d > 60) }",
            "SELECT ?s (STR(?o) AS ?t) (?n + 1 AS ?m) { ?s ex:p0 ?o OPTIONAL { } }".replace(" OPTIONAL { }", ""),
            "SELECT * { ?s ex:p0 ?o BIND(STRLEN(?o) AS ?bad) }",
            "SELECT * { ?s ex:p4 ?n . { BIND(?n AS ?m) } }",
            "SELECT * { BIND(ex:s3 AS ?o) ?s ex:p0 ?o }",
            "SELECT * { ?s ex:p4 ?n { ?s ex:name ?name BIND(CONCAT(?name, \"!\") AS ?loud) } }",
            // OPTIONAL: plain, with its own filter on the left's variables, nested, alone, joined after.
            "SELECT * { ?s ex:p0 ?o OPTIONAL { ?o ex:p1 ?z } }",
            "SELECT * { ?s ex:p4 ?n OPTIONAL { ?s ex:name ?name FILTER(?n > 40) } }",
            "SELECT * { ?s ex:p0 ?o OPTIONAL { ?o ex:p0 ?x OPTIONAL { ?x ex:p1 ?y } } }",
            "SELECT * { OPTIONAL { ?s ex:p5 ?x } }",
            "SELECT * { ?s ex:p5 ?x OPTIONAL { ?s ex:p0 ?o } ?o ex:p1 ?z }",
            "SELECT * { ?s ex:p4 ?n OPTIONAL { ?t ex:p4 ?m FILTER(?m = ?n + 1) } }");

    @TempDir
    static Path dir;

    private static HdtDatasource source;
    private static PreemptiveEngine engine;
    private static Model model;

    @BeforeAll
    static void data() throws IOException {
        Path nt = dir.resolve("data.nt");
        writeData(nt);
        Path hdt = dir.resolve("data.hdt");
        new RdfToHdt("http://ex.org/", HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(nt), hdt);
        source = HdtDatasource.open(hdt, HdtDatasource.Options.defaults());
        engine = new PreemptiveEngine(source.scans());
        model = RDFDataMgr.loadModel(nt.toString());
    }

    /** A small graph with joins of every kind: paths, stars, cycles, self-loops, literals, predicates as subjects. */
    static void writeData(Path nt) throws IOException {
        Random random = new Random(11);
        try (Writer out = Files.newBufferedWriter(nt)) {
            for (int s = 0; s < 120; s++) {
                String subject = "<http://ex.org/s" + s + ">";
                out.write(subject + " <http://www.w3.org/1999/02/22-rdf-syntax-ns#type> <http://ex.org/C" + s % 3 + "> .\n");
                for (int p = 0; p < 3; p++) {
                    for (int k = random.nextInt(4); k > 0; k--) {
                        out.write(subject + " <http://ex.org/p" + p + "> <http://ex.org/s" + random.nextInt(150) + "> .\n");
                    }
                }
                if (s % 7 == 0) {
                    out.write(subject + " <http://ex.org/p3> " + subject + " .\n");
                }
                out.write(subject + " <http://ex.org/p4> \"" + random.nextInt(100)
                        + "\"^^<http://www.w3.org/2001/XMLSchema#integer> .\n");
                out.write(subject + " <http://ex.org/name> \"name " + s + "\" .\n");
                if (s % 40 == 0) {
                    out.write(subject + " <http://ex.org/p5> \"x" + s + "\" .\n");
                }
            }
            out.write("<http://ex.org/p1> <http://ex.org/label> \"p one\"@en .\n");
            out.write("<http://ex.org/p2> <http://ex.org/label> \"p two\"@en .\n");
            out.write("<http://ex.org/s9> <http://ex.org/p2> <http://ex.org/p1> .\n");
        }
    }

    @AfterAll
    static void close() {
        source.close();
    }

    @Test
    void givesJenasResultsInOneQuantum() throws Exception {
        int nonEmpty = 0;
        for (String text : QUERIES) {
            List<String> results = run(text, () -> Quantum.ofRows(Long.MAX_VALUE), Integer.MAX_VALUE);
            assertEquals(jena(text), sorted(results), text);
            nonEmpty += results.isEmpty() ? 0 : 1;
        }
        assertTrue(nonEmpty >= QUERIES.size() - 5, "the queries find something: " + nonEmpty);
    }

    @Test
    void givesJenasResultsWhenSuspendedAtRandomRows() throws Exception {
        SplittableRandom random = new SplittableRandom(5);
        for (String text : QUERIES) {
            List<String> expected = jena(text);
            for (int trial = 0; trial < 4; trial++) {
                int most = 1 + random.nextInt(trial == 0 ? 2 : 40);
                List<String> results = run(text, () -> Quantum.ofRows(1 + random.nextInt(most)),
                        1 + random.nextInt(trial % 2 == 0 ? 3 : 1000));
                assertEquals(expected, sorted(results), text + " (trial " + trial + ")");
            }
        }
    }

    @Test
    void givesJenasResultsWithAOneMillisecondQuantum() throws Exception {
        // Every clock read (one per 16 rows) moves time by 0.1 ms: each quantum ends after about 160 rows.
        ManualTicker ticker = new ManualTicker();
        Ticker stepping = () -> {
            ticker.advance(Duration.ofNanos(100_000));
            return ticker.read();
        };
        for (String text : QUERIES) {
            List<String> results = run(text, () -> Quantum.ofNanos(stepping, 1_000_000), 100);
            assertEquals(jena(text), sorted(results), text);
        }
    }

    @Test
    void savedPlansAreSmall() throws Exception {
        PreemptableQuery query = PreemptableQuery.parse(PREFIX + QUERIES.get(9));
        PreemptiveEngine.Outcome outcome = engine.run(query, null, Quantum.ofRows(20), 1000, b -> { });
        assertTrue(outcome.next() != null && outcome.next().length <= 16, "three scans' positions in a few bytes");
    }

    @Test
    void aStateThatDoesNotFitThePlanIsRefused() throws Exception {
        PreemptableQuery query = PreemptableQuery.parse(PREFIX + QUERIES.get(0));
        for (byte[] state : List.of(new byte[] {9, 1, 1, 1, 1, 1}, new byte[] {(byte) 0x80}, new byte[] {2, 0, 7},
                new byte[] {5, 0, 1})) {
            InvalidTokenException e = assertThrows(InvalidTokenException.class,
                    () -> engine.run(query, state, Quantum.ofRows(10), 10, b -> { }));
            assertEquals(InvalidTokenException.Reason.MALFORMED, e.reason());
        }
    }

    /** Runs one quantum of a query. */
    @FunctionalInterface
    interface QuantumRunner {
        PreemptiveEngine.Outcome run(PreemptableQuery query, byte[] state, Quantum quantum, int maxSolutions,
                Consumer<Binding> sink) throws InvalidTokenException;
    }

    private static List<String> run(String text, Supplier<Quantum> quanta, int maxSolutions)
            throws Exception {
        return run(engine::run, text, quanta, maxSolutions);
    }

    /** Runs a query quantum after quantum until it is complete; results as strings, in the order found. */
    static List<String> run(QuantumRunner runner, String text, Supplier<Quantum> quanta,
            int maxSolutions) throws Exception {
        PreemptableQuery query = PreemptableQuery.parse(PREFIX + text);
        List<String> results = new ArrayList<>();
        byte[] state = null;
        int requests = 0;
        do {
            PreemptiveEngine.Outcome outcome = runner.run(query, state, quanta.get(), maxSolutions,
                    b -> results.add(format(b, query.projection())));
            state = outcome.next();
            assertTrue(++requests < 200_000, text + " makes no progress");
        } while (state != null);
        return results;
    }

    private static List<String> jena(String text) {
        return jena(text, model);
    }

    /** Jena's results over {@code model}, as sorted strings. */
    static List<String> jena(String text, Model model) {
        Query query = QueryFactory.create(PREFIX + text);
        List<String> results = new ArrayList<>();
        try (QueryExecution execution = QueryExecution.create(query, model)) {
            ResultSet rs = execution.execSelect();
            while (rs.hasNext()) {
                results.add(format(rs.nextBinding(), query.getProjectVars()));
            }
        }
        return sorted(results);
    }

    private static String format(Binding binding, List<Var> vars) {
        TreeMap<String, String> terms = new TreeMap<>();
        for (Var v : vars) {
            if (binding.contains(v)) {
                terms.put(v.getVarName(), binding.get(v).toString());
            }
        }
        for (Iterator<Var> it = binding.vars(); it.hasNext();) {
            Var v = it.next();
            assertTrue(vars.contains(v), "unprojected " + v);
        }
        return terms.toString();
    }

    static List<String> sorted(List<String> results) {
        List<String> copy = new ArrayList<>(results);
        copy.sort(null);
        return copy;
    }
}
