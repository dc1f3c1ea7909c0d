package dev.ldf.experiments.preemption;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

import dev.ldf.experiments.preemption.PreemptionExperiment.Run;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.Spread;

/**
 * The fourth experiment's tables ({@code summary.csv}, {@code clients.csv}, {@code convoy.csv},
 * {@code quanta-summary.csv}, every run in {@code queries.csv.gz} and every preemptive answer in
 * {@code quanta.csv.gz}), plots, and {@code summary.md}, which sets the figures beside SaGe's
 * published ones.
 */
public final class PreemptionReport {

    /** SaGe's figures (Minier et al., WWW 2019; WatDiv 10M, one client, 75 ms quantum). */
    static final double SAGE_MEDIAN_REQUESTS = 1;
    static final double SAGE_MEAN_REQUESTS = 5.8;
    static final double SAGE_TPF_MEDIAN_REQUESTS = 689;
    static final double SAGE_TPF_MEAN_REQUESTS = 1_892;
    static final double SAGE_SUSPEND_MS = 1;
    static final double SAGE_RESUME_MS = 1.5;
    static final double SAGE_PLAN_BYTES = 1_700;
    /** The quantum's promise under load: no request holds a place for longer than the quantum and this. */
    static final double QUANTUM_SLACK_MS = 5;

    private final PreemptionExperiment.Settings settings;
    private final PreemptionExperiment.Results results;

    public PreemptionReport(PreemptionExperiment.Settings settings, PreemptionExperiment.Results results) {
        this.settings = settings;
        this.results = results;
    }

    /** A configuration's figures over the sequence, median with min–max over the repeats. */
    record SequenceFigures(Configuration configuration, int queries, long completed, long failures, long mismatches,
            double medianRequests, double meanRequests, Spread requests, Spread megabytes, Spread seconds,
            Spread meanFirstMillis, Spread medianFirstMillis) {}

    /** What {@code clients} clients did together with one configuration, over the repeats. */
    record ClientFigures(Configuration configuration, int clients, long completed, long failures, long mismatches,
            long retries, Spread meanMillis, Spread meanFirstMillis, Spread wallSeconds) {}

    /**
     * The short queries' latency, idle and loaded; for the preemptive endpoint also the server's
     * part of it (queueing for a place and holding it), NaN for brTPF.
     */
    record ConvoyFigures(Configuration configuration, int queries, double idleMedian, double idleP95,
            double loadedMedian, double loadedP95, double serverIdleP95, double serverLoadedP95) {

        double ratio() {
            return idleP95 == 0 ? 0 : loadedP95 / idleP95;
        }
    }

    /** The preemptive endpoint's answers in one part, at one number of clients. */
    record QuantumFigures(String part, String configuration, int clients, long answers, long resumed, long suspended,
            long suspendedByTime, double heldMedian, double heldP99, double heldMax, double waitP99,
            double resumeMedian, double resumeP95, double suspendMedian, double suspendP95, double parseMedian,
            double tokenMedian, double tokenMax) {}

    private List<Run> runs(String part, Predicate<Run> filter) {
        return results.runs().stream().filter(r -> r.part().equals(part) && filter.test(r)).toList();
    }

