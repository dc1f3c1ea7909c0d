package dev.ldf.experiments.serverbench;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.ToDoubleFunction;

import dev.ldf.experiments.run.Target;

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

    /** The targets, each met or missed. */
    List<Target> rows() {
        List<Target> md = new ArrayList<>();
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
            md.add(new Target(String.format(Locale.ROOT, "dump as N-Triples ≥ %.0f MB/s, flat memory", DUMP_TARGET_MB_PER_S),
                    String.format(Locale.ROOT, "%,.0f MB/s (median of %d), peak RSS %d MB (anonymous %d MB)", rate,
                            plain.size(), plain.stream().mapToLong(d -> d.result().peakRssBytes()).max().orElse(0) >> 20,
                            plain.stream().mapToLong(d -> d.result().peakAnonymousRssBytes()).max().orElse(0) >> 20),
                    Target.ratioVerdict(rate, DUMP_TARGET_MB_PER_S)));
        }
        List<ServerBench.Run> ours = runs.stream().filter(r -> r.server().equals(OURS)).toList();
        long peak = ours.stream().mapToLong(ServerBench.Run::peakRssBytes).max().orElse(0);
        long anonymous = ours.stream().mapToLong(ServerBench.Run::peakAnonymousRssBytes).max().orElse(0);
        if (rssTarget == LARGE_RSS_TARGET_BYTES) {
            // A large file is mapped: its pages are the OS page cache, shared and shed, not the server's own.
            md.add(new Target(String.format(Locale.ROOT, "anonymous RSS ≤ %d MB under this load (this dataset)",
                    rssTarget >> 20), String.format(Locale.ROOT, "peak %d MB (all of RSS, with mapped files' pages: %d MB)",
                    anonymous >> 20, peak >> 20), anonymous <= rssTarget ? Target.MET
                            : String.format(Locale.ROOT, "missed by %d MB", (anonymous - rssTarget) >> 20)));
        } else {
            md.add(new Target(String.format(Locale.ROOT, "RSS ≤ %d MB under this load (this dataset)", rssTarget >> 20),
                    String.format(Locale.ROOT, "peak %d MB", peak >> 20), peak <= rssTarget ? Target.MET
                            : String.format(Locale.ROOT, "missed by %d MB", (peak - rssTarget) >> 20)));
        }
        return md;
    }

    /** The worst of {@code measured} runs against a latency bound, naming the run. */
    private static void latencyTarget(List<Target> md, String target, List<ServerBench.Run> measured,
            ToDoubleFunction<ServerBench.Run> millis, String which, double bound) {
        if (measured.isEmpty()) {
            md.add(Target.notMeasured(target));
            return;
        }
        ServerBench.Run worst = measured.stream().max(Comparator.comparingDouble(millis)).get();
        double ms = millis.applyAsDouble(worst);
        String where = ServerBenchReport.isDeep(worst.load()) ? "`" + ServerBenchReport.shape(worst.load()) + "`, " : "";
        md.add(new Target(target, String.format(Locale.ROOT, "worst %s %.2f ms (%sround %d)", which, ms, where,
                worst.round()), Target.limitVerdict(ms, bound)));
    }

    private interface PerRound<T> {
        T at(int round);
    }

    private void ratioTarget(List<Target> md, String target, double wanted, PerRound<Optional<Double>> ours,
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
            md.add(Target.notMeasured(target));
            return;
        }
        md.add(new Target(target, String.join(" / ", ratios), Target.ratioVerdict(worst, wanted)));
    }
}
