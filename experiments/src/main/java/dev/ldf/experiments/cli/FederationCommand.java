package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.UsageException;
import dev.ldf.experiments.federation.FederationExperiment;
import dev.ldf.experiments.federation.FederationExperiment.Client;
import dev.ldf.experiments.federation.FederationReport;
import dev.ldf.experiments.federation.PredicateSplit;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.watdiv.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "federation", mixinStandardHelpOptions = true,
        description = "WatDiv split by predicate over several sources (with overlap); the query sequence run by our "
                + "client over all of them (ldf-query URL1 URL2 ...) and by Comunica with the same sources as brtpf; "
                + "results checked against Jena over the whole data; requests, bytes and time per query, CSV and plots.")
final class FederationCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/federation",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Mixin
    SequenceOptions sequenceOptions;

    @Option(names = "--clients", split = ",", defaultValue = "ours,ours-preemptive,comunica",
            description = "Clients to run: ours, ours-preemptive (--mode preemptive), comunica (default: "
                    + "${DEFAULT-VALUE}). Comunica 5 and Node.js 22 are installed from npm on first use.")
    List<String> clients;

    @Option(names = "--sources", defaultValue = "3", description = "Sources the data is split over (default: ${DEFAULT-VALUE}).")
    int sources;

    @Option(names = "--overlap-every", defaultValue = "4",
            description = "Every n-th predicate is in two sources (default: ${DEFAULT-VALUE}).")
    int overlapEvery;

    @Option(names = "--timeout", description = "Seconds per query and client (default: 60; paper: 300).")
    Integer timeout;

    @Option(names = "--server-jvm", split = " ",
            description = "JVM options of the server process (default: none, as the README starts it).")
    List<String> serverJvm = List.of();

    @Option(names = "--rivals-dir", description = "Where Node.js and Comunica are installed (default: <data-dir>/rivals).")
    Path rivalsDir;

    @Override
    public Integer call() throws IOException, InterruptedException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        List<Client> chosen = chosen();
        if (sources < 2) {
            throw new UsageException("--sources must be at least 2, not " + sources);
        }
        if (overlapEvery < 1) {
            throw new UsageException("--overlap-every must be at least 1, not " + overlapEvery);
        }
        Path sequenceFile = sequenceOptions.file(experiment);
        List<Workload.Entry> sequence = sequenceOptions.read(sequenceFile);
        Path hdt = experiment.hdt();
        PredicateSplit split = new PredicateSplit(sources, overlapEvery);
        List<PredicateSplit.Part> parts = split.write(hdt, experiment.dataDir.resolve("federation"),
                sequenceOptions.progress());
        Duration perQuery = experiment.seconds(timeout, 60, 300);
        Files.createDirectories(output);
        FederationExperiment run = new FederationExperiment(parts, chosen, perQuery, serverJvm,
                rivalsDir != null ? rivalsDir : experiment.dataDir.resolve("rivals"), sequenceOptions.progress());
        List<FederationExperiment.Run> runs;
        try (ReferenceCounts reference = new ReferenceCounts(hdt, perQuery)) {
            runs = run.run(sequence, reference, output, experiment.work("federation"));
        }
        FederationReport report = new FederationReport(parts.size(), runs);
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, this project's generator) "
                        + "split %s; %d queries of `%s`; the sources are datasets of one server process on loopback, "
                        + "set up as the README's start sets up a dataset (100 triples per page, at most 100 mappings "
                        + "per brTPF request); each client runs each query cold (ours connects to the sources anew, "
                        + "Comunica gets a new engine), the clients take turns going first (their order reversed every "
                        + "other query), a %d s timeout per query. "
                        + "Requests and bytes are the server's own counts.",
                experiment.scale(), experiment.seed, split.describe(), sequence.size(), sequenceOptions.name(sequenceFile),
                perQuery.toSeconds());
        report.write(output, setup, parts, run.comunicaVersion());
        List<Path> inputs = new ArrayList<>(List.of(hdt, sequenceFile));
        parts.forEach(p -> inputs.add(p.hdt()));
        RunRecord.write(spec, output, inputs, started);
        long wrong = runs.stream().filter(r -> r.client() != Client.COMUNICA && (r.mismatch() || !r.completed())).count();
        System.err.printf(Locale.ROOT, "wrote %s (%d of our queries wrong or unfinished)%n", output, wrong);
        return wrong == 0 ? 0 : 1;
    }

    private List<Client> chosen() {
        List<Client> list = new ArrayList<>();
        for (String name : clients) {
            switch (name.toLowerCase(Locale.ROOT)) {
                case "ours" -> list.add(Client.OURS);
                case "ours-preemptive" -> list.add(Client.OURS_PREEMPTIVE);
                case "comunica" -> list.add(Client.COMUNICA);
                default -> throw new UsageException("--clients: ours, ours-preemptive or comunica, not " + name);
            }
        }
        if (!list.contains(Client.OURS)) {
            throw new UsageException("--clients must include ours: the experiment compares with it");
        }
        return list;
    }
}
