package dev.ldf.client.jena;

import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.vocabulary.XSD;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.testing.TestServer;
import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.live.patch.ChangeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The property test of live data: random patch sequences (adds, deletes, re-adds, deletes of
 * what is not there, blank nodes, literals with languages and datatypes) go to a real server and
 * to a Jena graph in memory; after every step each fragment touched and every query agree, and
 * they still do after a compaction and after a restart. Queries run over brTPF, TPF and the
 * preemptive endpoint.
 */
@Tag("server")
@Tag("slow")
class LiveDataAgreesWithJenaTest {

    private static final String TOKEN = "a-token-for-tests-0123456789";
    private static final String EX = "http://example.org/live/";
    private static final String HYDRA = "http://www.w3.org/ns/hydra/core#";
    private static final HttpClient HTTP = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final List<String> QUERY_NAMES = List.of("star", "blankNodes", "literalJoin", "union", "optional",
            "filter", "aggregate");
    private static final String[] LIVE_QUERIES = {
        "SELECT ?s ?o ?x WHERE { ?s <" + EX + "p0> ?o . OPTIONAL { ?o <" + EX + "p1> ?x } }",
        "SELECT ?s ?b ?q ?v WHERE { ?s <" + EX + "p1> ?b . ?b ?q ?v }",
        "SELECT ?s ?p ?o WHERE { ?s ?p ?o FILTER(isLiteral(?o) && (lang(?o) = \"de\" || datatype(?o) = <"
                + XSD.date.getURI() + ">)) }",
    };

    @TempDir
    Path dir;

    private final Random random = new Random(20261125);
    private final Graph oracle = GraphFactory.createDefaultGraph();
    private final List<Triple> deletedOnce = new ArrayList<>();
    private long version;

    @Test
    void fragmentsAndQueriesAgreeAfterEveryStepCompactionAndRestart() throws Exception {
        Path hdt = dir.resolve("live.hdt");
        Path turtle = Path.of("").toAbsolutePath().resolve("../hdt-data/datasets/library.ttl").normalize();
        new RdfToHdt("http://example.org/library/", HdtLoader.MEMORY, ConversionProgress.silent())
                .convert(List.of(turtle), hdt);
        loadOracle(hdt);
        ServerConfig config = ServerConfig.builder()
                .title("Live tests").listener("127.0.0.1", 0).cacheMaxAgeSeconds(60)
                .datasets(List.of(
                        DatasetConfig.builder("live", hdt.toString())
                                .pageSize(100).loading(DatasetConfig.Loading.LOAD).maxBindingsPerRequest(10)
                                .preemption(new Preemption(true, 1, 7)).writes(new Writes(true, TOKEN, null, 0L))
                                .build())).build();
        FragmentServer server = FragmentServer.start(config);
        try {
            for (int step = 1; step <= 12; step++) {
                List<Triple> touched = applyRandomPatch(server, step);
                check(server, touched, "step " + step, step % 4 == 0);
                if (step == 5) {
                    compact(server);
                    check(server, touched, "after the compaction at step 5", true);
                }
                if (step == 8) {
                    server.close();
                    server = FragmentServer.start(config);
                    check(server, touched, "after the restart at step 8", true);
                }
            }
        } finally {
            server.close();
        }
    }

