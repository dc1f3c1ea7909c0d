package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.UsageException;
import dev.ldf.experiments.preemption.PreemptionExperiment;
import dev.ldf.experiments.preemption.PreemptionReport;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.Preemption;
import dev.ldf.watdiv.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "preemption", mixinStandardHelpOptions = true,
        description = "Experiment 4: Web preemption (SaGe) beside TPF and brTPF on the same server: the query sequence "
                + "with one client at several quanta; 1 to 16 concurrent clients; short queries while long ones run. "
                + "CSV, plots and a summary beside SaGe's published figures.")
final class PreemptionCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Mixin
    ServerProcessOptions serverProcess;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/preemption",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Mixin
    SequenceOptions sequenceOptions;

    @Option(names = "--quanta", split = ",", defaultValue = "1,10,75,1000",
            description = "Quanta (ms) the sequence runs with (default: ${DEFAULT-VALUE}).")
    List<Integer> quanta;

    @Option(names = "--quantum", defaultValue = "75",
            description = "The quantum (ms) of the concurrent-clients and convoy parts (default: ${DEFAULT-VALUE}, SaGe's).")
    int quantum;

    @Option(names = "--max-results", defaultValue = "" + Preemption.DEFAULT_MAX_RESULTS,
            description = "Solutions per quantum at most (default: ${DEFAULT-VALUE}, the server's default).")
    int maxResults;

    @Option(names = "--mpr", defaultValue = "30", description = "brTPF's maxMpR (default: ${DEFAULT-VALUE}).")
    int mpr;

    @Option(names = "--no-tpf", description = "Leave TPF out of the sequence part.")
    boolean noTpf;

    @Option(names = "--no-complete", description = "Leave out of the clients and convoy parts the preemptive "
            + "endpoint read as standard SPARQL clients read it (the complete answer to one request).")
    boolean noComplete;

    @Option(names = "--clients", split = ",", defaultValue = "1,2,4,8,16",
            description = "Concurrent clients (default: ${DEFAULT-VALUE}).")
    List<Integer> clients;

    @Option(names = "--repeats", defaultValue = "3", description = "Repeats of the timed parts (default: ${DEFAULT-VALUE}).")
    int repeats;

    @Option(names = "--long-queries", defaultValue = "4",
            description = "How many of the longest queries the convoy part's background clients run (default: ${DEFAULT-VALUE}).")
    int longQueries;

    @Option(names = "--long-clients", defaultValue = "4",
            description = "Background clients running long queries in the convoy part (default: ${DEFAULT-VALUE}).")
    int longClients;

    @Option(names = "--first-quantum-places", paramLabel = "N",
            description = "The server's places for queries' first quanta (default: the server's, one per core); 0 "
                    + "shows what they are for.")
    Integer firstQuantumPlaces;

    @Option(names = "--contended-quantum-ms", paramLabel = "MS",
            description = "How long a quantum runs on while other requests wait for a place (server default 2; "
                    + "as long as the quantum: quanta never shrink).")
    Integer contendedQuantumMillis;

    @Option(names = "--short-rounds", defaultValue = "10",
            description = "Times the short queries run, idle and loaded (default: ${DEFAULT-VALUE}).")
    int shortRounds;

    @Option(names = "--timeout", description = "Seconds per query (default: 60).")
    Integer timeout;

    @Override
    public Integer call() throws IOException, InterruptedException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        if (repeats < 1 || clients.stream().anyMatch(n -> n < 1) || quanta.stream().anyMatch(q -> q < 1) || quantum < 1
                || longClients < 1 || longQueries < 1 || shortRounds < 1) {
            throw new UsageException("--repeats, --clients, --quanta, --quantum, --long-clients, --long-queries and "
                    + "--short-rounds take positive numbers");
        }
        Path sequenceFile = sequenceOptions.file(experiment);
        List<Workload.Entry> sequence = sequenceOptions.read(sequenceFile);
        Path hdt = experiment.hdt();
        Configuration brtpf = Configuration.brtpf(mpr, false, 100);
        Configuration preemptive = Configuration.preemptive(quantum);
        List<Configuration> configurations = new ArrayList<>();
        if (!noTpf) {
            configurations.add(Configuration.tpf(100));
        }
        configurations.add(brtpf);
        quanta.stream().distinct().sorted().forEach(q -> configurations.add(Configuration.preemptive(q)));
        if (!configurations.contains(preemptive)) {
            configurations.add(preemptive);
        }
        Duration perQuery = experiment.seconds(timeout, 60, 300);
        List<Integer> allQuanta = configurations.stream().filter(Configuration::isPreemptive)
                .map(Configuration::quantumMillis).toList();
        PreemptionExperiment.Settings settings = new PreemptionExperiment.Settings(configurations, brtpf, preemptive,
                noComplete ? null : Configuration.complete(quantum), maxResults, repeats, clients, longQueries,
                longClients, shortRounds, perQuery, experiment.seed);
        Limits given = firstQuantumPlaces == null && contendedQuantumMillis == null ? null
                : Limits.builder()
                        .firstQuantumPlaces(firstQuantumPlaces).contendedQuantumMillis(contendedQuantumMillis).build();
        PreemptionExperiment run = new PreemptionExperiment(serverProcess.server(hdt, List.of(100), mpr, 0)
                .withPreemption(allQuanta, maxResults).withLimits(given), settings, sequenceOptions.progress());
        Limits limits = given == null ? Limits.defaults() : given;
        PreemptionExperiment.Results results;
        try (ReferenceCounts reference = new ReferenceCounts(hdt, perQuery)) {
            results = run.run(sequence, reference, experiment.work("preemption"));
        }
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, this project's generator), "
                        + "%d queries of `%s`; one server process on loopback with TPF, brTPF (maxMpR %d) and preemptive "
                        + "endpoints (quanta %s ms, at most %,d solutions per quantum, %d places to run quanta, the "
                        + "machine's cores, and %d more for queries' first quanta, shortened there to at most %d ms; a quantum that other requests wait for ends after %d ms); "
                        + "clients are `ldf-client` in one JVM; %d s timeout per query; %d processors.",
                experiment.scale(), experiment.seed, sequence.size(),
                sequenceOptions.name(sequenceFile), mpr, allQuanta, maxResults, limits.maxConcurrentQuanta(),
                limits.firstQuantumPlaces(), limits.firstQuantumMillis(), limits.contendedQuantumMillis(),
                perQuery.toSeconds(),
                Runtime.getRuntime().availableProcessors());
        new PreemptionReport(settings, results).write(output, setup);
        RunRecord.write(spec, output, List.of(hdt, sequenceFile), started);
        long wrong = results.runs().stream().filter(r -> r.mismatch()).count();
        long failed = results.runs().stream().filter(r -> !r.measurement().completed()).count();
        System.err.printf(Locale.ROOT, "wrote %s (%d mismatches, %d failed or timed out)%n", output, wrong, failed);
        return wrong + failed == 0 ? 0 : 1;
    }
}
