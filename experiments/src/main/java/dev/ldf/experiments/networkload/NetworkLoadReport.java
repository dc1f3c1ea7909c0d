package dev.ldf.experiments.networkload;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;

import org.jfree.data.category.DefaultCategoryDataset;

/**
 * Experiment 1's sums per configuration ({@code summary.csv}), its plots in the manner of the
 * paper's Figure 2, and {@code summary.md}, which puts the figures next to the paper's.
 */
public final class NetworkLoadReport {

    private static final Color BETTER = Charts.GREEN;
    private static final Color SAME = Charts.GREY;
    private static final Color WORSE = Charts.VERMILLION;

    private final List<Configuration> configurations;
    private final List<NetworkLoad.Result> results;
    private final Map<Configuration, NetworkLoad.Totals> totals = new LinkedHashMap<>();
    /** Per brTPF configuration, its comparison with TPF on requests and on triples (absent without a TPF run). */
    private final Map<Configuration, Comparison> requestsVsTpf = new HashMap<>();
    private final Map<Configuration, Comparison> triplesVsTpf = new HashMap<>();

    public NetworkLoadReport(List<Configuration> configurations, List<NetworkLoad.Result> results) {
        this.configurations = configurations;
        this.results = results;
        for (Configuration c : configurations) {
            totals.put(c, NetworkLoad.totals(results, c));
            if (!c.isTpf()) {
                Comparison req = compareWithTpf(c, NetworkLoadReport::requests);
                if (req != null) {
                    requestsVsTpf.put(c, req);
                    triplesVsTpf.put(c, compareWithTpf(c, NetworkLoadReport::triples));
                }
            }
        }
    }

    public Map<Configuration, NetworkLoad.Totals> totals() {
        return totals;
    }

    /** Better, same and worse query counts of a configuration against TPF at the same page size. */
    public record Comparison(int better, int same, int worse) {}

    /**
     * Compares {@code c} with TPF query by query on {@code metric}, over the queries both completed;
     * null when there is no TPF run at that page size.
     */
    private Comparison compareWithTpf(Configuration c, ToLongFunction<Measurement> metric) {
        Configuration tpf = Configuration.tpf(c.pageSize());
        Map<String, Measurement> base = new HashMap<>();
        results.stream().filter(r -> r.configuration().equals(tpf) && r.measurement().completed())
                .forEach(r -> base.put(r.measurement().query(), r.measurement()));
        if (base.isEmpty()) {
            return null;
        }
        int better = 0;
        int same = 0;
        int worse = 0;
        for (NetworkLoad.Result r : results) {
            Measurement t = base.get(r.measurement().query());
            if (!r.configuration().equals(c) || !r.measurement().completed() || t == null) {
                continue;
            }
            long mine = metric.applyAsLong(r.measurement());
            long theirs = metric.applyAsLong(t);
            if (mine < theirs) {
                better++;
            } else if (mine == theirs) {
                same++;
            } else {
                worse++;
            }
        }
        return new Comparison(better, same, worse);
    }

    /** The queries that every configuration completed. */
    public Set<String> completedByAll() {
        Set<String> common = null;
        for (Configuration c : configurations) {
            Set<String> done = new HashSet<>();
            results.stream().filter(r -> r.configuration().equals(c) && r.measurement().completed())
                    .forEach(r -> done.add(r.measurement().query()));
            if (common == null) {
                common = done;
            } else {
                common.retainAll(done);
            }
        }
        return common == null ? Set.of() : common;
    }

    /** {@code metric} summed over {@code c}'s runs of the given queries. */
    private long sum(Configuration c, Set<String> queries, ToLongFunction<Measurement> metric) {
        return results.stream().filter(r -> r.configuration().equals(c) && queries.contains(r.measurement().query()))
                .mapToLong(r -> metric.applyAsLong(r.measurement())).sum();
    }

    static long requests(Measurement m) {
        return m.traffic().requests();
    }

    static long triples(Measurement m) {
        return m.traffic().dataTriples() + m.traffic().metadataTriples();
    }

    public void write(Path out, String setup) throws IOException {
        try (CsvWriter csv = new CsvWriter(out.resolve("summary.csv"), "configuration", "mode", "max_mpr", "method",
                "page_size", "queries", "completed", "timeouts", "errors", "mismatches", "requests", "posts",
                "data_triples", "metadata_triples", "triples", "bytes", "time_s", "requests_vs_tpf", "triples_vs_tpf",
                "requests_better", "requests_same", "requests_worse", "triples_better", "triples_same", "triples_worse")) {
            for (NetworkLoad.Totals t : totals.values()) {
                Configuration c = t.configuration();
                NetworkLoad.Totals tpf = totals.get(Configuration.tpf(c.pageSize()));
                Comparison req = requestsVsTpf.get(c);
                Comparison tri = triplesVsTpf.get(c);
                csv.row(c.label(), c.mode(), c.maxMpR(), c.method(), c.pageSize(), t.queries(), t.completed(),
                        t.timeouts(), t.errors(), t.mismatches(), t.requests(), t.posts(), t.dataTriples(),
                        t.metadataTriples(), t.triples(), t.bytes(), t.seconds(),
                        tpf == null ? "" : (Object) ratio(t.requests(), tpf.requests()),
                        tpf == null ? "" : (Object) ratio(t.triples(), tpf.triples()),
                        req == null ? "" : req.better(), req == null ? "" : req.same(), req == null ? "" : req.worse(),
                        tri == null ? "" : tri.better(), tri == null ? "" : tri.same(), tri == null ? "" : tri.worse());
            }
        }
        plots(out);
        Files.writeString(out.resolve("summary.md"), markdown(setup));
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 0 : (double) a / b;
    }