    SequenceFigures sequence(Configuration c) {
        List<Run> all = runs(PreemptionExperiment.SEQUENCE, r -> r.configuration().equals(c));
        int repeats = settings.repeats();
        double[] requests = new double[repeats];
        double[] megabytes = new double[repeats];
        double[] seconds = new double[repeats];
        double[] meanFirst = new double[repeats];
        double[] medianFirst = new double[repeats];
        for (int i = 0; i < repeats; i++) {
            int repeat = i + 1;
            List<Run> one = all.stream().filter(r -> r.repeat() == repeat).toList();
            requests[i] = sum(one, r -> r.measurement().traffic().requests());
            megabytes[i] = sum(one, r -> r.measurement().traffic().bytes()) / 1e6;
            seconds[i] = sum(one, r -> r.measurement().nanos()) / 1e9;
            double[] first = firstMillis(one);
            meanFirst[i] = mean(first);
            medianFirst[i] = Spread.quantile(first, 0.5);
        }
        // Requests per query over every repeat: preemptive counts depend on timing.
        double[] perQuery = all.stream().mapToDouble(r -> r.measurement().traffic().requests()).toArray();
        return new SequenceFigures(c, (int) all.stream().map(Run::query).distinct().count(),
                all.stream().filter(r -> r.measurement().completed()).count(),
                all.stream().filter(r -> !r.measurement().completed()).count(),
                all.stream().filter(Run::mismatch).count(), Spread.quantile(perQuery, 0.5), mean(perQuery),
                Spread.of(requests), Spread.of(megabytes), Spread.of(seconds), Spread.of(meanFirst),
                Spread.of(medianFirst));
    }

    ClientFigures clients(Configuration c, int n) {
        List<Run> all = runs(PreemptionExperiment.CLIENTS, r -> r.configuration().equals(c) && r.clients() == n);
        int repeats = settings.repeats();
        double[] mean = new double[repeats];
        double[] first = new double[repeats];
        double[] wall = new double[repeats];
        for (int i = 0; i < repeats; i++) {
            int repeat = i + 1;
            List<Run> one = all.stream().filter(r -> r.repeat() == repeat).toList();
            mean[i] = mean(one.stream().filter(r -> r.measurement().completed())
                    .mapToDouble(r -> r.measurement().nanos() / 1e6).toArray());
            first[i] = mean(firstMillis(one));
            wall[i] = results.walls().stream().filter(w -> w.configuration().equals(c) && w.clients() == n
                    && w.repeat() == repeat).mapToDouble(w -> w.nanos() / 1e9).findFirst().orElse(Double.NaN);
        }
        return new ClientFigures(c, n, all.stream().filter(r -> r.measurement().completed()).count(),
                all.stream().filter(r -> !r.measurement().completed()).count(), all.stream().filter(Run::mismatch).count(),
                (long) sum(all, r -> r.measurement().traffic().retries()), Spread.of(mean), Spread.of(first),
                Spread.of(wall));
    }

    ConvoyFigures convoy(Configuration c) {
        double[] idle = millis(runs(PreemptionExperiment.IDLE, r -> r.configuration().equals(c)));
        double[] loaded = millis(runs(PreemptionExperiment.LOADED, r -> r.configuration().equals(c)));
        return new ConvoyFigures(c, results.shortQueries().size(), Spread.quantile(idle, 0.5),
                Spread.quantile(idle, 0.95), Spread.quantile(loaded, 0.5), Spread.quantile(loaded, 0.95),
                serverP95(PreemptionExperiment.IDLE, c), serverP95(PreemptionExperiment.LOADED, c));
    }

    /** The convoy part's load with {@code c}. */
    PreemptionExperiment.Load load(Configuration c) {
        return results.loads().stream().filter(l -> l.configuration().equals(c)).findFirst()
                .orElse(new PreemptionExperiment.Load(c, -1, Double.NaN, Double.NaN));
    }

    private double serverP95(String part, Configuration c) {
        double[] server = results.quanta().stream()
                .filter(q -> q.part().equals(part) && q.configuration().equals(c.label()))
                .mapToDouble(q -> q.waitMillis() + q.heldMillis()).filter(v -> !Double.isNaN(v)).toArray();
        return server.length == 0 ? Double.NaN : Spread.quantile(server, 0.95);
    }

    List<QuantumFigures> quanta() {
        Map<String, List<QuantumLog.Quantum>> groups = new LinkedHashMap<>();
        for (QuantumLog.Quantum q : results.quanta()) {
            if (!q.part().equals("warm-up")) {
                groups.computeIfAbsent(q.part() + "|" + q.configuration() + "|" + q.clients(), k -> new ArrayList<>())
                        .add(q);
            }
        }
        return groups.values().stream().map(this::quantumFigures).toList();
    }

