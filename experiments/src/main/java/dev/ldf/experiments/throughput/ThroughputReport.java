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

    /** Every run. */
    List<Run> runs() {
        return runs;
    }

    /** The runs by cell, each with its repeats. */
    Map<Throughput.Cell, List<Run>> cells() {
        return cells;
    }

    public ThroughputReport(List<Run> runs) {
        this.runs = runs;
        runs.forEach(r -> cells.computeIfAbsent(r.cell(), c -> new ArrayList<>()).add(r));
    }

    static Spread spread(List<Run> repeats, ToDoubleFunction<Run> figure) {
        return Spread.of(repeats.stream().mapToDouble(figure).toArray());
    }

    static double completedPerHour(Run r) {
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
        Files.writeString(out.resolve("summary.md"), ThroughputSummary.markdown(this, setup));
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

    static long total(List<Run> runs, ToLongFunction<Run> figure) {
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

    Optional<List<Run>> cell(String configuration, boolean cached, Placement placement, int clients) {
        return cells.entrySet().stream()
                .filter(e -> e.getKey().configuration().label().equals(configuration) && e.getKey().cached() == cached
                        && e.getKey().placement() == placement && e.getKey().clients() == clients)
                .map(Map.Entry::getValue).findFirst();
    }

    Optional<Spread> rate(String configuration, boolean cached, Placement placement, int clients) {
        return cell(configuration, cached, placement, clients)
                .map(repeats -> spread(repeats, ThroughputReport::completedPerHour));
    }

    List<String> configurations() {
        return cells.keySet().stream().map(c -> c.configuration().label()).distinct().toList();
    }

    int mostClients() {
        return cells.keySet().stream().mapToInt(Throughput.Cell::clients).max().orElse(0);
    }
}
