package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.QuietOption;
import dev.ldf.cli.UsageException;
import dev.ldf.deploy.local.Executables;
import dev.ldf.experiments.live.FreshServerReport;
import dev.ldf.experiments.live.FreshServerWrites;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "live-fresh", mixinStandardHelpOptions = true,
        description = "Writes on a server just started with a bounded heap, as an operator would try them: added "
                + "triples from several writers at once, a compaction on request, the count afterwards; repeated with a "
                + "new server each time. CSV, a plot and a summary with the targets.")
final class LiveFreshCommand implements Callable<Integer> {

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/live-fresh",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Option(names = "--server-jvm", defaultValue = "-Xmx1g", split = " ",
            description = "JVM options of the server processes (default: ${DEFAULT-VALUE}).")
    List<String> serverJvm;

    @Option(names = "--repeats", defaultValue = "5", description = "Fresh servers, one after the other (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--writers", defaultValue = "4", description = "Writers sending at once (default: ${DEFAULT-VALUE}).")
    int writers;

    @Option(names = "--patches", defaultValue = "100", description = "Patches per server, in all (default: ${DEFAULT-VALUE}).")
    int patches;

    @Option(names = "--patch-triples", defaultValue = "1000", description = "Triples per patch (default: ${DEFAULT-VALUE}).")
    int patchTriples;

    @Override
    public Integer call() throws IOException, InterruptedException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        if (repeats < 1 || writers < 1 || patches < 1 || patchTriples < 1) {
            throw new UsageException("--repeats, --writers, --patches and --patch-triples take positive numbers");
        }
        String curl = Executables.find("curl", "/usr/bin", "/usr/local/bin").orElseThrow(() -> new UsageException(
                "live-fresh sends its patches with curl, which is not installed (apt-get install curl)"));
        Path hdt = experiment.hdt();
        FreshServerWrites.Settings settings = new FreshServerWrites.Settings(repeats, writers, patches, patchTriples,
                serverJvm);
        List<FreshServerWrites.Run> runs = new FreshServerWrites(settings, curl, quiet.progress(System.err))
                .run(hdt, experiment.work("live-fresh"));
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d) as the base HDT file; %d "
                + "server processes started as the README starts them with `%s`, one after the other, each on a new "
                + "link to the file and measured from its first request; %d patches of %,d added triples (RDF Patch, "
                + "uncompressed) from %d writers at once (a curl process each, its patches in turn on one kept-alive "
                + "connection), each forced to disk before its answer; then a compaction on request; peak RSS of the "
                + "server process over all of it; %d processors.",
                experiment.scale(), experiment.seed, repeats, String.join(" ", serverJvm), patches, patchTriples, writers,
                Runtime.getRuntime().availableProcessors());
        FreshServerReport report = new FreshServerReport(settings, runs);
        report.write(output, setup);
        RunRecord.write(spec, output, List.of(hdt), started);
        System.err.println(report.inShort());
        System.err.println("wrote " + output);
        boolean exact = runs.stream().allMatch(FreshServerWrites.Run::exact);
        return exact ? 0 : 1;
    }
}
