package dev.ldf.client.jena;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.sparql.util.FmtUtils;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.source.Federation;
import dev.ldf.client.testing.LibraryQueries;
import dev.ldf.client.testing.RecordingListener;
import dev.ldf.client.testing.SparqlTestEndpoint;
import dev.ldf.client.testing.SplitLibrary;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 37: a query over several sources gives what Jena gives over the merge of their data. The
 * library dataset (its blank nodes made IRIs, so that the merge is the plain union) is split
 * over three servers of ours in several ways, and every query of {@link SparqlOverFragmentsTest}
 * runs over the three parts in brTPF and TPF mode:
 * <ul>
 *   <li>{@code byPredicate}: each predicate's triples at one server;</li>
 *   <li>{@code bySubject}: each subject's triples at one server;</li>
 *   <li>{@code overlap}: by subject, and one triple in three also at the next server;</li>
 *   <li>{@code mixed}: by predicate, the third server with brTPF off (TPF requests per binding there);</li>
 *   <li>{@code sparql}: by predicate, the third part behind a plain SPARQL endpoint ({@code sparql@}).</li>
 * </ul>
 */
@Tag("server")
@Tag("slow")
class FederationTest {

    private static final int PARTS = 3;
    private static final String BASE = SplitLibrary.BASE;
    private static final List<String> SPLITS = List.of("byPredicate", "bySubject", "overlap", "mixed", "sparql");

    private static final List<FragmentServer> SERVERS = new ArrayList<>();
    private static SparqlTestEndpoint endpoint;
    private static Model endpointData;
    private static final Map<String, Federation> FEDERATIONS = new ConcurrentHashMap<>();
    private static Model union;
    private static Path dir;

    @BeforeAll
    static void split(@TempDir Path temporary) throws IOException {
        dir = temporary;
        union = SplitLibrary.union();
        List<Triple> triples = union.getGraph().find().toList();
        List<String> predicates = new ArrayList<>(new TreeSet<>(triples.stream().map(t -> t.getPredicate().getURI()).toList()));
        Map<String, List<List<Triple>>> splits = Map.of(
                "byPredicate", SplitLibrary.split(triples, PARTS, t -> predicates.indexOf(t.getPredicate().getURI()) % PARTS, false),
                "bySubject", SplitLibrary.split(triples, PARTS, t -> Math.floorMod(t.getSubject().toString().hashCode(), PARTS), false),
                "overlap", SplitLibrary.split(triples, PARTS, t -> Math.floorMod(t.getSubject().toString().hashCode(), PARTS), true));
        for (int part = 0; part < PARTS; part++) {
            List<DatasetConfig> datasets = new ArrayList<>();
            for (String name : List.of("byPredicate", "bySubject", "overlap")) {
                Path hdt = SplitLibrary.hdt(dir, name + part, splits.get(name).get(part));
                datasets.add(DatasetConfig.builder(name, hdt.toString()).pageSize(50).maxBindingsPerRequest(30).build());
                if (name.equals("byPredicate")) {
                    datasets.add(DatasetConfig.builder("mixed", hdt.toString()).pageSize(50)
                            .maxBindingsPerRequest(part == PARTS - 1 ? 0 : 30).build());
                }
            }
            if (part == PARTS - 1) {
                endpointData = ModelFactory.createDefaultModel();
                splits.get("byPredicate").get(part).forEach(endpointData.getGraph()::add);
                endpoint = new SparqlTestEndpoint(endpointData);
            }
            try {
                SERVERS.add(FragmentServer.start(ServerConfig.builder().title("Part " + part).listener("127.0.0.1", 0)
                        .datasets(datasets).build()));
            } catch (Exception e) {
                throw new IllegalStateException("server " + part + " did not start", e);
            }
        }
    }

