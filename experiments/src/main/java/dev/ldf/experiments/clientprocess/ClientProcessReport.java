package dev.ldf.experiments.clientprocess;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import dev.ldf.experiments.clientprocess.ClientProcesses.Run;
import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;

/**
 * The client-process experiment's results: totals per client ({@code summary.csv}), the spread of
 * per-query times (plot), and {@code summary.md} with issue 34's target for the client: one
 * process per query takes at most a third of Comunica's wall time. Times are compared on the
 * queries every client completed.
 */
public final class ClientProcessReport {

    static final double TARGET = 1.0 / 3;
    static final String COMUNICA = "Comunica";
    /** curl asking one endpoint kept warm: the client's own time per query, beside the targets, not judged by them. */
    public static final String ENDPOINT = "ours (curl to bin/ldf-endpoint, started once)";
    /** bin/ldf-query handing each call to an endpoint kept warm: the launcher as users run it, with LDF_ENDPOINT set. */
    public static final String HANDED_OFF = "ours (bin/ldf-query, handed to a running bin/ldf-endpoint)";
    /** Comunica asking that endpoint: whether a standard SPARQL client gets Jena's counts through it. */
    public static final String COMUNICA_OVER_ENDPOINT = "Comunica (sparql@ an ldf-endpoint of its own)";

    /** Sums over one client's runs; {@code seconds} over the queries every client completed. */
    record Totals(String client, int queries, int completed, int timeouts, int errors, int mismatches, long requests,
            double seconds, double medianMillis) {}

    private final List<Run> runs;
    private final List<String> clients;

    public ClientProcessReport(List<Run> runs) {
        this.runs = List.copyOf(runs);
        Set<String> seen = new LinkedHashSet<>();
        runs.forEach(r -> seen.add(r.client()));
        this.clients = List.copyOf(seen);
    }

    /** The queries every client completed. */
    Set<String> comparable() {
        Map<String, Integer> done = new LinkedHashMap<>();
        runs.stream().filter(Run::completed).forEach(r -> done.merge(r.query(), 1, Integer::sum));
        Set<String> all = new LinkedHashSet<>();
        done.forEach((q, n) -> {
            if (n == clients.size()) {
                all.add(q);
            }
        });
        return all;
    }

    Totals totals(String client) {
        Set<String> shared = comparable();
        List<Run> mine = runs.stream().filter(r -> r.client().equals(client)).toList();
        double[] times = mine.stream().filter(r -> shared.contains(r.query())).mapToDouble(Run::millis).sorted().toArray();
        return new Totals(client, mine.size(), (int) mine.stream().filter(Run::completed).count(),
                (int) mine.stream().filter(r -> r.status() == Measurement.Status.TIMEOUT).count(),
                (int) mine.stream().filter(r -> r.status() == Measurement.Status.ERROR).count(),
                (int) mine.stream().filter(Run::mismatch).count(), mine.stream().mapToLong(Run::requests).sum(),
                Arrays.stream(times).sum() / 1e3, times.length == 0 ? Double.NaN : times[times.length / 2]);
    }

    public void write(Path out, String setup) throws IOException {
        try (CsvWriter csv = new CsvWriter(out.resolve("summary.csv"), "client", "queries", "completed", "timeouts",
                "errors", "mismatches", "requests", "seconds_on_shared_queries", "median_ms")) {
            for (String c : clients) {
                Totals t = totals(c);
                csv.row(c, t.queries(), t.completed(), t.timeouts(), t.errors(), t.mismatches(), t.requests(), t.seconds(),
                        t.medianMillis());
            }
        }
        Map<String, double[]> samples = new LinkedHashMap<>();
        for (String c : clients) {
            samples.put(c, runs.stream().filter(r -> r.client().equals(c)).mapToDouble(Run::millis).toArray());
        }
        Charts.write(Charts.distribution("Wall time per query, one process each (distribution over the sequence)",
                "milliseconds per query", samples), out, "cdf-time");
        Files.writeString(out.resolve("summary.md"), markdown(setup), StandardCharsets.UTF_8);
    }

    String markdown(String setup) {
        StringBuilder md = new StringBuilder("# One process per query: our command line client and Comunica's\n\n");
        md.append(setup).append("\n\n**In short.** ").append(inShort()).append("\n\n");
        md.append("| client | queries | completed | timeouts | errors | wrong counts | requests | seconds (shared "
                + "queries) | median ms |\n|---|---|---|---|---|---|---|---|---|\n");
        for (String c : clients) {
            Totals t = totals(c);
            md.append(String.format(Locale.ROOT, "| %s | %d | %d | %d | %d | %d | %,d | %.1f | %.0f |%n", c, t.queries(),
                    t.completed(), t.timeouts(), t.errors(), t.mismatches(), t.requests(), t.seconds(), t.medianMillis()));
        }
        md.append("\nFiles: `queries.csv` (every client's process for every query: status, TSV rows, the count Jena "
                + "gives, the server's requests, wall time), `summary.csv`, plot `cdf-time` (PNG and SVG), "
                + "`provenance.json`.\n");
        return md.toString();
    }

    /** Each of our variants against Comunica, with the target. */
    String inShort() {
        if (!clients.contains(COMUNICA)) {
            return "Comunica was not run.";
        }
        Totals theirs = totals(COMUNICA);
        StringBuilder p = new StringBuilder(String.format(Locale.ROOT, "On the %d queries every client completed, "
                + "Comunica's processes took %.1f s (median %.0f ms a query)", comparable().size(), theirs.seconds(),
                theirs.medianMillis()));
        for (String c : clients) {
            if (c.equals(COMUNICA) || c.equals(COMUNICA_OVER_ENDPOINT)) {
                continue;
            }
            Totals ours = totals(c);
            double ratio = ours.seconds() / theirs.seconds();
            String verdict = c.equals(ENDPOINT) ? "a warm client, not one JVM per query"
                    : c.equals(HANDED_OFF) ? "one launcher process per query, no JVM: the endpoint is started once"
                    : "target at most 0.33×: " + (ratio <= TARGET ? "met"
                            : String.format(Locale.ROOT, "missed by %.0f%%", (ratio / TARGET - 1) * 100));
            p.append(String.format(Locale.ROOT, "; %s took %.1f s (median %.0f ms), %.2f× Comunica's (%s), with %d of "
                            + "%d counts right", c, ours.seconds(), ours.medianMillis(), ratio, verdict,
                    ours.completed() - ours.mismatches(), ours.queries()));
        }
        p.append(String.format(Locale.ROOT, ". Comunica's counts: %d of %d right.",
                theirs.completed() - theirs.mismatches(), theirs.queries()));
        if (clients.contains(COMUNICA_OVER_ENDPOINT)) {
            Totals through = totals(COMUNICA_OVER_ENDPOINT);
            p.append(String.format(Locale.ROOT, " Comunica with an ldf-endpoint as its sparql@ source: %d of %d counts "
                    + "right, %.1f s.", through.completed() - through.mismatches(), through.queries(), through.seconds()));
        }
        return p.toString();
    }
}
