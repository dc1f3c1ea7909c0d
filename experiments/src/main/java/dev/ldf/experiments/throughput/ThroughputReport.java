package dev.ldf.experiments.throughput;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.Spread;
import dev.ldf.experiments.throughput.Throughput.Placement;
import dev.ldf.experiments.throughput.Throughput.Run;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;
import java.util.function.ToLongFunction;

import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

/**
 * Experiment 2's figures: every run ({@code runs.csv}), every query ({@code queries.csv}), every
 * cell over its repeats as median with min–max ({@code cells.csv}), plots and {@code summary.md}.
 */
public final class ThroughputReport {

    /** Repeats whose completed queries per hour differ by at most this share of their median agree. */
    static final double AGREEMENT = 0.10;

    private final List<Run> runs;
    private final Map<Throughput.Cell, List<Run>> cells = new LinkedHashMap<>();

    public ThroughputReport(List<Run> runs) {
        this.runs = runs;
        runs.forEach(r -> cells.computeIfAbsent(r.cell(), c -> new ArrayList<>()).add(r));
    }

    private static Spread spread(List<Run> repeats, ToDoubleFunction<Run> figure) {
        return Spread.of(repeats.stream().mapToDouble(figure).toArray());
    }

    private static double completedPerHour(Run r) {
        return r.perHour(r.completed());
    }

    public static CsvWriter queriesCsv(Path out) throws IOException {
        return new CsvWriter(out.resolve("queries.csv"), "configuration", "cache", "placement", "clients", "repeat",
                "client", "query", "status", "results", "expected_results", "matches", "requests", "data_triples",
                "metadata_triples", "bytes", "time_ms", "message");
    }

    public static void writeQueries(CsvWriter csv, Run run) {
        for (Throughput.Query q : run.queries()) {
            Measurement m = q.measurement();
            csv.row(run.cell().configuration().label(), run.cell().cached(), run.cell().placement().label(),
                    run.cell().clients(), run.repeat(), q.client(), m.query(), m.status(), m.results(),
                    q.expected() == null ? "" : q.expected(), q.expected() == null ? "" : !q.mismatch(),
                    m.traffic().requests(), m.traffic().dataTriples(), m.traffic().metadataTriples(),
                    m.traffic().bytes(), m.nanos() / 1e6, m.message());
        }
    }

    public void write(Path out, String setup) throws IOException {
        writeRuns(out);
        writeCells(out);
        for (Placement placement : Placement.values()) {
            Predicate<Run> placed = r -> r.cell().placement() == placement;
            if (runs.stream().noneMatch(placed)) {
                continue;
            }
            String suffix = placement == Placement.SHARED ? "" : "-" + placement.label();
            String where = placement == Placement.SHARED ? "" : ", pinned apart";
            plot(out, "throughput" + suffix, "Queries completed per hour" + where, "queries per hour", placed,
                    ThroughputReport::completedPerHour);
            plot(out, "throughput-with-timeouts" + suffix, "Queries completed or timed out per hour" + where,
                    "queries per hour", placed, r -> r.perHour(r.completed() + r.count(Measurement.Status.TIMEOUT)));
            plot(out, "timeouts" + suffix, "Queries that timed out per run" + where, "queries", placed,
                    r -> r.count(Measurement.Status.TIMEOUT));
            plot(out, "mean-time" + suffix, "Mean time of completed queries" + where, "seconds", placed,
                    Run::meanCompletedSeconds);
            plot(out, "server-cpu" + suffix, "Server CPU time per completed query" + where, "CPU milliseconds",
                    placed, r -> r.cpuPerCompleted(r.serverCpu()));
        }
        Predicate<Run> cached = r -> r.cell().cached();
        if (runs.stream().anyMatch(cached)) {
            plot(out, "cache-hit-rate", "nginx cache hit rate", "hits per request (%)", cached,
                    r -> 100 * r.cacheHitRate());
            plot(out, "nginx-cpu", "nginx CPU time per completed query", "CPU milliseconds", cached,
                    r -> r.cpuPerCompleted(r.cacheCpu()));
        }
        Files.writeString(out.resolve("summary.md"), markdown(setup));
    }

