package dev.ldf.experiments.preemption;

import java.io.IOException;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.ToDoubleFunction;

import org.jfree.data.xy.YIntervalSeries;
import org.jfree.data.xy.YIntervalSeriesCollection;

import dev.ldf.experiments.preemption.PreemptionExperiment.Run;
import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.Spread;

/** The fourth experiment's plots, each as PNG and SVG. */
final class PreemptionPlots {

    private final PreemptionExperiment.Settings settings;
    private final PreemptionExperiment.Results results;
    private final PreemptionReport report;

    PreemptionPlots(PreemptionExperiment.Settings settings, PreemptionExperiment.Results results,
            PreemptionReport report) {
        this.settings = settings;
        this.results = results;
        this.report = report;
    }

    void write(Path out) throws IOException {
        Charts.write(Charts.distribution("Requests per query, one client (distribution over the sequence)",
                "requests per query", perQuery(r -> r.measurement().traffic().requests())), out, "cdf-requests");
        Charts.write(Charts.distribution("Time per query in ms, one client (distribution over the sequence)",
                "ms per query", perQuery(r -> r.measurement().nanos() / 1e6)), out, "cdf-time");
        Charts.write(Charts.distribution("Time to first result in ms, one client (queries with results)",
                "ms to the first result", perQuery(r -> r.measurement().firstNanos() < 0 ? Double.NaN
                        : r.measurement().firstNanos() / 1e6)), out, "cdf-first-result");
        Charts.write(Charts.bands("Mean query completion time in ms, every client running the sequence",
                "concurrent clients", "ms per query (median of repeats, band: min–max)",
                clientSeries(f -> f.meanMillis()), true), out, "clients-completion");
        Charts.write(Charts.bands("Mean time to first result in ms, every client running the sequence",
                "concurrent clients", "ms to the first result (median of repeats, band: min–max)",
                clientSeries(f -> f.meanFirstMillis()), true), out, "clients-first-result");
        Map<String, double[]> held = new LinkedHashMap<>();
        for (String configuration : results.quanta().stream().map(QuantumLog.Quantum::configuration).distinct().toList()) {
            held.put(configuration + ", 1 client", held(PreemptionExperiment.SEQUENCE, configuration, 1, false));
        }
        int most = settings.clientCounts().stream().max(Integer::compare).orElse(1);
        String preemptive = settings.preemptive().label();
        held.put(preemptive + ", " + most + " clients", held(PreemptionExperiment.CLIENTS, preemptive, most, false));
        held.put(preemptive + ", " + most + " clients, with queueing",
                held(PreemptionExperiment.CLIENTS, preemptive, most, true));
        Charts.write(Charts.distribution("Server time per preemptive request in ms (a quantum's place held)",
                "ms per request", "share of requests at or below", held), out, "quantum-time");
    }

    /** One series per configuration of the sequence: {@code figure} of every query in the first repeat. */
    private Map<String, double[]> perQuery(ToDoubleFunction<Run> figure) {
        Map<String, double[]> samples = new LinkedHashMap<>();
        for (Configuration c : settings.sequence()) {
            samples.put(c.label(), results.runs().stream()
                    .filter(r -> r.part().equals(PreemptionExperiment.SEQUENCE) && r.configuration().equals(c)
                            && r.repeat() == 1)
                    .mapToDouble(figure).filter(v -> !Double.isNaN(v)).toArray());
        }
        return samples;
    }

    private YIntervalSeriesCollection clientSeries(Function<PreemptionReport.ClientFigures, Spread> figure) {
        YIntervalSeriesCollection data = new YIntervalSeriesCollection();
        for (Configuration c : settings.contenders()) {
            YIntervalSeries series = new YIntervalSeries(c.label());
            for (int n : settings.clientCounts()) {
                Spread s = figure.apply(report.clients(c, n));
                if (!Double.isNaN(s.median())) {
                    series.add(n, s.median(), s.min(), s.max());
                }
            }
            data.addSeries(series);
        }
        return data;
    }

    private double[] held(String part, String configuration, int clients, boolean withWait) {
        return results.quanta().stream()
                .filter(q -> q.part().equals(part) && q.configuration().equals(configuration) && q.clients() == clients)
                .mapToDouble(q -> withWait ? q.heldMillis() + q.waitMillis() : q.heldMillis())
                .filter(v -> !Double.isNaN(v)).toArray();
    }
}
