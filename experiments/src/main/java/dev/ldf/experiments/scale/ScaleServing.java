package dev.ldf.experiments.scale;

import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.ldf.experiments.run.WatDivFiles;
import dev.ldf.experiments.serverbench.BenchPaths;
import dev.ldf.experiments.serverbench.Contender;
import dev.ldf.experiments.serverbench.Contenders;
import dev.ldf.experiments.serverbench.ServerBench;
import dev.ldf.experiments.serverbench.ServerBenchReport;

/**
 * Serving at size, with the server benchmark's loads: every server in turn on the large file (first
 * pages, brTPF with 30 bindings and the same bindings one by one over TPF, deep pages of every
 * shape, the plain dump), and ours on a smaller file's first pages in the same run, the rate the
 * large one is held to.
 */
final class ScaleServing {

    /** What was measured: the large file's runs, and ours on the reference file's first pages. */
    record Outcome(ServerBenchReport report, ServerBench.Results large, ServerBench.Results reference, long triples,
            long referenceTriples) {}

    static final int BINDINGS = 30;
    private static final String NT = "application/n-triples";

    private final ScaleExperiment.Settings settings;
    private final PrintStream progress;

    ScaleServing(ScaleExperiment.Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    /** Measures {@code hdt} with {@code paths} drawn from it; the benchmark's own report goes to {@code output/serve}. */
    Outcome run(Path hdt, BenchPaths paths, Path output, Path work) throws Exception {
        ServerBench.Results reference = new ServerBench.Results(List.of(), List.of());
        long referenceTriples = 0;
        if (settings.referenceScale() > 0) {
            WatDivFiles small = new WatDivFiles(settings.dataDir(), settings.referenceScale(), settings.seed());
            Path smallHdt = small.hdt();
            BenchPaths smallPaths = BenchPaths.firstPages(smallHdt, small.workload(), settings.seed(),
                    work.resolve("reference-paths"));
            referenceTriples = smallPaths.triples();
            List<ServerBench.Load> firstPages = smallPaths.loads(BINDINGS);
            progress.printf(Locale.ROOT, "serve: ours on scale factor %d first pages, the reference%n", settings.referenceScale());
            reference = new ServerBench(benchSettings(List.of(), 0), progress).run(smallHdt, List.of(ours()), firstPages,
                    work.resolve("reference"));
        }
        ServerBench.Results results = new ServerBench(benchSettings(List.of("dump.nt"), 1), progress).run(hdt,
                settings.servers(), paths.loads(BINDINGS), work.resolve("servers"));
        ServerBenchReport report = new ServerBenchReport(results, CONNECTIONS, paths.triples());
        report.write(output.resolve("serve"), String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, %,d "
                + "triples), one machine with %d cores, everything on loopback. wrk with %d threads and %d connections, "
                + "%d s per run after %d s of warm-up (deep pages: %d s after %d s), N-Triples, %d rounds over all servers "
                + "in turn; dumps read for at most %d s each. Paths: %s. Our server starts as the README starts it (bin/ldf-server); Server.js with one "
                + "worker per core.", settings.scale(), settings.seed(), paths.triples(),
                Runtime.getRuntime().availableProcessors(), THREADS, CONNECTIONS, settings.duration(), settings.warmUp(),
                settings.deepDuration(), settings.deepWarmUp(), settings.rounds(), DUMP_LIMIT.toSeconds(), paths.describe()));
        return new Outcome(report, results, reference, paths.triples(), referenceTriples);
    }

    /** How long a dump is read at most: a billion triples' takes minutes; the rate is over what arrived. */
    static final Duration DUMP_LIMIT = Duration.ofSeconds(60);
    static final int THREADS = 2;
    static final int CONNECTIONS = 16;

    private Contender ours() {
        return new Contenders(settings.oursJvm(), null, null, null).named("ours").orElseThrow();
    }

    private ServerBench.Settings benchSettings(List<String> dumps, int downloads) {
        return new ServerBench.Settings(settings.rounds(), Duration.ofSeconds(settings.warmUp()),
                Duration.ofSeconds(settings.duration()), Duration.ofSeconds(settings.deepWarmUp()),
                Duration.ofSeconds(settings.deepDuration()), THREADS, CONNECTIONS, NT, dumps, downloads, DUMP_LIMIT);
    }
}