    private void writeRuns(Path out) throws IOException {
        try (CsvWriter csv = new CsvWriter(out.resolve("runs.csv"), "configuration", "cache", "placement", "clients",
                "repeat", "duration_s", "completed", "timeouts", "errors", "mismatches", "unfinished",
                "server_errors_5xx", "retries", "completed_per_hour", "completed_and_timeouts_per_hour",
                "mean_completed_s", "server_cpu_s", "nginx_cpu_s", "requests", "cache_hits", "cache_requests",
                "cache_hit_rate")) {
            for (Run r : runs) {
                long timeouts = r.count(Measurement.Status.TIMEOUT);
                csv.row(r.cell().configuration().label(), r.cell().cached(), r.cell().placement().label(),
                        r.cell().clients(), r.repeat(), r.duration().toSeconds(), r.completed(), timeouts,
                        r.count(Measurement.Status.ERROR), r.mismatches(), r.count(Measurement.Status.UNFINISHED),
                        r.serverErrors(), r.retries(), completedPerHour(r), r.perHour(r.completed() + timeouts),
                        r.meanCompletedSeconds(), r.serverCpu().toMillis() / 1000.0, r.cacheCpu().toMillis() / 1000.0,
                        r.requests(), r.cacheHits(), r.cacheRequests(), r.cacheHitRate());
            }
        }
    }

    private void writeCells(Path out) throws IOException {
        try (CsvWriter csv = new CsvWriter(out.resolve("cells.csv"), "configuration", "cache", "placement", "clients",
                "repeats", "completed_per_hour_median", "completed_per_hour_min", "completed_per_hour_max",
                "completed_per_hour_spread", "mean_completed_s_median", "mean_completed_s_min",
                "mean_completed_s_max", "timeouts_median", "errors", "server_errors_5xx")) {
            cells.forEach((cell, repeats) -> {
                Spread rate = spread(repeats, ThroughputReport::completedPerHour);
                Spread time = spread(repeats, Run::meanCompletedSeconds);
                csv.row(cell.configuration().label(), cell.cached(), cell.placement().label(), cell.clients(),
                        repeats.size(), rate.median(), rate.min(), rate.max(), rate.relative(), time.median(),
                        time.min(), time.max(), spread(repeats, r -> r.count(Measurement.Status.TIMEOUT)).median(),
                        total(repeats, r -> r.count(Measurement.Status.ERROR)), total(repeats, Run::serverErrors));
            });
        }
    }

    private static long total(List<Run> runs, ToLongFunction<Run> figure) {
        return runs.stream().mapToLong(figure).sum();
    }

    /** One series per configuration: the median over the repeats, in a band from min to max. */
    private void plot(Path out, String name, String title, String yAxis, Predicate<Run> which,
            ToDoubleFunction<Run> figure) throws IOException {
        Map<String, YIntervalSeries> series = new LinkedHashMap<>();
        cells.forEach((cell, repeats) -> {
            if (which.test(repeats.get(0))) {
                Spread s = spread(repeats, figure);
                series.computeIfAbsent(cell.label(), YIntervalSeries::new).add(cell.clients(), s.median(), s.min(),
                        s.max());
            }
        });
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        series.values().forEach(data::addSeries);
        Charts.write(Charts.bands(title, "concurrent clients", yAxis, data, true), out, name);
    }

    private Optional<List<Run>> cell(String configuration, boolean cached, Placement placement, int clients) {
        return cells.entrySet().stream()
                .filter(e -> e.getKey().configuration().label().equals(configuration) && e.getKey().cached() == cached
                        && e.getKey().placement() == placement && e.getKey().clients() == clients)
                .map(Map.Entry::getValue).findFirst();
    }

    private Optional<Spread> rate(String configuration, boolean cached, Placement placement, int clients) {
        return cell(configuration, cached, placement, clients)
                .map(repeats -> spread(repeats, ThroughputReport::completedPerHour));
    }

