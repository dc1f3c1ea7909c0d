package dev.ldf.experiments.throughput;

import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.Spread;
import dev.ldf.experiments.throughput.Throughput.Placement;
import dev.ldf.experiments.throughput.Throughput.Run;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** Experiment 2's {@code summary.md}: in short, every cell, what the cache costs and gives, next to the paper. */
final class ThroughputSummary {

    private ThroughputSummary() {}

    static String markdown(ThroughputReport report, String setup) {
        int repeats = report.cells().values().stream().mapToInt(List::size).max().orElse(0);
        StringBuilder md = new StringBuilder("# Experiment 2: throughput under load\n\n").append(setup).append("\n\n");
        md.append("## In short\n\n").append(inShort(report)).append("\n\n");
        md.append("## Every cell\n\n").append(repeats > 1
                ? "Median of " + repeats + " repeats, smallest–largest in brackets; errors and 5xx are totals over "
                        + "the repeats. "
                : "One run per cell. ")
                .append("A *5xx* is an answer the client retried; *errors* are queries that failed. Server and nginx "
                        + "CPU are per completed query.\n\n");
        md.append("| configuration | clients | completed/hour | spread | timeouts | errors | 5xx | mean time (s) | "
                + "server CPU (ms) | nginx CPU (ms) | cache hit rate |\n");
        md.append("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|\n");
        report.cells().forEach((cell, rs) -> {
            Spread rate = ThroughputReport.spread(rs, ThroughputReport::completedPerHour);
            md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %d | %d | %s | %s | %s | %s |%n",
                    cell.label(), cell.clients(), rate.format("%,.0f"),
                    rs.size() > 1 ? String.format(Locale.ROOT, "%.0f%%", 100 * rate.relative()) : "",
                    ThroughputReport.spread(rs, r -> r.count(Measurement.Status.TIMEOUT)).format("%.0f"),
                    ThroughputReport.total(rs, r -> r.count(Measurement.Status.ERROR)), ThroughputReport.total(rs, Run::serverErrors),
                    ThroughputReport.spread(rs, Run::meanCompletedSeconds).format("%.2f"),
                    ThroughputReport.spread(rs, r -> r.cpuPerCompleted(r.serverCpu())).format("%.1f"),
                    cell.cached() ? ThroughputReport.spread(rs, r -> r.cpuPerCompleted(r.cacheCpu())).format("%.1f") : "",
                    cell.cached() ? ThroughputReport.spread(rs, r -> 100 * r.cacheHitRate()).format("%.1f") + "%" : ""));
        });
        md.append(cacheCost(report));
        md.append(paper(report));
        md.append("\nPlots (PNG and SVG; medians with a band from the smallest to the largest repeat): `throughput`, "
                + "`throughput-with-timeouts`, `timeouts`, `mean-time`, `server-cpu`, each also `-pinned`, and "
                + "`cache-hit-rate`, `nginx-cpu`.\n");
        return md.toString();
    }

    private static String inShort(ThroughputReport report) {
        StringBuilder s = new StringBuilder();
        int most = report.mostClients();
        List<String> configurations = report.configurations();
        if (configurations.stream().anyMatch(c -> report.cell(c, false, Placement.SHARED, most).isPresent())) {
            s.append("At ").append(most).append(" clients, without the cache on shared cores: ");
        }
        for (String c : configurations) {
            report.cell(c, false, Placement.SHARED, most).ifPresent(rs -> s.append(String.format(Locale.ROOT,
                    "%s completed %s queries per hour (mean %s s, %s timeouts per run). ", c,
                    ThroughputReport.spread(rs, ThroughputReport::completedPerHour).format("%,.0f"),
                    ThroughputReport.spread(rs, Run::meanCompletedSeconds).format("%.2f"),
                    ThroughputReport.spread(rs, r -> r.count(Measurement.Status.TIMEOUT)).format("%.0f"))));
        }
        if (configurations.size() >= 2) {
            String tpf = configurations.get(0);
            for (String other : configurations.subList(1, configurations.size())) {
                List<Double> ratios = new ArrayList<>();
                report.cells().keySet().stream().filter(k -> !k.cached() && k.placement() == Placement.SHARED
                        && k.configuration().label().equals(other)).forEach(k -> report.rate(tpf, false, Placement.SHARED,
                        k.clients()).ifPresent(t -> ratios.add(report.rate(other, false, Placement.SHARED, k.clients())
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
        long errors = ThroughputReport.total(report.runs(), r -> r.count(Measurement.Status.ERROR));
        long fives = ThroughputReport.total(report.runs(), Run::serverErrors);
        long mismatches = ThroughputReport.total(report.runs(), Run::mismatches);
        s.append(errors == 0 && fives == 0 && mismatches == 0
                ? "No query failed, no answer was a 5xx and every completed result count matched Jena's, up to " + most
                        + " clients. "
                : String.format(Locale.ROOT, "%d queries failed, %d answers were 5xx and %d result counts did not "
                        + "match Jena's. ", errors, fives, mismatches));
        for (Placement p : Placement.values()) {
            double[] gains = gains(report, p);
            if (gains.length > 0) {
                s.append(String.format(Locale.ROOT, "With nginx %s, throughput changed by a factor of %.2f to %.2f "
                                + "(median %.2f). ", p == Placement.SHARED ? "on the same cores as the server"
                                : "pinned to a core of its own", gains[0], gains[gains.length - 1],
                        gains[gains.length / 2]));
            }
        }
        long cells = report.cells().size();
        long agreeing = report.cells().values().stream()
                .filter(rs -> ThroughputReport.spread(rs, ThroughputReport::completedPerHour).relative() <= ThroughputReport.AGREEMENT).count();
        if (report.cells().values().stream().anyMatch(rs -> rs.size() > 1)) {
            s.append(String.format(Locale.ROOT, "The repeats of %d of %d cells agree within %.0f%% "
                    + "(see the spread column).", agreeing, cells, 100 * ThroughputReport.AGREEMENT));
        }
        return s.toString().trim();
    }

    /** Median completed/hour with the cache over without it, per configuration and clients, sorted. */
    private static double[] gains(ThroughputReport report, Placement placement) {
        return report.cells().keySet().stream().filter(k -> k.cached() && k.placement() == placement)
                .mapToDouble(k -> report.rate(k.configuration().label(), false, placement, k.clients())
                        .map(without -> report.rate(k.configuration().label(), true, placement, k.clients()).orElseThrow()
                                .median() / without.median())
                        .orElse(Double.NaN))
                .filter(g -> !Double.isNaN(g) && !Double.isInfinite(g)).sorted().toArray();
    }

    private static String cacheCost(ThroughputReport report) {
        if (report.cells().keySet().stream().noneMatch(Throughput.Cell::cached)) {
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
        for (String c : report.configurations()) {
            report.cells().keySet().stream().filter(k -> k.configuration().label().equals(c) && !k.cached()
                    && k.placement() == Placement.SHARED).mapToInt(Throughput.Cell::clients).forEach(n -> {
                String shared = gain(report, c, Placement.SHARED, n);
                String pinned = gain(report, c, Placement.PINNED, n);
                String nginxCpu = report.cell(c, true, Placement.SHARED, n)
                        .map(rs -> ThroughputReport.spread(rs, r -> r.cpuPerCompleted(r.cacheCpu())).format("%.1f")).orElse("");
                String serverCpu = report.cell(c, false, Placement.SHARED, n).flatMap(without -> report.cell(c, true,
                        Placement.SHARED, n).map(with -> String.format(Locale.ROOT, "%.1f / %.1f",
                        ThroughputReport.spread(without, r -> r.cpuPerCompleted(r.serverCpu())).median(),
                        ThroughputReport.spread(with, r -> r.cpuPerCompleted(r.serverCpu())).median()))).orElse("");
                md.append(String.format(Locale.ROOT, "| %s | %d | %s | %s | %s | %s |%n", c, n, shared, pinned,
                        nginxCpu, serverCpu));
            });
        }
        return md.toString();
    }

    private static String gain(ThroughputReport report, String configuration, Placement placement, int clients) {
        return report.rate(configuration, false, placement, clients).flatMap(without -> report.rate(configuration, true, placement,
                clients).map(with -> String.format(Locale.ROOT, "%.2f", with.median() / without.median())))
                .orElse("");
    }

    private static String paper(ThroughputReport report) {
        StringBuilder md = new StringBuilder("\n## Next to the paper\n\n")
                .append("The paper (WatDiv 10M, 1 to 64 clients on 16 machines, a 5-minute timeout, one hour per run) ")
                .append("found brTPF's throughput higher than TPF's at every load, with far fewer timeouts; at 64 ")
                .append("clients the mean time of completed queries was 45.3 s for TPF and 33.1 s for brTPF. With an ")
                .append("nginx cache both gained, and TPF still did not overtake brTPF. Here the server has two cores ")
                .append("shared with every client and runs are seconds, not an hour, so absolute figures differ by ")
                .append("orders of magnitude; the order of the interfaces is what compares.\n\n");
        int most = report.mostClients();
        md.append("Ours at ").append(most).append(" clients (medians): ");
        List<String> parts = new ArrayList<>();
        report.cells().forEach((cell, rs) -> {
            if (cell.clients() == most) {
                parts.add(String.format(Locale.ROOT, "%s %.2f s mean, %,.0f completed/hour, %.0f timeouts",
                        cell.label(), ThroughputReport.spread(rs, Run::meanCompletedSeconds).median(),
                        ThroughputReport.spread(rs, ThroughputReport::completedPerHour).median(),
                        ThroughputReport.spread(rs, r -> r.count(Measurement.Status.TIMEOUT)).median()));
            }
        });
        md.append(String.join("; ", parts)).append(".\n");
        return md.toString();
    }
}
