package dev.ldf.server.preemption;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.sparql.engine.binding.Binding;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import com.github.benmanes.caffeine.cache.Ticker;

import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A complete answer over an in-memory dataset, on a clock that moves 10 µs each time it is read:
 * every solution across quanta, the place given up between two, and the budget.
 */
class CompleteAnswerTest {

    private static final String TWICE = "SELECT * { { ?s ?p ?o } UNION { ?s ?p ?o } }";
    private static final long LOOK_NANOS = 10_000;

    private static PreemptableDataset data;

    @BeforeAll
    static void data() {
        Model model = RDFDataMgr.loadModel(TestData.libraryTurtle().toString());
        data = PreemptableDataset.fixed(1, new InMemoryScans(model.getGraph()));
    }

    @Test
    void givesEverySolutionQuantumAfterQuantumAndItsPlaceUpBetweenThem() throws Exception {
        Ticker ticker = stepping();
        QuantumPlaces places = new QuantumPlaces(1, 0, 10, 1_000, 1_000, ticker);
        CompleteAnswer answer = new CompleteAnswer(runner(places, ticker), request(1_000, 500),
                Duration.ofHours(1).toNanos(), new QuantumRunner.Listener() {});
        assertEquals(1, answer.quanta());
        QuantumPlaces.Place place = places.enter(false);
        assertNotNull(place, "between two quanta the one place is free");
        places.leave(place);
        long solutions = 0;
        while (answer.hasNext()) {
            assertNotNull(answer.next());
            solutions++;
        }
        assertEquals(11_250, solutions);
        assertEquals(11_250, answer.delivered());
        assertEquals(23, answer.quanta(), "500 solutions a quantum, and one that finds the end");
    }

    @Test
    void aQueryPastItsBudgetFailsAfterTheSolutionsItFound() throws Exception {
        Ticker ticker = stepping();
        QuantumPlaces places = new QuantumPlaces(1, 0, 10, 1_000, 1_000, ticker);
        // Quanta of 1 ms and a budget of 2 ms, on a clock read once every 16 rows: about 1,600 rows a quantum.
        CompleteAnswer answer = new CompleteAnswer(runner(places, ticker), request(1, 100_000),
                Duration.ofMillis(2).toNanos(), new QuantumRunner.Listener() {});
        List<Binding> read = new ArrayList<>();
        QueryRefusedException refused = assertThrows(QueryRefusedException.class, () -> {
            while (answer.hasNext()) {
                read.add(answer.next());
            }
        });
        assertEquals(503, refused.status());
        assertTrue(refused.getMessage().startsWith("The query ran out of its budget of 2 ms of run time (" + answer.quanta()
                + " quanta, " + read.size() + " solutions) before it was complete"), refused.getMessage());
        assertTrue(read.size() > 1_000 && read.size() < 11_250, read.size() + " solutions");
        assertTrue(answer.quanta() >= 2, "the budget spans quanta: " + answer.quanta());
        assertNotNull(places.enter(false), "its place is free again");
    }

    @Test
    void refusesBeforeAnySolutionWhatTheFirstQuantumRefuses() {
        Ticker ticker = stepping();
        QuantumPlaces places = new QuantumPlaces(1, 0, 10, 1_000, 1_000, ticker);
        QuantumRunner.Request request = new QuantumRunner.Request("library", data, "SELECT * { ?s ", null, 1_000, 100,
                node -> node, binding -> binding);
        QueryRefusedException refused = assertThrows(QueryRefusedException.class,
                () -> new CompleteAnswer(runner(places, ticker), request, 1_000_000, new QuantumRunner.Listener() {}));
        assertEquals(400, refused.status());
    }

    /** A clock that moves on every look, so that quanta end after a known number of reads. */
    private static Ticker stepping() {
        AtomicLong now = new AtomicLong();
        return () -> now.addAndGet(LOOK_NANOS);
    }

    private static QuantumRunner runner(QuantumPlaces places, Ticker ticker) {
        return new QuantumRunner(QuantumRunner.signer(List.of(), Duration.ofMinutes(1)), places, 10, 2, 1, ticker);
    }

    private static QuantumRunner.Request request(int quantumMillis, int maxResults) {
        return new QuantumRunner.Request("library", data, TWICE, null, quantumMillis, maxResults, node -> node,
                binding -> binding);
    }
}
