package dev.ldf.experiments.scale;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;

import dev.ldf.cli.UsageException;
import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.live.LiveExperiment;
import dev.ldf.experiments.live.LiveReport;
import dev.ldf.experiments.run.WatDivFiles;
import dev.ldf.experiments.serverbench.BenchPaths;
import dev.ldf.experiments.serverbench.Contender;
import dev.ldf.experiments.serverbench.ServerBenchReport;
import dev.ldf.hdt.files.Directories;
import dev.ldf.watdiv.workload.Workload;
import dev.ldf.watdiv.workload.WorkloadFiles;

/**
 * The scale experiment's parts, run in order on one dataset made once: the data steps, start-up,
 * serving side by side with the rivals, counts, the preemptive endpoint, a restart behind the cache,
 * and live changes with a compaction. Each part adds its figures to the report.
 */
public final class ScaleExperiment {

    /** The parts, by the names {@code --phases} takes. */
    public enum Phase {
        DATA, STARTUP, SERVE, COUNTS, PREEMPTIVE, RESTART, LIVE;

        public static Phase named(String name) {
            for (Phase p : values()) {
                if (p.name().equalsIgnoreCase(name.trim())) {
                    return p;
                }
            }
            throw new UsageException("unknown phase " + name + ": --phases takes " + String.join(", ",
                    Arrays.stream(values()).map(p -> p.name().toLowerCase(Locale.ROOT)).toList()));
        }
    }

    /** What to run and how long. */
    public record Settings(int scale, long seed, Path dataDir, EnumSet<Phase> phases, List<String> convertJvm,
            List<String> oursJvm, List<Contender> servers, int referenceScale, int starts, int rounds, int duration,
            int warmUp, int deepDuration, int deepWarmUp, int deepPages, int countSamples, int stressQueries,
            int restartSeconds, int liveChanges, int liveReadSeconds) {}

    /** The dataset measured, and whether anything failed that must not. */
    public record Outcome(Path hdt, List<String> errors) {}

    private static final int RESTART_PATHS = 500;

    private final Settings settings;
    private final PrintStream progress;

    public ScaleExperiment(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public Outcome run(Path output) throws Exception {
        Files.createDirectories(output);
        Path work = settings.dataDir().resolve("runs").resolve("scale");
        Directories.deleteRecursively(work);
        Files.createDirectories(work);
        ScaleReport report = new ScaleReport(settings);
        ScaleData.Made data = new ScaleData(settings.dataDir(), settings.scale(), settings.seed(), settings.convertJvm(),
                progress).make();
        Path hdt = data.hdt();
        report.data(data);
        // Made only for the phases that use them: at a billion triples they take half an hour.
        boolean usesWorkloads = settings.phases().contains(Phase.SERVE) || settings.phases().contains(Phase.RESTART)
                || settings.phases().contains(Phase.PREEMPTIVE);
        WorkloadFiles workload = usesWorkloads
                ? new WatDivFiles(settings.dataDir(), settings.scale(), settings.seed()).workload() : null;
        BenchPaths paths = null;
        if (settings.phases().contains(Phase.SERVE) || settings.phases().contains(Phase.RESTART)) {
            paths = BenchPaths.write(hdt, workload, ScaleServing.BINDINGS, settings.deepPages(), settings.seed(),
                    work.resolve("paths"), true);
        }
        for (Phase phase : settings.phases()) {
            long began = System.nanoTime();
            switch (phase) {
                case DATA -> { }
                case STARTUP -> report.startup(new StartupTimes(settings.oursJvm(), progress).measure(hdt,
                        settings.starts(), work.resolve("startup")));
                case SERVE -> report.serve(new ScaleServing(settings, progress).run(hdt, paths, output, work.resolve("serve")));
                case COUNTS -> report.counts(counts(hdt, work.resolve("counts")), referenceCounts(work.resolve("counts")));
                case PREEMPTIVE -> report.preemptive(preemptive(hdt, workload, work.resolve("preemptive")));
                case RESTART -> report.restart(new RestartUnderTraffic(settings.oursJvm(), progress).run(hdt,
                        firstLines(paths.file(ServerBenchReport.TPF), RESTART_PATHS), settings.restartSeconds(),
                        work.resolve("restart")));
                case LIVE -> report.live(live(hdt, output, work.resolve("live")));
            }
            report.write(output);  // what is done so far survives a later part's failure
            progress.printf(Locale.ROOT, "%s: done in %.1f s%n", phase.name().toLowerCase(Locale.ROOT),
                    (System.nanoTime() - began) / 1e9);
        }
        report.write(output);
        return new Outcome(hdt, report.errors());
    }

    private List<CountCheck.Sample> counts(Path hdt, Path work) throws Exception {
        progress.printf(Locale.ROOT, "counts: %d patterns against full scans%n", settings.countSamples());
        try (Replica server = Replica.start(StartupTimes.config(hdt, work.resolve("large")), work.resolve("large.log"),
                settings.oursJvm(), 0, StartupTimes.TIMEOUT)) {
            return new CountCheck().check(hdt, server.uri(), "watdiv", settings.countSamples(), settings.seed());
        }
    }

    /** The same check on the reference file: which shapes are exact where the data is small. */
    private List<CountCheck.Sample> referenceCounts(Path work) throws Exception {
        if (settings.referenceScale() <= 0) {
            return List.of();
        }
        Path small = new WatDivFiles(settings.dataDir(), settings.referenceScale(), settings.seed()).hdt();
        try (Replica server = Replica.start(StartupTimes.config(small, work.resolve("reference")),
                work.resolve("reference.log"), settings.oursJvm(), 0, StartupTimes.TIMEOUT)) {
            return new CountCheck().check(small, server.uri(), "watdiv", settings.countSamples(), settings.seed());
        }
    }

    private List<PreemptiveCheck.Answer> preemptive(Path hdt, WorkloadFiles workload, Path work) throws Exception {
        List<Workload.Entry> sequence = Workload.read(workload.sequence(WorkloadFiles.Settings.SEQUENCE));
        progress.printf(Locale.ROOT, "preemptive: %d stress queries with solutions, preemptive and brTPF%n",
                settings.stressQueries());
        try (Replica server = Replica.start(StartupTimes.config(hdt, work), work.resolve("server.log"), settings.oursJvm(),
                0, StartupTimes.TIMEOUT)) {
            return new PreemptiveCheck().run(server.uri() + "watdiv", sequence, settings.stressQueries());
        }
    }

    private LiveExperiment.Results live(Path hdt, Path output, Path work) throws IOException, InterruptedException {
        LiveExperiment.Settings live = new LiveExperiment.Settings(List.of(1, 4), 200, 1000, 4, settings.liveReadSeconds(), 2,
                10, 50, settings.liveChanges(), settings.oursJvm(), settings.seed());
        LiveExperiment.Results results = new LiveExperiment(live, progress).run(hdt, Files.createDirectories(work));
        new LiveReport(results).write(output.resolve("live"), String.format(Locale.ROOT,
                "Setup: WatDiv scale factor %d (seed %d) as the base HDT file; a primary and a follower server process "
                        + "started as the README starts them; patches of 1,000 triples from 1 and from 4 writers (200 patches each); 4 readers of first pages; %,d changes "
                        + "(a tenth of them deletes) before the compaction.", settings.scale(), settings.seed(),
                settings.liveChanges()));
        return results;
    }

    private static List<String> firstLines(Path file, int n) throws IOException {
        try (var lines = Files.lines(file)) {
            return lines.limit(n).toList();
        }
    }
}