    private String markdown(String setup) {
        int repeats = cells.values().stream().mapToInt(List::size).max().orElse(0);
        StringBuilder md = new StringBuilder("# Experiment 2: throughput under load\n\n").append(setup).append("\n\n");
        md.append("## In short\n\n").append(inShort()).append("\n\n");
        md.append("## Every cell\n\n").append(repeats > 1
                ? "Median of " + repeats + " repeats, smallest–largest in brackets; errors and 5xx are totals over "
                        + "the repeats. "
                : "One run per cell. ")
                .append("A *5xx* is an answer the client retried; *errors* are queries that failed. Server and nginx "
                        + "CPU are per completed query.\n\n");
        md.append("| configuration | clients | completed/hour | spread | timeouts | errors | 5xx | mean time (s) | "
                + "server CPU (ms) | nginx CPU (ms) | cache hit rate |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        cells.forEach((cell, rs) -> {
            Spread rate = spread(rs, ThroughputReport::completedPerHour);
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %d | %d | %s | %s | %s | %s |%n",
                    cell.label(), cell.clients(), rate.format("%,.0f"),
                    rs.size() > 1 ? String.format(Locale.ROOT, "%.0f%%", 100 * rate.relative()) : "",
                    spread(rs, r -> r.count(Measurement.Status.TIMEOUT)).format("%.0f"),
                    total(rs, r -> r.count(Measurement.Status.ERROR)), total(rs, Run::serverErrors),
                    spread(rs, Run::meanCompletedSeconds).format("%.2f"),
                    spread(rs, r -> r.cpuPerCompleted(r.serverCpu())).format("%.1f"),
                    cell.cached() ? spread(rs, r -> r.cpuPerCompleted(r.cacheCpu())).format("%.1f") : "",
                    cell.cached() ? spread(rs, r -> 100 * r.cacheHitRate()).format("%.1f") + "%" : ""));
        });
        md.append(cacheCost());
        md.append(paper());
        md.append("\nPlots (PNG and SVG; medians with a band from the smallest to the largest repeat): `throughput`, "
                + "`throughput-with-timeouts`, `timeouts`, `mean-time`, `server-cpu`, each also `-pinned`, and "
                + "`cache-hit-rate`, `nginx-cpu`.\n");
        return md.toString();
    }

    private List<String> configurations() {
        return cells.keySet().stream().map(c -> c.configuration().label()).distinct().toList();
    }

    private int mostClients() {
        return cells.keySet().stream().mapToInt(Throughput.Cell::clients).max().orElse(0);
    }

    private String inShort() {
        StringBuilder s = new StringBuilder();
        int most = mostClients();
        List<String> configurations = configurations();
        if (configurations.stream().anyMatch(c -> cell(c, false, Placement.SHARED, most).isPresent())) {
            s.append("At ").append(most).append(" clients, without the cache on shared cores: ");
        }
        for (String c : configurations) {
            cell(c, false, Placement.SHARED, most).ifPresent(rs -> s.append(String.format(Locale.ROOT,
                    "%s completed %s queries per hour (mean %s s, %s timeouts per run). ", c,
                    spread(rs, ThroughputReport::completedPerHour).format("%,.0f"),
                    spread(rs, Run::meanCompletedSeconds).format("%.2f"),
                    spread(rs, r -> r.count(Measurement.Status.TIMEOUT)).format("%.0f"))));
        }
        if (configurations.size() >= 2) {
            String tpf = configurations.get(0);
            for (String other : configurations.subList(1, configurations.size())) {
                List<Double> ratios = new ArrayList<>();
                cells.keySet().stream().filter(k -> !k.cached() && k.placement() == Placement.SHARED
                        && k.configuration().label().equals(other)).forEach(k -> rate(tpf, false, Placement.SHARED,
                        k.clients()).ifPresent(t -> ratios.add(rate(other, false, Placement.SHARED, k.clients())
                        .orElseThrow().median() / t.median())));
                if (!ratios.isEmpty()) {
                    double low = ratios.stream().mapToDouble(Double::doubleValue).min().orElseThrow();
                    double high = ratios.stream().mapToDouble(Double::doubleValue).max().orElseThrow();
                    s.append(ratios.size() == 1
                            ? String.format(Locale.ROOT, "Without the cache %s completed %.1f times as many queries "
                                    + "as %s. ", other, low, tpf)
                            : String.format(Locale.ROOT, "Without the cache %s completed %.1f to %.1f times as many "
                                    + "queries as %s, depending on the number of clients. ", other, low, high, tpf));
                }
            }
        }
        long errors = total(runs, r -> r.count(Measurement.Status.ERROR));
        long fives = total(runs, Run::serverErrors);
        long mismatches = total(runs, Run::mismatches);
        s.append(errors == 0 && fives == 0 && mismatches == 0
                ? "No query failed, no answer was a 5xx and every completed result count matched Jena's, up to " + most
                        + " clients. "
                : String.format(Locale.ROOT, "%d queries failed, %d answers were 5xx and %d result counts did not "
                        + "match Jena's. ", errors, fives, mismatches));
        for (Placement p : Placement.values()) {
            double[] gains = gains(p);
            if (gains.length > 0) {
                s.append(String.format(Locale.ROOT, "With nginx %s, throughput changed by a factor of %.2f to %.2f "
                                + "(median %.2f). ", p == Placement.SHARED ? "on the same cores as the server"
                                : "pinned to a core of its own", gains[0], gains[gains.length - 1],
                        gains[gains.length / 2]));
            }
        }
        long cells = this.cells.size();
        long agreeing = this.cells.values().stream()
                .filter(rs -> spread(rs, ThroughputReport::completedPerHour).relative() <= AGREEMENT).count();
        if (this.cells.values().stream().anyMatch(rs -> rs.size() > 1)) {
            s.append(String.format(Locale.ROOT, "The repeats of %d of %d cells agree within %.0f%% "
                    + "(see the spread column).", agreeing, cells, 100 * AGREEMENT));
        }
        return s.toString().trim();
    }

    /** Median completed/hour with the cache over without it, per configuration and clients, sorted. */
    private double[] gains(Placement placement) {
        return cells.keySet().stream().filter(k -> k.cached() && k.placement() == placement)
                .mapToDouble(k -> rate(k.configuration().label(), false, placement, k.clients())
                        .map(without -> rate(k.configuration().label(), true, placement, k.clients()).orElseThrow()
                                .median() / without.median())
                        .orElse(Double.NaN))
                .filter(g -> !Double.isNaN(g) && !Double.isInfinite(g)).sorted().toArray();
    }

    private String cacheCost() {
        if (cells.keySet().stream().noneMatch(Throughput.Cell::cached)) {
            return "";
        }
        StringBuilder md = new StringBuilder("\n## The cache's own cost\n\n")
                .append("Gain is the median of completed queries per hour with nginx over the median without it, on "
                        + "the same placement. On the same cores nginx's work competes with the server's; pinned apart "
                        + "(nginx on a core of its own, the server and the clients on the rest, with and without nginx) "
                        + "it does not, as when the cache runs on a host of its own. The difference between the two "
                        + "columns is what running the cache costs the server's host.\n\n")
                .append("| configuration | clients | gain, same cores | gain, pinned apart | nginx CPU per query (ms) | "
                        + "server CPU per query, same cores: without / with nginx (ms) |\n|---|---:|---:|---:|---:|---:|\n");
        for (String c : configurations()) {
            cells.keySet().stream().filter(k -> k.configuration().label().equals(c) && !k.cached()
                    && k.placement() == Placement.SHARED).mapToInt(Throughput.Cell::clients).forEach(n -> {
                String shared = gain(c, Placement.SHARED, n);
                String pinned = gain(c, Placement.PINNED, n);
                String nginxCpu = cell(c, true, Placement.SHARED, n)
                        .map(rs -> spread(rs, r -> r.cpuPerCompleted(r.cacheCpu())).format("%.1f")).orElse("");
                String serverCpu = cell(c, false, Placement.SHARED, n).flatMap(without -> cell(c, true,
                        Placement.SHARED, n).map(with -> String.format(Locale.ROOT, "%.1f / %.1f",
                        spread(without, r -> r.cpuPerCompleted(r.serverCpu())).median(),
                        spread(with, r -> r.cpuPerCompleted(r.serverCpu())).median()))).orElse("");
                md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s |%n", c, n, shared, pinned,
                        nginxCpu, serverCpu));
            });
        }
        return md.toString();
    }

    private String gain(String configuration, Placement placement, int clients) {
        return rate(configuration, false, placement, clients).flatMap(without -> rate(configuration, true, placement,
                clients).map(with -> String.format(Locale.ROOT, "%.2f", with.median() / without.median())))
                .orElse("");
    }

    private String paper() {
        StringBuilder md = new StringBuilder("\n## Next to the paper\n\n")
                .append("The paper (WatDiv 10M, 1 to 64 clients on 16 machines, a 5-minute timeout, one hour per run) ")
                .append("found brTPF's throughput higher than TPF's at every load, with far fewer timeouts; at 64 ")
                .append("clients the mean time of completed queries was 45.3 s for TPF and 33.1 s for brTPF. With an ")
                .append("nginx cache both gained, and TPF still did not overtake brTPF. Here the server has two cores ")
                .append("shared with every client and runs are seconds, not an hour, so absolute figures differ by ")
                .append("orders of magnitude; the order of the interfaces is what compares.\n\n");
        int most = mostClients();
        md.append("Ours at ").append(most).append(" clients (medians): ");
        List<String> parts = new ArrayList<>();
        cells.forEach((cell, rs) -> {
            if (cell.clients() == most) {
                parts.add(String.format(Locale.ROOT, "%s %.2f s mean, %,.0f completed/hour, %.0f timeouts",
                        cell.label(), spread(rs, Run::meanCompletedSeconds).median(),
                        spread(rs, ThroughputReport::completedPerHour).median(),
                        spread(rs, r -> r.count(Measurement.Status.TIMEOUT)).median()));
            }
        });
        md.append(String.join("; ", parts)).append(".\n");
        return md.toString();
    }
}
