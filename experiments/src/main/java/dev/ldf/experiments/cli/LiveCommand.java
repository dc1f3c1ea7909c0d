package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.UsageException;
import dev.ldf.experiments.live.LiveExperiment;
import dev.ldf.experiments.live.LiveReport;
import dev.ldf.cli.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "live", mixinStandardHelpOptions = true,
        description = "Live data: ingest of RDF Patch over loopback with the log forced per patch, first-page reads with "
                + "and without a steady write load, how soon a change shows on the primary and on a follower, and a "
                + "compaction while readers go on. CSV, plots and a summary with the targets.")
final class LiveCommand implements Callable<Integer> {

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/live",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Option(names = "--server-jvm", defaultValue = "-Xmx2g", split = " ",
            description = "JVM options of the server processes (default: ${DEFAULT-VALUE}).")
    List<String> serverJvm;

    @Option(names = "--writers", split = ",", defaultValue = "1,4",
            description = "Concurrent writers of the ingest part (default: ${DEFAULT-VALUE}).")
    List<Integer> writers;

    @Option(names = "--ingest-patches", defaultValue = "200",
            description = "Patches per ingest setting (default: ${DEFAULT-VALUE}).")
    int ingestPatches;

    @Option(names = "--patch-triples", defaultValue = "1000", description = "Triples per patch (default: ${DEFAULT-VALUE}).")
    int patchTriples;

    @Option(names = "--readers", defaultValue = "4", description = "Concurrent readers (default: ${DEFAULT-VALUE}).")
    int readers;

    @Option(names = "--read-seconds", defaultValue = "10", description = "Length of each read phase (default: ${DEFAULT-VALUE}).")
    int readSeconds;

    @Option(names = "--rounds", defaultValue = "3",
            description = "Rounds of a read-only and an under-writes phase, alternating (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--steady-patches", defaultValue = "10",
            description = "Patches per second of the steady write load (default: ${DEFAULT-VALUE}).")
    int steadyPatches;

    @Option(names = "--probes", defaultValue = "200", description = "Visibility probes (default: ${DEFAULT-VALUE}).")
    int probes;

    @Option(names = "--compaction-changes", defaultValue = "100000",
            description = "Changes folded by the compaction part, a tenth of them deletes (default: ${DEFAULT-VALUE}).")
    int compactionChanges;

    @Override
    public Integer call() throws IOException, InterruptedException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        if (writers.stream().anyMatch(w -> w < 1) || ingestPatches < 1 || patchTriples < 1 || readers < 1
                || readSeconds < 1 || rounds < 1 || steadyPatches < 1 || probes < 1 || compactionChanges < 10) {
            throw new UsageException("--writers, --ingest-patches, --patch-triples, --readers, --read-seconds, --rounds, "
                    + "--steady-patches and --probes take positive numbers, --compaction-changes at least 10");
        }
        Path hdt = experiment.hdt();
        LiveExperiment.Settings settings = new LiveExperiment.Settings(writers, ingestPatches, patchTriples, readers,
                readSeconds, rounds, steadyPatches, probes, compactionChanges, serverJvm, experiment.seed);
        LiveExperiment.Results results = new LiveExperiment(settings, quiet.progress(System.err)).run(hdt, experiment.work("live"));
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d) as the base HDT file; a "
                + "primary and a follower server process (%s) on loopback, clients in one JVM beside them; patches of "
                + "%,d triples (RDF Patch, uncompressed), the log forced to disk per patch; %d readers fetching first "
                + "pages of ?s p ?o, s ?p ?o and ?s p o patterns for %d s per phase, %d rounds of a read-only and an "
                + "under-writes phase alternating; a steady load of %d patches/s; "
                + "%d visibility probes; a compaction of the base plus %,d changes; %d processors.",
                experiment.scale(), experiment.seed, String.join(" ", serverJvm), patchTriples, readers, readSeconds,
                rounds, steadyPatches, probes, compactionChanges, Runtime.getRuntime().availableProcessors());
        new LiveReport(results).write(output, setup);
        RunRecord.write(spec, output, List.of(hdt), started);
        System.err.println("wrote " + output);
        return 0;
    }
}
