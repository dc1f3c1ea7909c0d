package dev.ldf.server.preemption;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The preemptive engine alone, over an in-memory dataset ({@link InMemoryScans}): every query of
 * {@link PreemptiveEngineTest} gives Jena's results in one quantum and when suspended after any
 * number of rows, with no HDT file and no server.
 */
@Tag("slow")
class PreemptiveEngineUnitTest {

    @TempDir
    static Path dir;

    private static Model model;
    private static PreemptiveEngine engine;

    @BeforeAll
    static void data() throws IOException {
        Path nt = dir.resolve("data.nt");
        PreemptiveEngineTest.writeData(nt);
        model = RDFDataMgr.loadModel(nt.toString());
        engine = new PreemptiveEngine(new InMemoryScans(model.getGraph()));
    }

    @Test
    void givesJenasResultsInOneQuantum() throws Exception {
        for (String text : PreemptiveEngineTest.QUERIES) {
            List<String> results = PreemptiveEngineTest.run(engine::run, text, () -> Quantum.ofRows(Long.MAX_VALUE),
                    Integer.MAX_VALUE);
            assertEquals(PreemptiveEngineTest.jena(text, model), PreemptiveEngineTest.sorted(results), text);
        }
    }

    @Test
    void givesJenasResultsWhenSuspendedAfterAnyNumberOfRows() throws Exception {
        SplittableRandom random = new SplittableRandom(7);
        for (String text : PreemptiveEngineTest.QUERIES) {
            List<String> expected = PreemptiveEngineTest.jena(text, model);
            for (int rows : new int[] {2 + random.nextInt(3), 9, 64}) {
                List<String> results = PreemptiveEngineTest.run(engine::run, text, () -> Quantum.ofRows(rows),
                        1 + random.nextInt(5));
                assertEquals(expected, PreemptiveEngineTest.sorted(results), text + " (" + rows + " rows a quantum)");
            }
        }
    }

    @Test
    void offsetAndLimitCutTheSameSolutionsWhereverTheQuantaEnd() throws Exception {
        SplittableRandom random = new SplittableRandom(11);
        long[][] slices = {{0, 5}, {3, 4}, {7, PreemptableQuery.NO_LIMIT}, {2, 0}};
        for (String text : PreemptiveEngineTest.QUERIES) {
            List<String> all = PreemptiveEngineTest.run(engine::run, text, () -> Quantum.ofRows(Long.MAX_VALUE),
                    Integer.MAX_VALUE);
            for (long[] slice : slices) {
                int from = (int) Math.min(slice[0], all.size());
                int to = slice[1] == PreemptableQuery.NO_LIMIT ? all.size() : (int) Math.min(slice[0] + slice[1], all.size());
                String sliced = text + " OFFSET " + slice[0] + (slice[1] == PreemptableQuery.NO_LIMIT ? "" : " LIMIT " + slice[1]);
                // Few rows a quantum where the slice is short; the one that reads to the end, more.
                int[] quanta = slice[1] == PreemptableQuery.NO_LIMIT ? new int[] {64} : new int[] {1 + random.nextInt(3), 17};
                for (int rows : quanta) {
                    List<String> results = PreemptiveEngineTest.run(engine::run, sliced, () -> Quantum.ofRows(rows),
                            1 + random.nextInt(4));
                    assertEquals(all.subList(from, to), results, sliced + " (" + rows + " rows a quantum)");
                }
            }
        }
    }

    @Test
    void aDistinctThatRemovesNothingGivesJenasDistinctResults() throws Exception {
        for (String text : List.of("SELECT DISTINCT * { ?s ex:p0 ?o . ?o ex:p1 ?z }", "SELECT DISTINCT ?o ?s ?p ?l { ?s ?p ?o . "
                + "?p ex:label ?l FILTER(?s != ex:s1) } ", "SELECT REDUCED ?s { ?s ex:p0 ?o }")) {
            List<String> results = PreemptiveEngineTest.run(engine::run, text, () -> Quantum.ofRows(5), 3);
            List<String> jena = PreemptiveEngineTest.jena(text.replace("REDUCED", "DISTINCT"), model);
            if (text.contains("REDUCED")) {
                assertEquals(jena, PreemptiveEngineTest.sorted(results.stream().distinct().toList()), text);
            } else {
                assertEquals(jena, PreemptiveEngineTest.sorted(results), text);
            }
        }
    }

    /**
     * A FILTER is evaluated as soon as its variables are bound: one that no row of the first
     * pattern passes ends the join after that pattern's rows, where on the whole join's solutions
     * it would read the square of them.
     */
    @Test
    void aFilterRunsAsSoonAsItsVariablesAreBound() throws Exception {
        PreemptableQuery placed = PreemptableQuery.parse(PreemptiveEngineTest.PREFIX
                + "SELECT * { ?s ex:p0 ?o . ?t ex:p0 ?u FILTER(STR(?s) = \"no such term\") }");
        PreemptiveEngine.Outcome outcome = engine.run(placed, null, Quantum.ofRows(Long.MAX_VALUE), Integer.MAX_VALUE,
                b -> { });
        // The in-memory scans read every row for a pattern without a subject: one scan is the graph's size.
        long scan = model.size();
        assertTrue(outcome.complete());
        assertEquals(0, outcome.solutions());
        assertTrue(outcome.rows() <= 2 * scan, outcome.rows() + " rows read; one scan reads " + scan);
    }
}