    @AfterAll
    static void stop() {
        FEDERATIONS.values().forEach(Federation::close);
        SERVERS.forEach(FragmentServer::close);
        if (endpoint != null) {
            endpoint.close();
        }
    }

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String query : SparqlOverFragmentsTest.QUERIES.keySet()) {
            for (String split : SPLITS) {
                cases.add(Arguments.of(query, split, "AUTO"));
            }
            cases.add(Arguments.of(query, "bySubject", "TPF"));
            cases.add(Arguments.of(query, "byPredicate", "PREEMPTIVE"));
        }
        return cases.stream();
    }

    private static Federation federation(String split, String mode) {
        return FEDERATIONS.computeIfAbsent(split + "/" + mode, k -> Federation.connect(urls(split),
                ClientOptions.defaults().withMode(Mode.valueOf(mode)), new ClientListener() {}));
    }

    /** The sources of a split; for {@code sparql}, the first two parts by predicate and the endpoint for the third. */
    private static List<String> urls(String split) {
        if (split.equals("sparql")) {
            return List.of(SERVERS.get(0).uri() + "byPredicate", SERVERS.get(1).uri() + "byPredicate",
                    "sparql@" + endpoint.url());
        }
        return SERVERS.stream().map(s -> s.uri() + split).toList();
    }

    @ParameterizedTest(name = "{0} over {1} in {2} mode")
    @MethodSource("cases")
    void sameResultsAsJenaOverTheUnion(String name, String split, String mode) {
        Query query = QueryFactory.create(SparqlOverFragmentsTest.PREFIXES + SparqlOverFragmentsTest.QUERIES.get(name));
        Dataset fragments = FragmentDataset.of(federation(split, mode));
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(union));
             QueryExecution actual = QueryExecution.create(query, fragments)) {
            LibraryQueries.assertSameAnswer(name, query, expected, actual);
        }
    }

    /**
     * Each source is asked only for the patterns it has matches of: its first page lists its
     * predicates (VoID property partitions), so no request names a predicate the source lacks,
     * and a pattern's stage leaves the other sources out.
     */
    @Test
    void aPatternGoesOnlyToTheSourcesThatHaveIt() {
        RecordingListener recorded = new RecordingListener();
        List<String> urls = SERVERS.stream().map(s -> s.uri() + "byPredicate").toList();
        try (Federation sources = Federation.connect(urls, ClientOptions.defaults(), recorded)) {
            for (var source : sources.sources()) {
                assertTrue(source.predicates().isPresent(), "the dataset's first page lists its predicates");
            }
            checkPathQuery(sources);
            for (var request : recorded.requests) {
                String predicate = parameter(request, "predicate");
                if (predicate != null && !predicate.startsWith("?")) {
                    var source = sources.sources().stream().filter(s -> request.url().startsWith(s.url())).findFirst()
                            .orElseThrow();
                    assertTrue(source.predicates().get().containsKey(NodeFactory.createURI(predicate)),
                            () -> request.url() + " asks for a predicate that " + source.url() + " does not have");
                }
            }
        }
    }

    /** A request's parameter (from its URL or its POSTed form), decoded, or null. */
    private static String parameter(FragmentRequest request, String name) {
        String query = (request.url().contains("?") ? request.url().substring(request.url().indexOf('?') + 1) : "")
                + (request.isPost() ? "&" + request.form() : "");
        for (String pair : query.split("&")) {
            if (pair.startsWith(name + "=")) {
                return URLDecoder.decode(pair.substring(name.length() + 1), StandardCharsets.UTF_8);
            }
        }
        return null;
    }

    private static void checkPathQuery(Federation sources) {
        sources.plan().clear();
        Query query = QueryFactory.create(SparqlOverFragmentsTest.PREFIXES + SparqlOverFragmentsTest.QUERIES.get("path"));
        try (QueryExecution execution = QueryExecution.create(query, FragmentDataset.of(sources))) {
            assertTrue(execution.execSelect().hasNext());
        }
        ByteArrayOutputStream plan = new ByteArrayOutputStream();
        sources.plan().print(new PrintStream(plan, true, StandardCharsets.UTF_8));
        // By predicate, each of the path's four patterns has matches at exactly one of the three servers.
        String text = plan.toString(StandardCharsets.UTF_8);
        assertEquals(4, text.lines().filter(l -> l.contains("@1/3")).count(), text);
    }

    /**
     * Patterns that only the SPARQL endpoint has matches of go to it together, as one query per
     * chunk (an exclusive group), and the results are still those of Jena over the union.
     */
    @Test
    void patternsOnlyASparqlEndpointHasAreJoinedThereInOneQuery() {
        Federation sources = federation("sparql", "AUTO");
        int before = endpoint.requests();
        String plan = runExclusiveGroupQuery(sources);
        assertEquals(1, plan.lines().filter(l -> l.contains("BGP @1/3")).count(), plan);
        assertTrue(endpoint.requests() - before <= 6, "counts of three patterns and the group's queries: "
                + (endpoint.requests() - before));
    }

    /**
     * With {@code --mode preemptive}, patterns that only one dataset has matches of go to its
     * preemptive endpoint together, as one query per chunk followed through its continuation
     * tokens, and the results are still those of Jena over the union.
     */
    @Test
    void patternsOnlyOneDatasetHasGoToItsPreemptiveEndpointTogether() {
        Federation sources = federation("byPredicate", "PREEMPTIVE");
        long quanta = sources.stats().quanta();
        String plan = runExclusiveGroupQuery(sources);
        assertEquals(1, plan.lines().filter(l -> l.contains("preemptive BGP @1/3")).count(), plan);
        assertTrue(sources.stats().quanta() > quanta, "the group ran at the preemptive endpoint");
    }

    /**
     * Runs a query with two patterns whose predicates only the third part (by predicate) has, and a
     * third from elsewhere with a fixed object (so that it runs first and the group is a bind join), checks its results against Jena's over the union, and returns the plan.
     */
    private static String runExclusiveGroupQuery(Federation sources) {
        // The first subject (by IRI; not one named from a blank node, whose label changes from run to
        // run) with two predicates only the endpoint's part has and a triple elsewhere.
        Triple a = null;
        Triple b = null;
        Triple c = null;
        List<Node> subjects = endpointData.getGraph().find().mapWith(Triple::getSubject)
                .filterKeep(s -> s.isURI() && !s.getURI().startsWith(BASE + "node/")).toSet().stream()
                .sorted(Comparator.comparing(Node::getURI)).toList();
        for (Node subject : subjects) {
            List<Triple> here = endpointData.getGraph().find(subject, Node.ANY, Node.ANY).toList().stream()
                    .sorted(Comparator.comparing(Triple::toString)).toList();
            Triple first = here.get(0);
            Triple second = here.stream().filter(t -> !t.getPredicate().equals(first.getPredicate())).findFirst().orElse(null);
            // The most selective triple of the subject elsewhere, so that it runs first and the group is a bind join.
            Triple elsewhere = union.getGraph().find(subject, Node.ANY, Node.ANY).toList().stream()
                    .filter(t -> !endpointData.getGraph().contains(t))
                    .min(Comparator.<Triple>comparingInt(t -> union.getGraph().find(Node.ANY, t.getPredicate(),
                            t.getObject()).toList().size()).thenComparing(t -> t.toString())).orElse(null);
            if (second != null && elsewhere != null) {
                a = first;
                b = second;
                c = elsewhere;
                break;
            }
        }
        assertNotNull(a, "a subject with two predicates of the endpoint's part and a triple elsewhere");
        Query query = QueryFactory.create("SELECT * WHERE { ?s <" + a.getPredicate().getURI() + "> ?a ; <"
                + b.getPredicate().getURI() + "> ?b ; <" + c.getPredicate().getURI() + "> "
                + FmtUtils.stringForNode(c.getObject()) + " }");
        sources.plan().clear();
        List<String> got;
        try (QueryExecution actual = QueryExecution.create(query, FragmentDataset.of(sources))) {
            got = SparqlOverFragmentsTest.rows(actual.execSelect(), false);
        }
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(union))) {
            List<String> want = SparqlOverFragmentsTest.rows(expected.execSelect(), false);
            assertTrue(!want.isEmpty(), "the query finds something");
            assertEquals(want, got);
        }
        ByteArrayOutputStream plan = new ByteArrayOutputStream();
        sources.plan().print(new PrintStream(plan, true, StandardCharsets.UTF_8));
        String text = plan.toString(StandardCharsets.UTF_8);
        // Two stages ran (the group and the third pattern): the plan lists those two steps, no more.
        assertEquals(2, text.lines().filter(l -> l.matches("\\s+\\d+\\s.*")).count(), text);
        return text;
    }

    /** A source that stops answering after the federation connected fails the query with an error naming it. */
    @Test
    void aSourceThatGoesDownFailsTheQueryWithItsName() throws Exception {
        Path hdt = dir.resolve("byPredicate0.hdt");
        FragmentServer doomed = FragmentServer.start(ServerConfig.builder().listener("127.0.0.1", 0)
                .datasets(List.of(DatasetConfig.builder("part", hdt.toString()).build())).build());
        String doomedUrl = doomed.uri() + "part";
        try (Federation sources = Federation.connect(List.of(SERVERS.get(1).uri() + "byPredicate", doomedUrl),
                ClientOptions.defaults().withHttp(ClientOptions.defaults().http().withRetries(0, Duration.ZERO)), new ClientListener() {})) {
            doomed.close();
            Query query = QueryFactory.create("SELECT * WHERE { ?s ?p ?o }");
            FragmentException failure = assertThrows(FragmentException.class, () -> {
                try (QueryExecution execution = QueryExecution.create(query, FragmentDataset.of(sources))) {
                    execution.execSelect().forEachRemaining(row -> { });
                }
            });
            assertTrue(failure.getMessage().contains(doomedUrl), failure.getMessage());
        }
    }
}
