package dev.ldf.client.conformance;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.stream.Stream;

import org.apache.jena.graph.NodeFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetFactory;
import org.apache.jena.query.Syntax;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.http.QueryExceptionHTTP;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.exec.RowSetStream;
import org.apache.jena.sparql.exec.http.QueryExecHTTP;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The W3C SPARQL 1.0 and 1.1 query-evaluation tests (vendored under
 * {@code src/test/resources/w3c-sparql}, see its README) through the client, against one real
 * server: each test's data converted to HDT as {@code ldf-hdt convert} does and served as its own
 * dataset, once with the default page size and once with 2-triple pages and 2-solution quanta (so
 * that paging and suspension are exercised). Every in-scope test runs in brTPF, TPF and preemptive
 * mode and must pass, except where Jena ARQ's own evaluation over the data in memory disagrees with
 * the suite: those are listed with the reason in {@code jena-disagrees.tsv} and must give ARQ's
 * answer instead; the list is checked too, so that it fails when one of them starts to pass or
 * another starts to fail.
 *
 * <p>A summary per mode goes to {@code target/w3c-sparql/}.
 */
@Tag("server")
@Tag("slow")
class W3cSparqlSuiteTest {

    static final Path ROOT = Path.of("src/test/resources/w3c-sparql").toAbsolutePath();
    private static final int QUERY_TIMEOUT_SECONDS = 20;
    /** A run stops after this many queries ran out of time: something hangs, and the rest would wait too. */
    private static final int MAX_TIMEOUTS = 3;
    private static final String TIMEOUT = "no answer in " + QUERY_TIMEOUT_SECONDS + " s";
    /** The outcome of a listed test whose answer is ARQ's own. */
    private static final String ARQS_ANSWER = "ARQ's answer";

    @TempDir
    static Path dir;

    private static List<W3cTest> tests;
    /** The dataset name serving each test's data. */
    private static final Map<List<Path>, String> DATASETS = new LinkedHashMap<>();
    private static FragmentServer server;
    private static Map<String, String> listed;
    /** Runs one query at a time; replaced when a query hangs, whose thread is then left behind. */
    private static ExecutorService runner = newRunner();

    @BeforeAll
    static void serveEveryTestsData() throws Exception {
        tests = W3cManifests.read(ROOT);
        listed = readListed();
        Path empty = Files.writeString(dir.resolve("empty.ttl"), "");
        List<DatasetConfig> datasets = new ArrayList<>();
        for (W3cTest test : tests) {
            if (!test.inScope() || DATASETS.containsKey(test.data())) {
                continue;
            }
            String name = "d" + DATASETS.size();
            Path hdt = dir.resolve(name + ".hdt");
            List<Path> inputs = test.data().isEmpty() ? List.of(empty) : test.data();
            new RdfToHdt(inputs.get(0).toUri().toString(), HdtLoader.MEMORY, ConversionProgress.silent())
                    .convert(inputs, hdt);
            DATASETS.put(test.data(), name);
            datasets.add(DatasetConfig.builder(name, hdt.toString()).loading(DatasetConfig.Loading.LOAD).build());
            datasets.add(DatasetConfig.builder(name + "-small", hdt.toString()).loading(DatasetConfig.Loading.LOAD)
                    .pageSize(2).maxBindingsPerRequest(2).preemption(new Preemption(true, 1, 2)).build());
        }
        server = FragmentServer.start(ServerConfig.builder().title("W3C SPARQL tests").listener("127.0.0.1", 0)
                .datasets(datasets).build());
    }

    @AfterAll
    static void stop() {
        if (server != null) {
            server.close();
        }
        runner.shutdownNow();
    }