    private QuantumFigures quantumFigures(List<QuantumLog.Quantum> qs) {
        QuantumLog.Quantum first = qs.get(0);
        double[] held = values(qs, q -> true, QuantumLog.Quantum::heldMillis);
        double[] resume = values(qs, QuantumLog.Quantum::resumed, QuantumLog.Quantum::resumeMillis);
        double[] suspend = values(qs, QuantumLog.Quantum::suspended, QuantumLog.Quantum::suspendMillis);
        double[] tokens = values(qs, QuantumLog.Quantum::suspended, q -> q.tokenBytes());
        // A suspension with fewer solutions than the limit came from the quantum's time.
        long byTime = qs.stream().filter(q -> q.suspended() && q.solutions() < settings.maxResults()).count();
        return new QuantumFigures(first.part(), first.configuration(), first.clients(), qs.size(), resume.length,
                suspend.length, byTime, Spread.quantile(held, 0.5), Spread.quantile(held, 0.99), Spread.quantile(held, 1),
                Spread.quantile(values(qs, q -> true, QuantumLog.Quantum::waitMillis), 0.99),
                Spread.quantile(resume, 0.5), Spread.quantile(resume, 0.95), Spread.quantile(suspend, 0.5),
                Spread.quantile(suspend, 0.95), Spread.quantile(values(qs, q -> true, QuantumLog.Quantum::parseMillis), 0.5),
                Spread.quantile(tokens, 0.5), Spread.quantile(tokens, 1));
    }

    private static double[] values(List<QuantumLog.Quantum> qs, Predicate<QuantumLog.Quantum> which,
            ToDoubleFunction<QuantumLog.Quantum> figure) {
        return qs.stream().filter(which).mapToDouble(figure).filter(v -> !Double.isNaN(v)).toArray();
    }

    private static double sum(List<Run> runs, ToDoubleFunction<Run> figure) {
        return runs.stream().mapToDouble(figure).sum();
    }

    private static double mean(double[] values) {
        return Arrays.stream(values).average().orElse(Double.NaN);
    }

    private static double[] firstMillis(List<Run> runs) {
        return runs.stream().filter(r -> r.measurement().firstNanos() >= 0)
                .mapToDouble(r -> r.measurement().firstNanos() / 1e6).toArray();
    }

    private static double[] millis(List<Run> runs) {
        return runs.stream().filter(r -> r.measurement().completed()).mapToDouble(r -> r.measurement().nanos() / 1e6)
                .toArray();
    }

