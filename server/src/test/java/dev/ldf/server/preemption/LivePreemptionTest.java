package dev.ldf.server.preemption;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.engine.binding.Binding;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.LiveDatasource;
import dev.ldf.server.live.patch.ChangeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The preemptive engine over a dataset that takes changes (an HDT base with deleted and added
 * triples) gives Jena's results over the same triples, however often it is suspended; and a query
 * suspended across changes is told whether they touched what it reads.
 */
class LivePreemptionTest {

    private static final String EX = "http://ex.org/";

    @TempDir
    static Path dir;

    private static Path hdt;
    private static Model base;

    private LiveDatasource live;
    private Model model;
    private long version;

    @BeforeAll
    static void data() throws IOException {
        Path nt = dir.resolve("data.nt");
        PreemptiveEngineTest.writeData(nt);
        hdt = dir.resolve("data.hdt");
        new RdfToHdt(EX, HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(nt), hdt);
        base = RDFDataMgr.loadModel(nt.toString());
    }

    @BeforeEach
    void open() throws IOException {
        live = new LiveDatasource(HdtDatasource.open(hdt, HdtDatasource.Options.defaults()), 0);
        model = ModelFactory.createDefaultModel().add(base);
        version = 0;
    }

    @AfterEach
    void close() {
        live.close();
    }

    @Test
    void givesJenasResultsOverBaseAndChangesWhenSuspendedAtRandomRows() throws Exception {
        changeAtRandom(new SplittableRandom(3));
        SplittableRandom random = new SplittableRandom(8);
        int nonEmpty = 0;
        for (String text : PreemptiveEngineTest.QUERIES) {
            List<String> expected = PreemptiveEngineTest.jena(text, model);
            nonEmpty += expected.isEmpty() ? 0 : 1;
            assertEquals(expected, PreemptiveEngineTest.sorted(run(text, () -> Quantum.ofRows(Long.MAX_VALUE))), text);
            for (int trial = 0; trial < 3; trial++) {
                int most = 1 + random.nextInt(trial == 0 ? 2 : 40);
                assertEquals(expected, PreemptiveEngineTest.sorted(run(text, () -> Quantum.ofRows(1 + random.nextInt(most)))),
                        text + " (trial " + trial + ")");
            }
        }
        assertTrue(nonEmpty >= PreemptiveEngineTest.QUERIES.size() - 5, "the queries find something: " + nonEmpty);
    }

    @Test
    void aQuerySuspendedAcrossChangesItDoesNotReadGoesOnAndOnesItReadsAreSeen() throws Exception {
        changeAtRandom(new SplittableRandom(4));
        String text = "SELECT * { ?s ex:p0 ?o . ?o ex:p1 ?z }";
        PreemptableQuery query = PreemptableQuery.parse(PreemptiveEngineTest.PREFIX + text);
        List<String> expected = PreemptiveEngineTest.jena(text, model);
        List<String> results = new ArrayList<>();
        byte[] state = null;
        long at = version;
        int quanta = 0;
        do {
            long since = at;
            assertFalse(changedSince(since, query),
                    "changes to other predicates do not touch the query");
            byte[] resumed = state;
            PreemptiveEngine.Outcome outcome = live.read(data -> runQuantum(data, query, resumed, Quantum.ofRows(3),
                    b -> results.add(b.toString())));
            state = outcome.next();
            at = version;
            // Changes the query does not read, between every two quanta.
            String n = Integer.toString(quanta++);
            apply(List.of(add(EX + "s" + (quanta % 100), EX + "p2", NodeFactory.createURI(EX + "new" + n)),
                    delete(EX + "s" + (quanta % 100), EX + "name", NodeFactory.createLiteralString("name " + (quanta % 100)))));
        } while (state != null);
        assertTrue(quanta > 10, "suspended often: " + quanta);
        assertEquals(expected.size(), results.size(), "as many results as Jena's at the start");

        long before = version;
        apply(List.of(add(EX + "s1", EX + "p0", NodeFactory.createURI(EX + "s2"))));
        assertTrue(changedSince(before, query), "a change to ex:p0 is seen");
        PreemptableQuery bySubject = PreemptableQuery.parse(PreemptiveEngineTest.PREFIX + "SELECT * { ex:s7 ?p ?o }");
        assertFalse(changedSince(before, bySubject),
                "a change about ex:s1 does not touch ex:s7's triples");
        assertFalse(changedSince(version, query), "nothing changed since now");
    }

