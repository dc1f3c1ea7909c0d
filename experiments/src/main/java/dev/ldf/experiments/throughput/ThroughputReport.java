package dev.ldf.experiments.throughput;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.jfree.data.xy.XYSeries;
import org.jfree.data.xy.XYSeriesCollection;

/** Experiment 2's figures per run ({@code runs.csv}), per query ({@code queries.csv}), plots and {@code summary.md}. */
public final class ThroughputReport {

    private final List<Throughput.Run> runs;

    public ThroughputReport(List<Throughput.Run> runs) {
        this.runs = runs;
    }

    public static CsvWriter queriesCsv(Path out) throws IOException {
        return new CsvWriter(out.resolve("queries.csv"), "configuration", "cache", "clients", "client", "query", "status",
                "results", "expected_results", "matches", "requests", "data_triples", "metadata_triples", "bytes", "time_ms",
                "message");
    }

    public static void writeQueries(CsvWriter csv, Throughput.Run run) {
        for (Throughput.Query q : run.queries()) {
            Measurement m = q.measurement();
            csv.row(run.cell().configuration().label(), run.cell().cached(), run.cell().clients(), q.client(), m.query(),
                    m.status(), m.results(), q.expected() == null ? "" : q.expected(),
                    q.expected() == null ? "" : !q.mismatch(), m.traffic().requests(), m.traffic().dataTriples(),
                    m.traffic().metadataTriples(), m.traffic().bytes(), m.nanos() / 1e6, m.message());
        }
    }

    public void write(Path out, String setup) throws IOException {
        try (CsvWriter csv = new CsvWriter(out.resolve("runs.csv"), "configuration", "cache", "clients", "duration_s",
                "completed", "timeouts", "errors", "mismatches", "unfinished", "completed_per_hour",
                "completed_and_timeouts_per_hour", "mean_completed_s", "server_cpu_s", "requests", "cache_hits",
                "cache_requests", "cache_hit_rate")) {
            for (Throughput.Run r : runs) {
                long completed = r.count(Measurement.Status.COMPLETED);
                long timeouts = r.count(Measurement.Status.TIMEOUT);
                csv.row(r.cell().configuration().label(), r.cell().cached(), r.cell().clients(), r.duration().toSeconds(),
                        completed, timeouts, r.count(Measurement.Status.ERROR), r.mismatches(),
                        r.count(Measurement.Status.UNFINISHED), r.perHour(completed), r.perHour(completed + timeouts),
                        r.meanCompletedSeconds(), r.serverCpu().toMillis() / 1000.0, r.requests(), r.cacheHits(),
                        r.cacheRequests(), r.cacheHitRate());
            }
        }
        plot(out, "throughput", "Queries completed per hour", "queries per hour",
                r -> r.perHour(r.count(Measurement.Status.COMPLETED)));
        plot(out, "throughput-with-timeouts", "Queries completed or timed out per hour", "queries per hour",
                r -> r.perHour(r.count(Measurement.Status.COMPLETED) + r.count(Measurement.Status.TIMEOUT)));
        plot(out, "timeouts", "Queries that timed out", "queries", r -> r.count(Measurement.Status.TIMEOUT));
        plot(out, "mean-time", "Mean time of completed queries", "seconds", Throughput.Run::meanCompletedSeconds);
        plot(out, "server-cpu", "Server CPU time per completed query", "CPU seconds",
                r -> r.serverCpu().toMillis() / 1000.0 / Math.max(1, r.count(Measurement.Status.COMPLETED)));
        if (runs.stream().anyMatch(r -> r.cell().cached())) {
            plot(out, "cache-hit-rate", "nginx cache hit rate", "hits per request (%)",
                    r -> r.cell().cached() ? 100 * r.cacheHitRate() : Double.NaN);
        }
        Files.writeString(out.resolve("summary.md"), markdown(setup));
    }

    private void plot(Path out, String name, String title, String yAxis, ToDoubleFunction<Throughput.Run> value)
            throws IOException {
        Map<String, XYSeries> series = new LinkedHashMap<>();
        for (Throughput.Run r : runs) {
            double v = value.applyAsDouble(r);
            if (!Double.isNaN(v)) {
                series.computeIfAbsent(r.cell().label(), XYSeries::new).add(r.cell().clients(), v);
            }
        }
        XYSeriesCollection data = new XYSeriesCollection();
        series.values().forEach(data::addSeries);
        Charts.write(Charts.lines(title, "concurrent clients", yAxis, data, true), out, name);
    }

    private String markdown(String setup) {
        StringBuilder md = new StringBuilder("# Experiment 2: throughput under load\n\n").append(setup).append("\n\n");
        md.append("| configuration | clients | completed | timeouts | errors | mismatches | completed/hour | with timeouts/hour | mean time (s) | server CPU (s) | requests | cache hit rate |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        for (Throughput.Run r : runs) {
            long completed = r.count(Measurement.Status.COMPLETED);
            long timeouts = r.count(Measurement.Status.TIMEOUT);
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %,.0f | %,.0f | %.2f | %.1f | %,d | %s |%n",
                    r.cell().label(), r.cell().clients(), completed, timeouts, r.count(Measurement.Status.ERROR),
                    r.mismatches(), r.perHour(completed), r.perHour(completed + timeouts), r.meanCompletedSeconds(),
                    r.serverCpu().toMillis() / 1000.0, r.requests(),
                    r.cell().cached() ? String.format(Locale.ROOT, "%.1f%%", 100 * r.cacheHitRate()) : ""));
        }
        md.append("\n## Next to the paper\n\n")
                .append("The paper (WatDiv 10M, 1 to 64 clients on 16 machines, a 5-minute timeout, one hour per run) ")
                .append("found brTPF's throughput higher than TPF's at every load, with far fewer timeouts; at 64 ")
                .append("clients the mean time of completed queries was 45.3 s for TPF and 33.1 s for brTPF. With an ")
                .append("nginx cache both gained, and TPF still did not overtake brTPF.\n\n");
        int most = runs.stream().mapToInt(r -> r.cell().clients()).max().orElse(0);
        md.append("Ours at ").append(most).append(" clients: ");
        runs.stream().filter(r -> r.cell().clients() == most).forEach(r -> md.append(String.format(Locale.ROOT,
                "%s %.2f s mean, %,.0f completed/hour, %d timeouts; ", r.cell().label(), r.meanCompletedSeconds(),
                r.perHour(r.count(Measurement.Status.COMPLETED)), r.count(Measurement.Status.TIMEOUT))));
        md.setLength(md.length() - 2);
        md.append(".\n\nPlots: `throughput`, `throughput-with-timeouts`, `timeouts`, `mean-time`, `server-cpu`, ")
                .append("`cache-hit-rate` (PNG and SVG).\n");
        return md.toString();
    }
}
