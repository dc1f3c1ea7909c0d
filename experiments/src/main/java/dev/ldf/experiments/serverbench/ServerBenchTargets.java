package dev.ldf.experiments.serverbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

import static dev.ldf.experiments.serverbench.ServerBenchReport.BRTPF;
import static dev.ldf.experiments.serverbench.ServerBenchReport.OURS;
import static dev.ldf.experiments.serverbench.ServerBenchReport.TPF;

/**
 * The performance targets of the lean-by-default issue, each met or missed by how much: ratios
 * within a round against the rivals and nginx, latency bounds on the worst run, the dump's rate
 * and the peak RSS.
 */
final class ServerBenchTargets {

    static final double DEEP_P95_TARGET_MS = 2.0;
    static final double TPF_P99_TARGET_MS = 5.0;
    /** The RSS targets: WatDiv 1M in 400 MB, 10M (and anything past 5 M triples) in 512 MB, 100M (past 50 M) in 1 GB. */
    static final long SMALL_RSS_TARGET_BYTES = 400L << 20;
    static final long RSS_TARGET_BYTES = 512L << 20;
    static final long LARGE_RSS_TARGET_BYTES = 1024L << 20;
    static final double DUMP_TARGET_MB_PER_S = 300;

    private final ServerBenchReport report;
    private final List<ServerBench.Run> runs;
    private final List<ServerBench.Download> downloads;
    private final List<String> servers;
    private final int connections;
    private final long rssTarget;

    ServerBenchTargets(ServerBenchReport report, List<ServerBench.Run> runs, List<ServerBench.Download> downloads,
            List<String> servers, int connections, long triples) {
        this.report = report;
        this.runs = runs;
        this.downloads = downloads;
        this.servers = servers;
        this.connections = connections;
        this.rssTarget = triples < 5_000_000 ? SMALL_RSS_TARGET_BYTES
                : triples < 50_000_000 ? RSS_TARGET_BYTES : LARGE_RSS_TARGET_BYTES;
    }

    /** Appends the targets table's rows to {@code md}. */
    void write(StringBuilder md) {
        List<String> rivals = servers.stream().filter(s -> s.startsWith("Server.")).toList();
        ratioTarget(md, "TPF first pages ≥ 2× the faster of " + (rivals.isEmpty() ? "Server.js and Server.Java"
                : String.join(" and ", rivals)), 2.0,
                round -> report.rate(round, OURS, TPF), round -> rivals.stream().map(s -> report.rate(round, s, TPF))
                        .flatMap(Optional::stream).mapToDouble(Double::doubleValue).max());
        ratioTarget(md, "TPF first pages ≥ ½ nginx serving a 5 KB file", 0.5, round -> report.rate(round, OURS, TPF),
                round -> ServerBenchReport.toOptional(report.rate(round, NginxStatic.NAME, TPF)));
        ratioTarget(md, "brTPF 30 bindings ≥ ½ our TPF first pages", 0.5, round -> report.rate(round, OURS, BRTPF),
                round -> ServerBenchReport.toOptional(report.rate(round, OURS, TPF)));
        ratioTarget(md, "brTPF 30 bindings ≥ 10× the brTPF prototype", 10.0, round -> report.rate(round, OURS, BRTPF),
                round -> ServerBenchReport.toOptional(report.rate(round, JavaRival.BRTPF_PROTOTYPE, BRTPF)));
        latencyTarget(md, "TPF first pages: p99 ≤ 5 ms under " + connections + " connections",
                runs.stream().filter(r -> r.server().equals(OURS) && r.load().equals(TPF)).toList(),
                ServerBench.Run::p99Millis, "p99", TPF_P99_TARGET_MS);
        latencyTarget(md, "deep pages, every shape, " + connections + " connections: p95 ≤ 2 ms",
                runs.stream().filter(r -> r.server().equals(OURS) && r.load().startsWith(BenchPaths.DEEP)).toList(),
                ServerBench.Run::p95Millis, "p95", DEEP_P95_TARGET_MS);
        latencyTarget(md, "deep pages, every shape, one client: p95 ≤ 2 ms",
                runs.stream().filter(r -> r.server().equals(OURS) && r.load().startsWith(BenchPaths.ONE_CLIENT)).toList(),
                ServerBench.Run::p95Millis, "p95", DEEP_P95_TARGET_MS);
        List<ServerBench.Download> plain = downloads.stream()
                .filter(d -> d.server().equals(OURS) && d.file().equals("dump.nt")).toList();
        OptionalDouble dumpRate = ServerBenchReport.medianRate(plain);
        if (dumpRate.isPresent()) {
            double rate = dumpRate.getAsDouble();
            md.append(String.format(Locale.ROOT, "| dump as N-Triples ≥ %.0f MB/s, flat memory | %,.0f MB/s (median of %d), "
                    + "peak RSS %d MB | %s |%n", DUMP_TARGET_MB_PER_S, rate, plain.size(),
                    plain.stream().mapToLong(d -> d.result().peakRssBytes()).max().orElse(0) >> 20,
                    rate >= DUMP_TARGET_MB_PER_S ? "met" : String.format(Locale.ROOT, "missed: %.0f%% of the target",
                            100 * rate / DUMP_TARGET_MB_PER_S)));
        }
        long peak = runs.stream().filter(r -> r.server().equals(OURS)).mapToLong(ServerBench.Run::peakRssBytes).max().orElse(0);
        md.append(String.format(Locale.ROOT, "| RSS ≤ %d MB under this load (this dataset) | peak %d MB | %s |%n",
                rssTarget >> 20, peak >> 20, peak <= rssTarget ? "met"
                        : String.format(Locale.ROOT, "missed by %d MB", (peak - rssTarget) >> 20)));
    }

