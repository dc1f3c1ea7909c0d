package dev.ldf.experiments.networkload;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.ToLongFunction;

import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;

/**
 * Experiment 1's sums per configuration ({@code summary.csv}), its plots in the manner of the
 * paper's Figure 2, and {@code summary.md}, which puts the figures next to the paper's.
 */
public final class NetworkLoadReport {

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

    List<Configuration> configurations() {
        return configurations;
    }

    /** {@code c} against TPF at its page size on requests, or null without a TPF run. */
    Comparison requestsVsTpf(Configuration c) {
        return requestsVsTpf.get(c);
    }

    /** {@code c} against TPF at its page size on triples, or null without a TPF run. */
    Comparison triplesVsTpf(Configuration c) {
        return triplesVsTpf.get(c);
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
    long sum(Configuration c, Set<String> queries, ToLongFunction<Measurement> metric) {
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
        NetworkLoadPlots.write(this, out);
        Files.writeString(out.resolve("summary.md"), NetworkLoadSummary.markdown(this, setup));
    }

    private static double ratio(long a, long b) {
        return b == 0 ? 0 : (double) a / b;
    }

    static long dataTriples(Measurement m) {
        return m.traffic().dataTriples();
    }

    /** The configurations drawn in the distribution plots: TPF and the smallest, a middle and the largest GET maxMpR. */
    List<Configuration> distributionSeries() {
        List<Configuration> brtpf = configurations.stream()
                .filter(c -> !c.isTpf() && c.pageSize() == 100 && c.method().equals("GET")).toList();
        List<Configuration> chosen = new ArrayList<>();
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

    double[] perQuery(Configuration c, ToLongFunction<Measurement> metric) {
        return results.stream().filter(r -> r.configuration().equals(c))
                .mapToDouble(r -> metric.applyAsLong(r.measurement())).toArray();
    }

    /** The query that makes the largest share of TPF's requests at page size 100, if any. */
    Optional<String> dominatingQuery() {
        return results.stream().filter(r -> r.configuration().equals(Configuration.tpf(100)))
                .max(Comparator.comparingLong(r -> requests(r.measurement())))
                .map(r -> r.measurement().query());
    }

    /** Every query of the sequence but {@code left out}. */
    Set<String> queriesBut(String leftOut) {
        Set<String> queries = new HashSet<>();
        results.forEach(r -> queries.add(r.measurement().query()));
        queries.remove(leftOut);
        return queries;
    }

}
