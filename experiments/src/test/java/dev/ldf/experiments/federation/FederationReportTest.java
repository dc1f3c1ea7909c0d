package dev.ldf.experiments.federation;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ldf.experiments.federation.FederationExperiment.Client;
import dev.ldf.experiments.federation.FederationExperiment.Run;
import dev.ldf.experiments.run.Measurement.Status;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FederationReportTest {

    private static Run run(Client client, String query, Status status, long results, long requests, double millis) {
        return new Run(client, query, status, results, 10L, requests, requests * 1000, millis, "");
    }

    @Test
    void costsAreComparedOnTheQueriesBothClientsCompleted() {
        FederationReport report = new FederationReport(3, List.of(
                run(Client.OURS, "T1#1", Status.COMPLETED, 10, 10, 100),
                run(Client.COMUNICA, "T1#1", Status.COMPLETED, 20, 40, 400),  // duplicates: a wrong count
                run(Client.OURS, "T2#2", Status.COMPLETED, 10, 30, 300),
                run(Client.COMUNICA, "T2#2", Status.COMPLETED, 10, 20, 100),
                run(Client.OURS, "T3#3", Status.COMPLETED, 10, 5, 50),
                run(Client.COMUNICA, "T3#3", Status.TIMEOUT, 3, 9_000, 60_000)));
        assertEquals(List.of("T1#1", "T2#2"), report.comparable());
        assertEquals(40.0 / 60, report.ratio(Run::requests), 1e-9);
        assertArrayEquals(new int[] {1, 0, 1}, report.perQuery(Run::requests));
        FederationReport.Totals theirs = report.totals(Client.COMUNICA);
        assertEquals(1, theirs.timeouts());
        assertEquals(1, theirs.mismatches());
        String md = report.markdown("Setup.", List.of(new PredicateSplit.Part(1, Path.of("a.hdt"), List.of("p"), 7)), "5.4.1");
        assertTrue(md.contains("**At most half of Comunica's requests: missed.** On the 2 queries both completed, ours "
                + "sent 0.67× Comunica's requests (33% over the target)"), md);
        assertTrue(md.contains("**Same results as Jena over the union, on every query: met.**"), md);
        assertTrue(md.contains("| T3 | 1 | 5 | 9,000 | 0.05 | 60.00 |"), md);
    }

    @Test
    void aPredicateGoesToOneSourceAndEveryNthAlsoToTheNext() {
        PredicateSplit split = new PredicateSplit(3, 4);
        assertEquals(List.of(1, 2), split.partsOf(0));
        assertEquals(List.of(2), split.partsOf(1));
        assertEquals(List.of(3), split.partsOf(2));
        assertEquals(List.of(1), split.partsOf(3));
        assertEquals(List.of(2, 3), split.partsOf(4));
        assertEquals(List.of(3, 1), split.partsOf(8));
    }
}