    public void write(Path out, String setup) throws IOException {
        Files.createDirectories(out);
        try (CsvWriter csv = new CsvWriter(out.resolve("queries.csv.gz"), "part", "configuration", "clients", "repeat",
                "client", "query", "status", "results", "expected_results", "matches", "requests", "quanta",
                "suspensions", "retries", "bytes", "time_ms", "first_result_ms", "message")) {
            for (Run r : results.runs()) {
                Measurement m = r.measurement();
                var t = m.traffic();
                csv.row(r.part(), r.configuration().label(), r.clients(), r.repeat(), r.client(), r.query(), m.status(),
                        m.results(), r.expected() == null ? "" : r.expected(), r.expected() == null ? "" : !r.mismatch(),
                        t.requests(), t.quanta(), t.suspensions(), t.retries(), t.bytes(), m.nanos() / 1e6,
                        m.firstNanos() < 0 ? "" : (Object) (m.firstNanos() / 1e6), m.message());
            }
        }
        try (CsvWriter csv = new CsvWriter(out.resolve("quanta.csv.gz"), "part", "configuration", "clients", "repeat",
                "query", "solutions", "resumed", "token_bytes", "bytes", "parse_ms", "wait_ms", "resume_ms", "run_ms",
                "suspend_ms")) {
            for (QuantumLog.Quantum q : results.quanta()) {
                csv.row(q.part(), q.configuration(), q.clients(), q.repeat(), q.query(), q.solutions(), q.resumed(),
                        q.tokenBytes(), q.bytes(), q.parseMillis(), q.waitMillis(), q.resumeMillis(), q.runMillis(),
                        q.suspendMillis());
            }
        }
        try (CsvWriter csv = new CsvWriter(out.resolve("summary.csv"), "configuration", "repeats", "queries",
                "completed", "failures", "mismatches", "requests_per_query_median", "requests_per_query_mean",
                "requests_median", "requests_min", "requests_max", "mb_median", "time_s_median", "time_s_min",
                "time_s_max", "first_result_ms_mean_median", "first_result_ms_median_median")) {
            for (Configuration c : settings.sequence()) {
                SequenceFigures f = sequence(c);
                csv.row(c.label(), settings.repeats(), f.queries(), f.completed(), f.failures(), f.mismatches(),
                        f.medianRequests(), f.meanRequests(), f.requests().median(), f.requests().min(),
                        f.requests().max(), f.megabytes().median(), f.seconds().median(), f.seconds().min(),
                        f.seconds().max(), f.meanFirstMillis().median(), f.medianFirstMillis().median());
            }
        }
        try (CsvWriter csv = new CsvWriter(out.resolve("clients.csv"), "configuration", "clients", "repeats",
                "completed", "failures", "mismatches", "retries", "mean_ms_median", "mean_ms_min", "mean_ms_max",
                "first_result_ms_median", "first_result_ms_min", "first_result_ms_max", "wall_s_median")) {
            for (int n : settings.clientCounts()) {
                for (Configuration c : settings.contenders()) {
                    ClientFigures f = clients(c, n);
                    csv.row(c.label(), n, settings.repeats(), f.completed(), f.failures(), f.mismatches(), f.retries(),
                            f.meanMillis().median(), f.meanMillis().min(), f.meanMillis().max(),
                            f.meanFirstMillis().median(), f.meanFirstMillis().min(), f.meanFirstMillis().max(),
                            f.wallSeconds().median());
                }
            }
        }
        try (CsvWriter csv = new CsvWriter(out.resolve("convoy.csv"), "configuration", "short_queries", "rounds",
                "long_clients", "idle_median_ms", "idle_p95_ms", "loaded_median_ms", "loaded_p95_ms", "p95_ratio",
                "server_idle_p95_ms", "server_loaded_p95_ms", "long_queries_completed", "loaded_s", "server_cores")) {
            for (Configuration c : settings.contenders()) {
                ConvoyFigures f = convoy(c);
                csv.row(c.label(), f.queries(), settings.shortRounds(), settings.longClients(), f.idleMedian(),
                        f.idleP95(), f.loadedMedian(), f.loadedP95(), f.ratio(), f.serverIdleP95(),
                        f.serverLoadedP95(), load(c).longQueries(), load(c).seconds(), load(c).serverCores());
            }
        }
        try (CsvWriter csv = new CsvWriter(out.resolve("quanta-summary.csv"), "part", "configuration", "clients",
                "answers", "resumed", "suspended", "suspended_by_time", "held_ms_median", "held_ms_p99", "held_ms_max", "wait_ms_p99",
                "resume_ms_median", "resume_ms_p95", "suspend_ms_median", "suspend_ms_p95", "parse_ms_median",
                "token_bytes_median", "token_bytes_max")) {
            for (QuantumFigures f : quanta()) {
                csv.row(f.part(), f.configuration(), f.clients(), f.answers(), f.resumed(), f.suspended(),
                        f.suspendedByTime(), f.heldMedian(), f.heldP99(), f.heldMax(), f.waitP99(), f.resumeMedian(),
                        f.resumeP95(),
                        f.suspendMedian(), f.suspendP95(), f.parseMedian(), f.tokenMedian(), f.tokenMax());
            }
        }
        new PreemptionPlots(settings, results, this).write(out);
        Files.writeString(out.resolve("summary.md"), new PreemptionSummary(settings, results, this).markdown(setup));
    }
}
