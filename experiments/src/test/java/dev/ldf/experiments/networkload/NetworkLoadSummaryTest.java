package dev.ldf.experiments.networkload;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ldf.client.http.ClientStats;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.Measurement;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The sentences comparing a run with the paper say what its figures say, whichever way they go. */
class NetworkLoadSummaryTest {

    private static final Configuration TPF = Configuration.tpf(100);
    private static final Configuration FIVE = Configuration.brtpf(5, false, 100);
    private static final Configuration THIRTY = Configuration.brtpf(30, false, 100);
    private static final Configuration FIFTY = Configuration.brtpf(50, false, 100);

    /** Three queries per configuration, each with the given requests and data triples. */
    private static String comparison(long[][] requestsAndData) {
        List<Configuration> configurations = List.of(TPF, FIVE, THIRTY, FIFTY);
        List<NetworkLoad.Result> results = new ArrayList<>();
        for (int c = 0; c < configurations.size(); c++) {
            for (int q = 0; q < 3; q++) {
                ClientStats.Snapshot traffic = new ClientStats.Snapshot(requestsAndData[c][0], 0, 0, 1000,
                        requestsAndData[c][1], 10);
                results.add(new NetworkLoad.Result(configurations.get(c), new Measurement("Q" + q, Measurement.Status.COMPLETED,
                        5, traffic, 1_000_000, 100_000, ""), 5L));
            }
        }
        NetworkLoadReport report = new NetworkLoadReport(configurations, results);
        return NetworkLoadSummary.comparison(report, report.totals().get(TPF), report.totals().get(FIVE),
                report.totals().get(FIFTY));
    }

    @Test
    void noSavingsAreNotCalledSavings() {
        String text = comparison(new long[][] {{100, 1000}, {100, 1000}, {100, 1000}, {100, 1000}});
        assertTrue(text.startsWith("Unlike the paper, more mappings per request did not mean fewer requests and less data."),
                text);
        assertTrue(text.contains("The request savings are smaller here than the paper's"), text);
        assertFalse(text.contains("larger here"), text);
    }

    @Test
    void thePapersDirectionWithLargerSavings() {
        String text = comparison(new long[][] {{1000, 1000}, {100, 900}, {30, 850}, {10, 800}});
        assertTrue(text.startsWith("The direction is the paper's"), text);
        assertTrue(text.contains("The request savings are larger here than the paper's, for both maxMpR."), text);
        // 90% and 80% of TPF's data against the paper's 79.6% and 53.5%: higher for both.
        assertTrue(text.contains("The data shares are higher than the paper's"), text);
        assertEquals(1, text.split("The direction", -1).length - 1, "no sentence twice");
    }
}
