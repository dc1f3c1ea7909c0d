package dev.ldf.watdiv.workload;

import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.OpVisitorBase;
import org.apache.jena.sparql.algebra.OpWalker;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.watdiv.generate.Model;
import dev.ldf.watdiv.generate.WatDivGenerator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("slow")
class WorkloadTest {

    private static Model model;
    private static DataIndex data;
    private static Set<String> predicates;
    private static List<Template> basic;
    private static Graph graph;

    @TempDir
    Path dir;

    @BeforeAll
    static void generate() throws Exception {
        model = Model.watdiv();
        WatDivGenerator generator = new WatDivGenerator(model, 1, 5);
        data = DataIndex.of(generator);
        predicates = new HashSet<>();
        graph = GraphFactory.createDefaultGraph();
        generator.generate((s, p, o, literal) -> {
            predicates.add(p);
            graph.add(Triple.create(NodeFactory.createURI(s), NodeFactory.createURI(p),
                    literal ? NodeFactory.createLiteralString(o) : NodeFactory.createURI(o)));
        });
        try (Reader in = new InputStreamReader(WorkloadTest.class.getResourceAsStream("/watdiv/basic-templates.txt"),
                StandardCharsets.UTF_8)) {
            basic = Template.parse(in);
        }
    }

    /** A query is a SELECT over one BGP whose constants occur in the data and whose predicates the data has. */
    private static void assertValid(Workload.Entry entry) {
        Query query = QueryFactory.create(entry.sparql());
        assertTrue(Workload.isBasicGraphPattern(query), entry::toString);
        OpWalker.walk(Algebra.compile(query), new OpVisitorBase() {
            @Override
            public void visit(OpBGP bgp) {
                bgp.getPattern().forEach(t -> {
                    assertTrue(t.getPredicate().isURI() && predicates.contains(t.getPredicate().getURI()),
                            () -> entry.name() + ": unknown predicate " + t.getPredicate());
                    for (Node n : new Node[] {t.getSubject(), t.getObject()}) {
                        if (n.isURI()) {
                            assertTrue(data.contains(n.getURI()), () -> entry.name() + ": " + n + " does not occur in the data");
                        }
                    }
                });
            }
        });
    }

    @Test
    void theTwentyBasicTemplatesInstantiateToValidQueries() {
        assertEquals(List.of("L1", "L2", "L3", "L4", "L5", "S1", "S2", "S3", "S4", "S5", "S6", "S7", "F1", "F2", "F3", "F4",
                "F5", "C1", "C2", "C3"), basic.stream().map(Template::name).toList());
        List<Workload.Entry> queries = Workload.instantiate(basic, 5, data, 1);
        assertEquals(100, queries.size());
        queries.forEach(WorkloadTest::assertValid);
        assertFalse(queries.get(0).sparql().contains("%"), "placeholders are filled");
    }

    @Test
    void stressTemplatesAreRandomWalksOfAtMostTenPatternsWithOneConstant() {
        List<Template> stress = StressTemplates.generate(model, data, 124, 10, 10_000, 3);
        assertEquals(124, stress.size());
        assertEquals(stress, StressTemplates.generate(model, data, 124, 10, 10_000, 3), "the same seed gives the same templates");
        for (Template t : stress) {
            int patterns = t.pattern().split(" \\.").length;
            assertTrue(patterns >= 1 && patterns <= 10, t.name() + " has " + patterns + " patterns");
            assertEquals(1, t.placeholders().size(), t.name());
        }
        assertTrue(stress.stream().mapToInt(t -> t.pattern().split(" \\.").length).max().orElseThrow() >= 8,
                "sizes reach up to ten patterns");
        List<Workload.Entry> pool = Workload.instantiate(stress, 3, data, 4);
        assertEquals(372, pool.size());
        pool.forEach(WorkloadTest::assertValid);
    }

