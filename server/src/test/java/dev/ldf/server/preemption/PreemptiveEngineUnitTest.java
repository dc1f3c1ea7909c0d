package dev.ldf.server.preemption;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;

/**
 * The preemptive engine alone, over an in-memory dataset ({@link InMemoryScans}): every query of
 * {@link PreemptiveEngineTest} gives Jena's results in one quantum and when suspended after any
 * number of rows, with no HDT file and no server.
 */
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
}