    private boolean changedSince(long since, PreemptableQuery query) {
        Boolean changed = live.read(data -> data.changedSince(since, query.patterns()));
        return changed;
    }

    /** Runs a query quantum after quantum, each on the dataset as it then stands. */
    private List<String> run(String text, Supplier<Quantum> quanta) throws Exception {
        return PreemptiveEngineTest.run((query, state, quantum, max, sink) -> live.read(
                data -> runQuantum(data, query, state, quantum, sink)), text, quanta, Integer.MAX_VALUE);
    }

    private static PreemptiveEngine.Outcome runQuantum(PreemptableDataset.State data, PreemptableQuery query, byte[] state,
            Quantum quantum, Consumer<Binding> sink) {
        try {
            return new PreemptiveEngine(data.scans()).run(query, state, quantum, Integer.MAX_VALUE, sink);
        } catch (InvalidTokenException e) {
            throw new AssertionError(e);
        }
    }

    /**
     * Patches of every kind: base triples deleted and some added back, new triples with new subjects,
     * predicates and literals (a predicate that only the changes have, and that is described too),
     * terms the base has only as objects used as subjects, self-loops, added triples deleted again.
     */
    private void changeAtRandom(SplittableRandom random) {
        List<Triple> baseTriples = new ArrayList<>();
        base.getGraph().find().forEachRemaining(baseTriples::add);
        List<Triple> deleted = new ArrayList<>();
        List<Triple> added = new ArrayList<>();
        for (int patch = 0; patch < 12; patch++) {
            List<ChangeSet.Change> changes = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                Triple t = baseTriples.get(random.nextInt(baseTriples.size()));
                changes.add(new ChangeSet.Change(false, t));
                deleted.add(t);
            }
            for (int i = 0; i < 30; i++) {
                String subject = EX + "s" + random.nextInt(170);
                int kind = random.nextInt(6);
                Triple t = switch (kind) {
                    case 0 -> triple(subject, EX + "p" + random.nextInt(3), NodeFactory.createURI(EX + "s" + random.nextInt(170)));
                    case 1 -> triple(subject, EX + "p6", NodeFactory.createURI(EX + "s" + random.nextInt(170)));
                    case 2 -> triple(subject, EX + "p4", NodeFactory.createLiteralByValue(random.nextInt(100), XSDDatatype.XSDinteger));
                    case 3 -> triple(subject, EX + "p3", NodeFactory.createURI(subject));
                    case 4 -> triple(subject, EX + "label", NodeFactory.createLiteralLang("l" + random.nextInt(5), "en"));
                    default -> triple(subject, EX + "name", NodeFactory.createLiteralString("name " + random.nextInt(200)));
                };
                changes.add(new ChangeSet.Change(true, t));
                added.add(t);
            }
            if (patch % 3 == 2) {
                for (int i = 0; i < 10; i++) {
                    changes.add(new ChangeSet.Change(true, deleted.get(random.nextInt(deleted.size()))));
                    changes.add(new ChangeSet.Change(false, added.get(random.nextInt(added.size()))));
                }
            }
            applyChanges(changes);
        }
        applyChanges(List.of(new ChangeSet.Change(true, triple(EX + "p6", EX + "label", NodeFactory.createLiteralLang("p six", "en")))));
    }

    private void apply(List<ChangeSet.Change> changes) {
        applyChanges(changes);
    }

    private void applyChanges(List<ChangeSet.Change> changes) {
        live.apply(new ChangeSet(changes), ++version);
        for (ChangeSet.Change c : changes) {
            if (c.add()) {
                model.getGraph().add(c.triple());
            } else {
                model.getGraph().delete(c.triple());
            }
        }
    }

    private static ChangeSet.Change add(String s, String p, Node o) {
        return new ChangeSet.Change(true, triple(s, p, o));
    }

    private static ChangeSet.Change delete(String s, String p, Node o) {
        return new ChangeSet.Change(false, triple(s, p, o));
    }

    private static Triple triple(String s, String p, Node o) {
        return Triple.create(NodeFactory.createURI(s), NodeFactory.createURI(p), o);
    }
}