    private void plots(Path out) throws IOException {
        DefaultCategoryDataset requests = new DefaultCategoryDataset();
        DefaultCategoryDataset triples = new DefaultCategoryDataset();
        DefaultCategoryDataset bytes = new DefaultCategoryDataset();
        for (NetworkLoad.Totals t : totals.values()) {
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
        for (Configuration c : configurations) {
            Comparison req = requestsVsTpf.get(c);
            Comparison tri = triplesVsTpf.get(c);
            if (req != null) {
                add(reqCompare, req, c.label());
                add(triCompare, tri, c.label());
            }
        }
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

    /** The paper's sums for 145 queries over WatDiv 10M at page size 100 (Hartig and Buil-Aranda 2016, section 5). */
    private static final Map<String, long[]> PAPER = Map.of(
            "TPF", new long[] {310_000, 1_414_000},
            "brTPF-5", new long[] {131_000, 1_126_000},
            "brTPF-50", new long[] {20_000, 756_000});

    private String markdown(String setup) {
        StringBuilder md = new StringBuilder();
        md.append("# Experiment 1: network load of one client\n\n").append(setup).append("\n\n");
        md.append("Sums over the sequence. *triples* are data plus metadata triples (the paper's dataRecv); ")
                .append("*vs TPF* is the share of TPF's figure at the same page size; better/same/worse count the ")
                .append("queries that completed in both with fewer, equal or more requests than with TPF.\n\n");
        md.append("| configuration | method | completed | timeouts | errors | mismatches | requests | vs TPF | triples | vs TPF | MB | time (s) | requests better/same/worse |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (NetworkLoad.Totals t : totals.values()) {
            Configuration c = t.configuration();
            NetworkLoad.Totals tpf = totals.get(Configuration.tpf(c.pageSize()));
            Comparison req = requestsVsTpf.get(c);
            md.append(String.format(Locale.ROOT, "| %s | %s | %d/%d | %d | %d | %d | %,d | %s | %,d | %s | %.1f | %.0f | %s |%n",
                    c.label(), c.method(), t.completed(), t.queries(), t.timeouts(), t.errors(), t.mismatches(),
                    t.requests(), percent(t.requests(), tpf == null ? 0 : tpf.requests()), t.triples(),
                    percent(t.triples(), tpf == null ? 0 : tpf.triples()), t.bytes() / 1e6, t.seconds(),
                    req == null ? "" : req.better() + "/" + req.same() + "/" + req.worse()));
        }
        Set<String> common = completedByAll();
        Configuration tpf100 = Configuration.tpf(100);
        md.append(String.format(Locale.ROOT, "%n## Over the %d queries every configuration completed%n%n", common.size()));
        md.append("A query that times out in one configuration (TPF, typically) counts there with what it received ")
                .append("before the timeout, which can dominate the sums above. Here only the queries that all ")
                .append("configurations completed count.\n\n");
        md.append("| configuration | requests | vs TPF | triples | vs TPF |\n|---|---:|---:|---:|---:|\n");
        for (Configuration c : configurations) {
            Configuration base = Configuration.tpf(c.pageSize());
            long req = sum(c, common, NetworkLoadReport::requests);
            long tri = sum(c, common, NetworkLoadReport::triples);
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %,d | %s |%n", c.label(), req,
                    percent(req, sum(base, common, NetworkLoadReport::requests)), tri,
                    percent(tri, sum(base, common, NetworkLoadReport::triples))));
        }
        md.append("\n## Next to the paper\n\n");
        md.append("The paper ran 145 queries of WatDiv's own stress workload over WatDiv 10M (page size 100). ")
                .append("Absolute figures depend on the data and the queries; the shares of TPF are what compare. ")
                .append("Ours: over all queries / over the queries every configuration completed.\n\n");
        md.append("| configuration | paper: requests | paper: vs TPF | ours: vs TPF | paper: triples | paper: vs TPF | ours: vs TPF |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        NetworkLoad.Totals ourTpf = totals.get(tpf100);
        for (String label : List.of("TPF", "brTPF-5", "brTPF-50")) {
            long[] paper = PAPER.get(label);
            NetworkLoad.Totals ours = totals.values().stream().filter(t -> t.configuration().label().equals(label))
                    .findFirst().orElse(null);
            String req = "not run";
            String tri = "not run";
            if (ours != null && ourTpf != null) {
                Configuration c = ours.configuration();
                req = percent(ours.requests(), ourTpf.requests()) + " / " + percent(sum(c, common,
                        NetworkLoadReport::requests), sum(tpf100, common, NetworkLoadReport::requests));
                tri = percent(ours.triples(), ourTpf.triples()) + " / " + percent(sum(c, common,
                        NetworkLoadReport::triples), sum(tpf100, common, NetworkLoadReport::triples));
            }
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %s | %,d | %s | %s |%n", label, paper[0],
                    percent(paper[0], PAPER.get("TPF")[0]), req, paper[1], percent(paper[1], PAPER.get("TPF")[1]), tri));
        }
        md.append("\nPlots: `sum-requests`, `sum-triples`, `sum-bytes`, `per-query-requests`, `per-query-triples` ")
                .append("(PNG and SVG). Per query: `queries.csv`; sums: `summary.csv`.\n");
        return md.toString();
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