    /** Sends one random patch and applies it to the oracle; returns the triples it named. */
    private List<Triple> applyRandomPatch(FragmentServer server, int step) throws Exception {
        List<ChangeSet.Change> changes = new ArrayList<>();
        int size = 1 + random.nextInt(25);
        List<Triple> existing = oracle.find().toList();
        for (int i = 0; i < size; i++) {
            int kind = random.nextInt(100);
            ChangeSet.Change change;
            if (kind < 45) {
                change = new ChangeSet.Change(true, Triple.create(subject(existing), predicate(existing), object(existing)));
            } else if (kind < 75) {
                change = new ChangeSet.Change(false, existing.get(random.nextInt(existing.size())));
                deletedOnce.add(change.triple());
            } else if (kind < 90 && !deletedOnce.isEmpty()) {
                change = new ChangeSet.Change(true, deletedOnce.get(random.nextInt(deletedOnce.size())));
            } else {
                change = new ChangeSet.Change(false, Triple.create(NodeFactory.createURI(EX + "absent"),
                        predicate(existing), object(existing)));
            }
            changes.add(change);
            if (change.add()) {
                oracle.add(change.triple());
            } else {
                oracle.delete(change.triple());
            }
        }
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(server.uri() + "live/changes"))
                .header("Content-Type", "application/rdf-patch").header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofByteArray(new ChangeSet(changes).toPatch())).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, answer.statusCode(), answer.body());
        long made = Long.parseLong(answer.body().replaceAll("(?s).*\"version\":(\\d+).*", "$1").strip());
        assertTrue(made > version, "each patch makes a new version: " + answer.body());
        version = made;
        return changes.stream().limit(3).map(ChangeSet.Change::triple).toList();
    }

    private Node subject(List<Triple> existing) {
        return switch (random.nextInt(3)) {
            case 0 -> existing.get(random.nextInt(existing.size())).getSubject();
            case 1 -> NodeFactory.createURI(EX + "s" + random.nextInt(15));
            default -> NodeFactory.createBlankNode("lb" + random.nextInt(6));
        };
    }

    private Node predicate(List<Triple> existing) {
        return random.nextInt(3) == 0 ? existing.get(random.nextInt(existing.size())).getPredicate()
                : NodeFactory.createURI(EX + "p" + random.nextInt(4));
    }

    private Node object(List<Triple> existing) {
        int n = random.nextInt(20);
        return switch (random.nextInt(8)) {
            case 0 -> NodeFactory.createURI(EX + "o" + n);
            case 1 -> NodeFactory.createLiteralLang("wert " + n, "de");
            case 2 -> NodeFactory.createLiteralLang("value " + n, "en");
            case 3 -> NodeFactory.createLiteralDT(Integer.toString(n), XSDDatatype.XSDinteger);
            case 4 -> NodeFactory.createLiteralDT("2020-01-" + (10 + n), XSDDatatype.XSDdate);
            case 5 -> NodeFactory.createLiteralString("plain \"" + n + "\"\twith tab");
            case 6 -> NodeFactory.createBlankNode("lb" + random.nextInt(6));
            default -> existing.get(random.nextInt(existing.size())).getObject();
        };
    }

    private void check(FragmentServer server, List<Triple> touched, String when, boolean tpfToo) throws Exception {
        String dataset = server.uri() + "live";
        Skolemizer skolem = new Skolemizer(server.uri() + ".well-known/genid/live/");
        List<Triple> patterns = new ArrayList<>();
        patterns.add(Triple.create(Node.ANY, Node.ANY, Node.ANY));
        for (Triple t : touched) {
            patterns.add(Triple.create(t.getSubject(), Node.ANY, Node.ANY));
            patterns.add(Triple.create(Node.ANY, t.getPredicate(), Node.ANY));
            patterns.add(Triple.create(Node.ANY, Node.ANY, t.getObject()));
            patterns.add(Triple.create(Node.ANY, t.getPredicate(), t.getObject()));
        }
        for (Triple pattern : patterns) {
            Set<Triple> want = new HashSet<>();
            oracle.find(pattern).forEach(t -> want.add(skolem.skolemize(t)));
            Set<Triple> got = new HashSet<>();
            long total = fetchAll(dataset, skolem.skolemize(pattern), got);
            assertEquals(want, got, when + ": fragment " + pattern);
            assertEquals(want.size(), total, when + ": count of " + pattern);
        }
        Graph skolemized = GraphFactory.createDefaultGraph();
        oracle.find().forEach(t -> skolemized.add(TestServer.asClientSees(skolem, t)));
        List<String> queries = new ArrayList<>();
        QUERY_NAMES.forEach(name -> queries.add(SparqlOverFragmentsTest.QUERIES.get(name)));
        queries.addAll(List.of(LIVE_QUERIES));
        // Preemptive quanta end after 7 solutions (or 1 ms): queries are suspended and resumed throughout.
        for (Mode mode : tpfToo ? List.of(Mode.BRTPF, Mode.TPF, Mode.PREEMPTIVE) : List.of(Mode.BRTPF, Mode.PREEMPTIVE)) {
            try (FragmentSource source = FragmentSource.connect(dataset, ClientOptions.defaults().withMode(mode),
                    new ClientListener() {})) {
                for (String text : queries) {
                    Query query = QueryFactory.create(SparqlOverFragmentsTest.PREFIXES + text);
                    try (QueryExecution expected = QueryExecution.create(query,
                            DatasetFactory.wrap(ModelFactory.createModelForGraph(skolemized)));
                         QueryExecution actual = QueryExecution.create(query, FragmentDataset.of(source))) {
                        assertEquals(SparqlOverFragmentsTest.rows(expected.execSelect(), query.hasOrderBy()),
                                SparqlOverFragmentsTest.rows(actual.execSelect(), query.hasOrderBy()),
                                when + ", " + mode + ": " + text);
                    }
                }
            }
        }
    }

    /** Every page of a fragment's data into {@code into}; returns the first page's hydra:totalItems. */
    private static long fetchAll(String dataset, Triple pattern, Set<Triple> into) throws Exception {
        StringBuilder url = new StringBuilder(dataset).append('?');
        param(url, "subject", pattern.getSubject());
        param(url, "predicate", pattern.getPredicate());
        param(url, "object", pattern.getObject());
        long total = -1;
        String next = url.toString();
        while (next != null) {
            HttpResponse<String> page = HTTP.send(HttpRequest.newBuilder(URI.create(next))
                    .header("Accept", "application/n-quads").build(), HttpResponse.BodyHandlers.ofString());
            assertEquals(200, page.statusCode(), next + " -> " + page.body());
            DatasetGraph quads = RDFParser.fromString(page.body(), Lang.NQUADS).toDatasetGraph();
            quads.getDefaultGraph().find().forEach(into::add);
            next = null;
            for (var it = quads.find(); it.hasNext(); ) {
                Quad q = it.next();
                if (q.isDefaultGraph()) {
                    continue;
                }
                if (q.getPredicate().getURI().equals(HYDRA + "next")) {
                    next = q.getObject().getURI();
                } else if (total < 0 && q.getPredicate().getURI().equals(HYDRA + "totalItems")) {
                    total = Long.parseLong(q.getObject().getLiteralLexicalForm());
                }
            }
        }
        return total;
    }

    private static void param(StringBuilder url, String name, Node node) {
        if (node == Node.ANY) {
            return;
        }
        // The TPF parameter syntax: IRIs bare, literals with a bare datatype IRI.
        String term = node.isURI() ? node.getURI() : HdtTerms.toHdt(node).replace("^^<", "^^").replaceAll(">$", "");
        url.append(name).append('=').append(URLEncoder.encode(term, StandardCharsets.UTF_8)).append('&');
    }

    private static void compact(FragmentServer server) throws Exception {
        String url = server.uri() + "live/compaction";
        HttpResponse<String> started = HTTP.send(HttpRequest.newBuilder(URI.create(url))
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(202, started.statusCode(), started.body());
        for (int i = 0; i < 600; i++) {
            String status = HTTP.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + TOKEN)
                    .build(), HttpResponse.BodyHandlers.ofString()).body();
            if (status.contains("\"running\":false") && status.contains("\"last\"")) {
                assertTrue(status.contains("\"overlay\":0"), status);
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the compaction did not end within 30 s");
    }

    private void loadOracle(Path hdt) throws IOException {
        try (HDT file = HDTManager.mapIndexedHDT(hdt)) {
            var it = file.search("", "", "");
            while (it.hasNext()) {
                TripleString t = it.next();
                oracle.add(Triple.create(HdtTerms.toNode(t.getSubject()), HdtTerms.toNode(t.getPredicate()),
                        HdtTerms.toNode(t.getObject())));
            }
        } catch (NotFoundException e) {
            throw new IllegalStateException(e);
        }
    }
}
