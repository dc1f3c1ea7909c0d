package dev.ldf.experiments.networkload;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.Spread;

import java.awt.Color;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
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
        Map<String, double[]> requestSamples = new LinkedHashMap<>();
        Map<String, double[]> dataSamples = new LinkedHashMap<>();
        for (Configuration c : distributionSeries()) {
            requestSamples.put(c.label(), perQuery(c, NetworkLoadReport::requests));
            dataSamples.put(c.label(), perQuery(c, NetworkLoadReport::dataTriples));
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

    /** The paper's sums for 145 queries over WatDiv 10M at page size 100 (Hartig and Buil-Aranda 2016, section 5). */
    private static final Map<String, long[]> PAPER = Map.of(
            "TPF", new long[] {310_000, 1_414_000},
            "brTPF-5", new long[] {131_000, 1_126_000},
            "brTPF-50", new long[] {20_000, 756_000});

    private String markdown(String setup) {
        StringBuilder md = new StringBuilder();
        md.append("# Experiment 1: network load of one client\n\n").append(setup).append("\n\n");
        md.append(summary()).append("\n\n");
        md.append("Sums over the sequence. *data* are the triples that match a request's pattern, *metadata* the ")
                .append("counts, links and forms around them (the paper's dataRecv compares with data triples, see ")
                .append("*Next to the paper*); ")
                .append("*vs TPF* is the share of TPF's figure at the same page size; better/same/worse count the ")
                .append("queries that completed in both with fewer, equal or more requests than with TPF.\n\n");
        md.append("| configuration | method | completed | timeouts | errors | mismatches | requests | vs TPF | data triples | vs TPF | metadata triples | MB | time (s) | requests better/same/worse |\n");
        md.append("|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---|\n");
        for (NetworkLoad.Totals t : totals.values()) {
            Configuration c = t.configuration();
            NetworkLoad.Totals tpf = totals.get(Configuration.tpf(c.pageSize()));
            Comparison req = requestsVsTpf.get(c);
            md.append(String.format(Locale.ROOT, "| %s | %s | %d/%d | %d | %d | %d | %,d | %s | %,d | %s | %,d | %.1f | %.0f | %s |%n",
                    c.label(), c.method(), t.completed(), t.queries(), t.timeouts(), t.errors(), t.mismatches(),
                    t.requests(), percent(t.requests(), tpf == null ? 0 : tpf.requests()), t.dataTriples(),
                    percent(t.dataTriples(), tpf == null ? 0 : tpf.dataTriples()), t.metadataTriples(),
                    t.bytes() / 1e6, t.seconds(), req == null ? "" : req.better() + "/" + req.same() + "/" + req.worse()));
        }
        md.append(distributionTable());
        md.append(withoutDominating());
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
                .append("Ours: over all queries / over the queries every configuration completed. The paper's dataRecv ")
                .append("can only count data triples: its TPF sums work out at 4.6 triples per request, fewer than the ")
                .append("21 or more metadata triples on every page of its server (Server.Java). So data triples are ")
                .append("what compare; with metadata, ours are shown for completeness (our TPF pages carry the brTPF ")
                .append("search form besides the TPF one, our brTPF pages no repeated request URL).\n\n");
        md.append("| configuration | paper: requests | paper: vs TPF | ours: vs TPF | paper: dataRecv | paper: vs TPF | ours, data triples: vs TPF | ours, with metadata: vs TPF |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|\n");
        NetworkLoad.Totals ourTpf = totals.get(tpf100);
        for (String label : List.of("TPF", "brTPF-5", "brTPF-50")) {
            long[] paper = PAPER.get(label);
            NetworkLoad.Totals ours = totals.values().stream().filter(t -> t.configuration().label().equals(label))
                    .findFirst().orElse(null);
            String req = "not run";
            String data = "not run";
            String all = "not run";
            if (ours != null && ourTpf != null) {
                Configuration c = ours.configuration();
                req = percent(ours.requests(), ourTpf.requests()) + " / " + percent(sum(c, common,
                        NetworkLoadReport::requests), sum(tpf100, common, NetworkLoadReport::requests));
                data = percent(ours.dataTriples(), ourTpf.dataTriples()) + " / " + percent(sum(c, common,
                        NetworkLoadReport::dataTriples), sum(tpf100, common, NetworkLoadReport::dataTriples));
                all = percent(ours.triples(), ourTpf.triples());
            }
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %s | %,d | %s | %s | %s |%n", label, paper[0],
                    percent(paper[0], PAPER.get("TPF")[0]), req, paper[1], percent(paper[1], PAPER.get("TPF")[1]), data,
                    all));
        }
        md.append("\nPlots: `sum-requests`, `sum-triples`, `sum-bytes`, `per-query-requests`, `per-query-triples`, ")
                .append("`cdf-requests`, `cdf-data-triples` (PNG and SVG). Per query: `queries.csv`; sums: `summary.csv`; ")
                .append("what produced them: `provenance.json` (`ldf-experiments verify` reruns it and checks every count).\n");
        return md.toString();
    }

    static long dataTriples(Measurement m) {
        return m.traffic().dataTriples();
    }

    /** The configurations drawn in the distribution plots: TPF and the smallest, a middle and the largest GET maxMpR. */
    private List<Configuration> distributionSeries() {
        List<Configuration> brtpf = configurations.stream()
                .filter(c -> !c.isTpf() && c.pageSize() == 100 && c.method().equals("GET")).toList();
        List<Configuration> chosen = new java.util.ArrayList<>();
        configurations.stream().filter(c -> c.isTpf() && c.pageSize() == 100).findFirst().ifPresent(chosen::add);
        if (!brtpf.isEmpty()) {
            for (Configuration c : List.of(brtpf.get(0), brtpf.get(brtpf.size() / 2), brtpf.get(brtpf.size() - 1))) {
                if (!chosen.contains(c)) {
                    chosen.add(c);
                }
            }
        }
        return chosen;
    }

    private double[] perQuery(Configuration c, ToLongFunction<Measurement> metric) {
        return results.stream().filter(r -> r.configuration().equals(c))
                .mapToDouble(r -> metric.applyAsLong(r.measurement())).toArray();
    }

    /** Median, 90th percentile and largest per query: how unevenly the sums are made. */
    private String distributionTable() {
        StringBuilder md = new StringBuilder("\n## Per query\n\n");
        md.append("Sums hide how uneven the queries are: most need a handful of requests, a few need thousands. ")
                .append("Plots `cdf-requests` and `cdf-data-triples` show the whole distributions.\n\n");
        md.append("| configuration | requests: median | p90 | max | data triples: median | p90 | max |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|\n");
        for (Configuration c : distributionSeries()) {
            double[] req = perQuery(c, NetworkLoadReport::requests);
            double[] data = perQuery(c, NetworkLoadReport::dataTriples);
            Arrays.sort(req);
            Arrays.sort(data);
            md.append(String.format(Locale.ROOT, "| %s | %,.0f | %,.0f | %,.0f | %,.0f | %,.0f | %,.0f |%n", c.label(),
                    Spread.quantile(req, 0.5), Spread.quantile(req, 0.9), Spread.quantile(req, 1),
                    Spread.quantile(data, 0.5), Spread.quantile(data, 0.9), Spread.quantile(data, 1)));
        }
        return md.toString();
    }

    /** The query that makes the largest share of TPF's requests at page size 100, if any. */
    Optional<String> dominatingQuery() {
        return results.stream().filter(r -> r.configuration().equals(Configuration.tpf(100)))
                .max(java.util.Comparator.comparingLong(r -> requests(r.measurement())))
                .map(r -> r.measurement().query());
    }

    /** Every query of the sequence but {@code left out}. */
    private Set<String> queriesBut(String leftOut) {
        Set<String> queries = new HashSet<>();
        results.forEach(r -> queries.add(r.measurement().query()));
        queries.remove(leftOut);
        return queries;
    }

    /** The sums again without the query that dominates TPF's, so that they describe more than one query. */
    private String withoutDominating() {
        Optional<String> top = dominatingQuery();
        NetworkLoad.Totals tpf = totals.get(Configuration.tpf(100));
        if (top.isEmpty() || tpf == null || tpf.requests() == 0) {
            return "";
        }
        Set<String> rest = queriesBut(top.get());
        long topRequests = sum(Configuration.tpf(100), Set.of(top.get()), NetworkLoadReport::requests);
        StringBuilder md = new StringBuilder();
        md.append(String.format(Locale.ROOT, "%n## Without %s%n%nOne query, %s, makes %s of TPF's requests (%,d of %,d), "
                        + "so the sums above mostly describe it. Over the other %d queries, at page size 100:%n%n",
                top.get(), top.get(), percent(topRequests, tpf.requests()), topRequests, tpf.requests(), rest.size()));
        md.append("| configuration | requests | vs TPF | data triples | vs TPF | metadata triples |\n|---|---:|---:|---:|---:|---:|\n");
        for (Configuration c : configurations) {
            if (c.pageSize() != 100) {
                continue;
            }
            long req = sum(c, rest, NetworkLoadReport::requests);
            long data = sum(c, rest, NetworkLoadReport::dataTriples);
            md.append(String.format(Locale.ROOT, "| %s | %,d | %s | %,d | %s | %,d |%n", c.label(), req,
                    percent(req, sum(Configuration.tpf(100), rest, NetworkLoadReport::requests)), data,
                    percent(data, sum(Configuration.tpf(100), rest, NetworkLoadReport::dataTriples)),
                    sum(c, rest, m -> m.traffic().metadataTriples())));
        }
        return md.toString();
    }

    /**
     * What the figures show, in a few sentences computed from them: brTPF's largest GET maxMpR
     * against TPF, with and without the dominating query, next to the paper's shares.
     */
    private String summary() {
        NetworkLoad.Totals tpf = totals.get(Configuration.tpf(100));
        List<Configuration> series = distributionSeries();
        if (tpf == null || series.size() < 2) {
            return "";
        }
        Configuration small = series.get(1);
        Configuration large = series.get(series.size() - 1);
        NetworkLoad.Totals s = totals.get(small);
        NetworkLoad.Totals l = totals.get(large);
        StringBuilder text = new StringBuilder("**In short.** ");
        text.append(String.format(Locale.ROOT, "%s needs %s of TPF's requests and receives %s of its data triples; "
                        + "%s needs %s and receives %s. The paper reports %s and %s of TPF's requests for maxMpR 50 "
                        + "and 5, and %s and %s of its data received. ",
                large.label(), percent(l.requests(), tpf.requests()), percent(l.dataTriples(), tpf.dataTriples()),
                small.label(), percent(s.requests(), tpf.requests()), percent(s.dataTriples(), tpf.dataTriples()),
                percent(PAPER.get("brTPF-50")[0], PAPER.get("TPF")[0]), percent(PAPER.get("brTPF-5")[0], PAPER.get("TPF")[0]),
                percent(PAPER.get("brTPF-50")[1], PAPER.get("TPF")[1]), percent(PAPER.get("brTPF-5")[1], PAPER.get("TPF")[1])));
        dominatingQuery().ifPresent(top -> {
            Set<String> rest = queriesBut(top);
            text.append(String.format(Locale.ROOT, "One query, %s, makes %s of TPF's requests; without it %s needs %s "
                            + "of TPF's requests. ", top,
                    percent(sum(Configuration.tpf(100), Set.of(top), NetworkLoadReport::requests), tpf.requests()),
                    large.label(), percent(sum(large, rest, NetworkLoadReport::requests),
                            sum(Configuration.tpf(100), rest, NetworkLoadReport::requests))));
        });
        text.append("The direction is the paper's: more mappings per request, fewer requests and less data. ")
                .append("The request savings are larger here, mostly through one query: a bind join's requests shrink ")
                .append("by the mappings each carries, and where one query's intermediate results run into the ")
                .append("tens of thousands (as in ").append(dominatingQuery().orElse("the largest query"))
                .append("), TPF pages through them a hundred at a time. The data shares differ in both directions ")
                .append("because the queries are not the paper's: WatDiv's own stress workload is not redistributable, ")
                .append("and this one is drawn from our generator's templates.");
        return text.toString();
    }

    private static String percent(long part, long whole) {
        return whole == 0 ? "" : String.format(Locale.ROOT, "%.1f%%", 100.0 * part / whole);
    }
}