    private static ExecutorService newRunner() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "w3c-query");
            t.setDaemon(true);
            return t;
        });
    }

    static Stream<Arguments> modes() {
        return Stream.of(Mode.BRTPF, Mode.TPF, Mode.PREEMPTIVE)
                .flatMap(mode -> Stream.of(Arguments.of(mode, false), Arguments.of(mode, true)));
    }

    @ParameterizedTest(name = "{0}, small pages: {1}")
    @MethodSource("modes")
    void everyInScopeTestPassesOverFragments(Mode mode, boolean smallPages) throws Exception {
        Map<String, String> failures = new TreeMap<>();
        Map<String, FragmentSource> sources = new LinkedHashMap<>();
        int ran = 0;
        long requests;
        try {
            for (W3cTest test : tests) {
                if (!test.inScope()) {
                    continue;
                }
                ran++;
                String dataset = DATASETS.get(test.data()) + (smallPages ? "-small" : "");
                FragmentSource source = sources.computeIfAbsent(dataset, d -> FragmentSource.connect(server.uri() + d,
                        ClientOptions.defaults().withMode(mode), new ClientListener() {}));
                String failure = run(test, query -> W3cResults.check(test, query, ours(source, query)));
                if (failure != null && listed.containsKey(test.name())) {
                    // Listed: ARQ disagrees with the suite. The client must still give ARQ's answer.
                    String differs = run(test, query -> W3cResults.compare(query, ours(source, query), inMemory(test, query)));
                    failure = differs == null ? ARQS_ANSWER : "not ARQ's answer either: " + differs;
                }
                if (failure != null) {
                    failures.put(test.name(), failure);
                }
                if (failures.values().stream().filter(TIMEOUT::equals).count() >= MAX_TIMEOUTS) {
                    failures.put("(run stopped)", "after " + MAX_TIMEOUTS + " queries without an answer, at " + test.name());
                    break;
                }
            }
            requests = sources.values().stream().mapToLong(source -> source.stats().snapshot().requests()).sum();
        } finally {
            sources.values().forEach(FragmentSource::close);
        }
        report(mode + (smallPages ? "-small" : "") + " (" + requests + " requests)", ran, failures);
        failures.values().removeIf(ARQS_ANSWER::equals);
        assertTrue(failures.isEmpty(), failures.size() + " of " + ran + " tests fail in " + mode
                + (smallPages ? " with small pages" : "") + ":\n" + lines(failures));
        assertTrue(ran > 400, "the suite has its tests: " + ran);
    }

    /**
     * Issue 51: every test sent straight to the dataset's preemptive endpoint by Jena's SPARQL
     * protocol client, asking for the complete answer: where the endpoint runs the query, the
     * answer is the suite's (ARQ's for a listed test); elsewhere a clean 400. The counts go to
     * {@code target/w3c-sparql/endpoint.tsv}.
     */
    @ParameterizedTest(name = "small quanta: {0}")
    @ValueSource(booleans = {false, true})
    void everyTestTheEndpointRunsPassesWhenSentToItDirectly(boolean smallQuanta) throws Exception {
        Map<String, String> failures = new TreeMap<>();
        Map<String, String> refused = new TreeMap<>();
        int ran = 0;
        for (W3cTest test : tests) {
            if (!test.inScope()) {
                continue;
            }
            ran++;
            String endpoint = server.uri() + DATASETS.get(test.data()) + (smallQuanta ? "-small" : "") + "/sparql";
            String text = Files.readString(test.query());
            Map<String, Object> answers = new HashMap<>();
            String failure = run(test, query -> {
                try {
                    answers.put("ours", direct(endpoint, text, query));
                } catch (QueryExceptionHTTP e) {
                    refused.put(test.name(), e.getStatusCode() + " " + e.getResponse());
                    return null;
                }
                return W3cResults.checkAnswer(test, query, answers.get("ours"));
            });
            if (failure != null && listed.containsKey(test.name()) && answers.containsKey("ours")) {
                String differs = run(test, query -> W3cResults.compareAnswer(query, answers.get("ours"), inMemory(test, query)));
                failure = differs == null ? ARQS_ANSWER : "not ARQ's answer either: " + differs;
            }
            if (failure != null) {
                failures.put(test.name(), failure);
            }
        }
        Map<String, String> outcomes = new TreeMap<>(failures);
        refused.forEach((name, why) -> outcomes.put(name, "refused: " + why));
        long arqs = failures.values().stream().filter(ARQS_ANSWER::equals).count();
        report("endpoint" + (smallQuanta ? "-small" : "") + " (" + (ran - failures.size() - refused.size()) + " pass, "
                + arqs + " ARQ's answer, " + refused.size() + " refused)", ran, outcomes);
        refused.values().removeIf(why -> why.startsWith("400 ") && why.length() > 20 && !why.contains("Exception"));
        assertTrue(refused.isEmpty(), "refused other than by a 400 with a message:\n" + lines(refused));
        failures.values().removeIf(ARQS_ANSWER::equals);
        assertTrue(failures.isEmpty(), failures.size() + " of " + ran + " tests fail at the endpoint:\n" + lines(failures));
    }

    /**
     * The endpoint's complete answer to {@code text}, as Jena's HTTP client reads it; the Skolem
     * IRIs the endpoint gives for blank nodes become blank nodes again, as in the data.
     */
    private static Object direct(String endpoint, String text, Query query) {
        try (QueryExec exec = QueryExecHTTP.service(endpoint).query(text).build()) {
            if (!query.isSelectType()) {
                return W3cResults.answer(query, exec);
            }
            RowSet rows = exec.select();
            List<Binding> solutions = new ArrayList<>();
            rows.forEachRemaining(row -> {
                BindingBuilder unskolemized = BindingBuilder.create();
                row.forEach((v, node) -> unskolemized.add(v, node.isURI() && node.getURI().contains("/.well-known/genid/")
                        ? NodeFactory.createBlankNode(node.getURI().substring(node.getURI().lastIndexOf('/') + 1)) : node));
                solutions.add(unskolemized.build());
            });
            return ResultSetFactory.makeRewindable(ResultSet.adapt(RowSetStream.create(rows.getResultVars(),
                    solutions.iterator())));
        }
    }

    /** Jena ARQ over the same data in memory fails exactly the listed tests. */
    @Test
    void jenaDisagreesWithTheSuiteExactlyWhereListed() throws Exception {
        Map<String, String> failures = new TreeMap<>();
        for (W3cTest test : tests) {
            if (!test.inScope()) {
                continue;
            }
            String failure = run(test, query -> W3cResults.check(test, query, inMemory(test, query)));
            if (failure != null) {
                failures.put(test.name(), failure);
            }
        }
        report("jena-in-memory", (int) tests.stream().filter(W3cTest::inScope).count(), failures);
        assertEquals(new TreeSet<>(listed.keySet()), new TreeSet<>(failures.keySet()),
                "Jena's own failures:\n" + lines(failures));
    }

    private static QueryExec ours(FragmentSource source, Query query) {
        return QueryExec.dataset(FragmentDataset.of(source).asDatasetGraph()).query(query).build();
    }

    /** Jena ARQ over the test's data in memory. */
    private static QueryExec inMemory(W3cTest test, Query query) {
        DatasetGraph data = DatasetGraphFactory.create();
        for (Path file : test.data()) {
            RDFDataMgr.read(data.getDefaultGraph(), file.toUri().toString());
        }
        return QueryExec.dataset(data).query(query).build();
    }

    /** What differs in one test, null when nothing does; a query that runs too long fails. */
    private interface Check {
        String run(Query query) throws Exception;
    }

    /** The outcome of {@code check} on the test's query, with a time limit. */
    private static String run(W3cTest test, Check check) {
        Future<String> outcome = runner.submit(() ->
                check.run(QueryFactory.read(test.query().toUri().toString(), Syntax.syntaxSPARQL_11)));
        try {
            return outcome.get(QUERY_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        } catch (TimeoutException e) {
            outcome.cancel(true);
            runner.shutdownNow();
            runner = newRunner();
            return TIMEOUT;
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            return cause.getClass().getSimpleName() + ": " + cause.getMessage();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    private static Map<String, String> readListed() {
        Map<String, String> names = new TreeMap<>();
        try {
            for (String line : Files.readAllLines(ROOT.resolve("jena-disagrees.tsv"))) {
                if (!line.isBlank() && !line.startsWith("#")) {
                    String[] fields = line.split("\t", 2);
                    names.put(fields[0].strip(), fields.length > 1 ? fields[1] : "");
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return names;
    }

    /** One line per test: name, outcome, and for a listed test the reason it is listed. */
    private static void report(String run, int ran, Map<String, String> failures) throws IOException {
        Path out = Path.of("target/w3c-sparql");
        Files.createDirectories(out);
        try (Writer w = Files.newBufferedWriter(out.resolve(run.replaceAll(" .*", "") + ".tsv"))) {
            long asArq = failures.values().stream().filter(ARQS_ANSWER::equals).count();
            w.write("# " + run + ": " + (ran - failures.size()) + " of " + ran + " in-scope tests pass"
                    + (asArq > 0 ? ", " + asArq + " listed ones give ARQ's answer" : "") + "\n");
            for (W3cTest test : tests) {
                String outcome = !test.inScope() ? "skipped: " + test.skipReason()
                        : ARQS_ANSWER.equals(failures.get(test.name())) ? ARQS_ANSWER
                        : failures.containsKey(test.name()) ? "FAIL: " + failures.get(test.name()) : "pass";
                String why = listed.containsKey(test.name()) ? "\t(listed: " + listed.get(test.name()) + ")" : "";
                w.write(test.name() + "\t" + outcome.replace('\n', ' ') + why + "\n");
            }
        }
    }

    private static String lines(Map<String, String> failures) {
        StringBuilder b = new StringBuilder();
        failures.forEach((name, why) -> b.append("  ").append(name).append(": ").append(why).append('\n'));
        return b.toString();
    }
}