    @Test
    void sequencesAreDrawnFromThePoolDeterministically() {
        List<Workload.Entry> pool = Workload.instantiate(StressTemplates.generate(model, data, 124, 10, 10_000, 3), 100, data, 4);
        List<Workload.Entry> sequence = Workload.sample(pool, 145, 9);
        assertEquals(145, sequence.size());
        assertEquals(145, new HashSet<>(sequence).size(), "drawn without replacement");
        assertTrue(pool.containsAll(sequence));
        assertEquals(sequence, Workload.sample(pool, 145, 9));
        assertFalse(sequence.equals(Workload.sample(pool, 145, 10)));
    }

    @Test
    void workloadFilesRoundTripAndOfficialQueryFilesImport() throws Exception {
        List<Workload.Entry> queries = Workload.instantiate(basic.subList(0, 2), 2, data, 1);
        Path file = dir.resolve("w.tsv");
        Workload.write(file, queries);
        assertEquals(queries, Workload.read(file));

        // WatDiv writes one query per line; a query may also span lines.
        Path official = Files.writeString(dir.resolve("stress.1.sparql"), """
                SELECT ?v0 WHERE { ?v0 <http://schema.org/caption> ?v1 . }
                SELECT ?v0 ?v2 WHERE { ?v0 <http://db.uwaterloo.ca/~galuc/wsdbm/likes> ?v1 . ?v1 <http://ogp.me/ns#tag> ?v2 . }

                SELECT * WHERE {
                  <http://db.uwaterloo.ca/~galuc/wsdbm/User1> <http://db.uwaterloo.ca/~galuc/wsdbm/follows> ?v0 .
                }
                """);
        List<Workload.Entry> imported = Workload.importQueries(List.of(official));
        assertEquals(3, imported.size());
        assertEquals("stress.1#1", imported.get(0).name());
        imported.forEach(e -> assertTrue(Workload.isBasicGraphPattern(QueryFactory.create(e.sparql()))));

        Path bad = Files.writeString(dir.resolve("bad.txt"), "SELECT * WHERE { ?s ?p ?o OPTIONAL { ?s ?q ?r } }\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> Workload.importQueries(List.of(bad)));
        assertTrue(e.getMessage().contains("bad.txt line 1"), e.getMessage());
    }

    @Test
    void constantsAreDrawnWhereTheirPatternsMatchSoMostQueriesHaveAnswers() {
        List<Template> stress = StressTemplates.generate(model, data, 124, 10, 10_000, 3);
        List<Workload.Entry> sequence = Workload.sample(Workload.instantiate(stress, 100, data, 4), 145, 9);
        ReferenceAnswers answers = new ReferenceAnswers(graph, Duration.ofSeconds(30));
        long empty = 0;
        for (Workload.Entry query : sequence) {
            ReferenceAnswers.Answer a = answers.evaluate(query);
            assertFalse(a.timedOut(), query::toString);
            empty += a.results() == 0 ? 1 : 0;
            // Every pattern with the constant matches on its own: a constant is never drawn where it cannot join.
            for (Triple t : patterns(query)) {
                if (t.getSubject().isURI() || t.getObject().isURI()) {
                    Node s = t.getSubject().isURI() ? t.getSubject() : Node.ANY;
                    Node o = t.getObject().isURI() ? t.getObject() : Node.ANY;
                    assertTrue(graph.contains(s, t.getPredicate(), o), () -> query.name() + ": " + t + " matches nothing");
                }
            }
        }
        // WatDiv's own stress workload leaves about 46% of the queries empty on 1M triples; random
        // walks with one constant give empty joins, but not for most of a sequence.
        assertTrue(empty < 0.75 * sequence.size(), empty + " of 145 queries are empty");
        assertTrue(empty > 0, "random walks give some empty queries, as WatDiv's do");
    }

    private static List<Triple> patterns(Workload.Entry entry) {
        List<Triple> triples = new ArrayList<>();
        OpWalker.walk(Algebra.compile(QueryFactory.create(entry.sparql())), new OpVisitorBase() {
            @Override
            public void visit(OpBGP bgp) {
                triples.addAll(bgp.getPattern().getList());
            }
        });
        return triples;
    }
}