    /** The worst of {@code measured} runs against a latency bound, naming the run. */
    private static void latencyTarget(StringBuilder md, String target, List<ServerBench.Run> measured,
            java.util.function.ToDoubleFunction<ServerBench.Run> millis, String which, double bound) {
        if (measured.isEmpty()) {
            md.append("| ").append(target).append(" | not measured in this run | – |\n");
            return;
        }
        ServerBench.Run worst = measured.stream().max(java.util.Comparator.comparingDouble(millis)).get();
        double ms = millis.applyAsDouble(worst);
        String where = ServerBenchReport.isDeep(worst.load()) ? "`" + ServerBenchReport.shape(worst.load()) + "`, " : "";
        md.append(String.format(Locale.ROOT, "| %s | worst %s %.2f ms (%sround %d) | %s |%n", target, which, ms, where,
                worst.round(), ms <= bound ? "met" : String.format(Locale.ROOT, "missed by %.0f%%", 100 * (ms / bound - 1))));
    }

    private interface PerRound<T> {
        T at(int round);
    }

    private void ratioTarget(StringBuilder md, String target, double wanted, PerRound<Optional<Double>> ours,
            PerRound<OptionalDouble> reference) {
        List<String> ratios = new ArrayList<>();
        double worst = Double.MAX_VALUE;
        for (int round = 1; round <= report.rounds(); round++) {
            Optional<Double> a = ours.at(round);
            OptionalDouble b = reference.at(round);
            if (a.isPresent() && b.isPresent() && b.getAsDouble() > 0) {
                double ratio = a.get() / b.getAsDouble();
                ratios.add(String.format(Locale.ROOT, "%.2f×", ratio));
                worst = Math.min(worst, ratio);
            }
        }
        if (ratios.isEmpty()) {
            md.append("| ").append(target).append(" | not measured in this run | – |\n");
            return;
        }
        String verdict = worst >= wanted ? "met"
                : String.format(Locale.ROOT, "missed: %.0f%% of the target", 100 * worst / wanted);
        md.append("| ").append(target).append(" | ").append(String.join(" / ", ratios)).append(" | ").append(verdict).append(" |\n");
    }
}
