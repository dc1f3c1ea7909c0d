package dev.ldf.experiments.networkload;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import org.jfree.data.category.DefaultCategoryDataset;

import dev.ldf.experiments.networkload.NetworkLoadReport.Comparison;
import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.Configuration;

/** Experiment 1's plots, in the manner of the paper's Figure 2: sums, per-query comparisons with TPF, distributions. */
final class NetworkLoadPlots {

    private static final Color BETTER = Charts.GREEN;
    private static final Color SAME = Charts.GREY;
    private static final Color WORSE = Charts.VERMILLION;

    private NetworkLoadPlots() {}

    static void write(NetworkLoadReport r, Path out) throws IOException {
        DefaultCategoryDataset requests = new DefaultCategoryDataset();
        DefaultCategoryDataset triples = new DefaultCategoryDataset();
        DefaultCategoryDataset bytes = new DefaultCategoryDataset();
        for (NetworkLoad.Totals t : r.totals().values()) {
            String label = t.configuration().label();
            requests.addValue(t.requests(), "requests", label);
            triples.addValue(t.dataTriples(), "data triples", label);
            triples.addValue(t.metadataTriples(), "metadata triples", label);
            bytes.addValue(t.bytes() / 1e6, "MB received", label);
        }
        Charts.write(Charts.bars("Requests over the whole sequence", "configuration", "requests", requests, false), out,
                "sum-requests");
        Charts.write(Charts.bars("Triples received over the whole sequence", "configuration", "triples", triples, true),
                out, "sum-triples");
        Charts.write(Charts.bars("Bytes received over the whole sequence", "configuration", "MB", bytes, false), out,
                "sum-bytes");
        DefaultCategoryDataset reqCompare = new DefaultCategoryDataset();
        DefaultCategoryDataset triCompare = new DefaultCategoryDataset();
        for (Configuration c : r.configurations()) {
            Comparison req = r.requestsVsTpf(c);
            Comparison tri = r.triplesVsTpf(c);
            if (req != null) {
                add(reqCompare, req, c.label());
                add(triCompare, tri, c.label());
            }
        }
        Map<String, double[]> requestSamples = new LinkedHashMap<>();
        Map<String, double[]> dataSamples = new LinkedHashMap<>();
        for (Configuration c : r.distributionSeries()) {
            requestSamples.put(c.label(), r.perQuery(c, NetworkLoadReport::requests));
            dataSamples.put(c.label(), r.perQuery(c, NetworkLoadReport::dataTriples));
        }
        Charts.write(Charts.distribution("Requests per query (distribution over the sequence)", "requests per query",
                requestSamples), out, "cdf-requests");
        Charts.write(Charts.distribution("Data triples received per query (distribution over the sequence)",
                "data triples per query", dataSamples), out, "cdf-data-triples");
        Charts.write(Charts.colours(Charts.bars("Queries with fewer (better), as many, or more requests than TPF",
                "configuration", "queries", reqCompare, true), BETTER, SAME, WORSE), out, "per-query-requests");
        Charts.write(Charts.colours(Charts.bars("Queries receiving fewer (better), as many, or more triples than TPF",
                "configuration", "queries", triCompare, true), BETTER, SAME, WORSE), out, "per-query-triples");
    }

    private static void add(DefaultCategoryDataset data, Comparison c, String label) {
        data.addValue(c.better(), "better", label);
        data.addValue(c.same(), "same", label);
        data.addValue(c.worse(), "worse", label);
    }
}
