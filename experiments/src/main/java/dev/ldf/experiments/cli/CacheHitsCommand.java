package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Callable;


import dev.ldf.experiments.cachehits.CacheHits;
import dev.ldf.experiments.cachehits.LruReplay;
import dev.ldf.experiments.networkload.NetworkLoad;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.watdiv.workload.Workload;
import dev.ldf.watdiv.workload.WorkloadFiles;
import dev.ldf.cli.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "cache-hits", mixinStandardHelpOptions = true,
        description = "Experiment 3 (brTPF paper, section 7): experiment 1's request log replayed through LRU caches "
                + "of several sizes, and the hit rate nginx measured in experiment 2.")
final class CacheHitsCommand implements Callable<Integer> {

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Mixin
    ServerProcessOptions serverProcess;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/cache-hits",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Option(names = "--requests", defaultValue = "experiments/results/network-load/requests.csv.gz",
            description = "Experiment 1's request log; if it does not exist, the sequence is run here with TPF and "
                    + "brTPF 15 and 30, as in the paper (default: ${DEFAULT-VALUE}).")
    Path requests;

    @Option(names = "--throughput", defaultValue = "experiments/results/throughput/runs.csv",
            description = "Experiment 2's runs, for the hit rate of the real nginx cache (default: ${DEFAULT-VALUE}).")
    Path throughput;

    @Option(names = "--sizes", split = ",", description = "LRU cache sizes in entries; an unlimited cache is always "
            + "added (default: 100,1000,10000,100000; paper: 2500,5000,...,500000).")
    List<Integer> sizes;

    @Option(names = "--limit", description = "When running the sequence here: only its first N queries.")
    Integer limit;

    @Override
    public Integer call() throws IOException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        Files.createDirectories(output);
        Path log = Files.exists(requests) ? requests : runSequence();
        List<Long> capacities = new ArrayList<>();
        experiment.list(sizes, new Integer[] {100, 1000, 10_000, 100_000},
                new Integer[] {2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000})
                .forEach(s -> capacities.add(s.longValue()));
        capacities.add(LruReplay.UNLIMITED);
        CacheHits.run(log, capacities, throughput, output);
        RunRecord.write(spec, output, Files.exists(throughput) ? List.of(log, throughput) : List.of(log), started);
        System.err.println("wrote " + output);
        return 0;
    }

    /** Experiment 1's sequence with TPF and brTPF 15 and 30, as the paper did, for its request log. */
    private Path runSequence() throws IOException {
        Path hdt = experiment.hdt();
        List<Workload.Entry> sequence = Workload.read(experiment.workload().sequence(WorkloadFiles.Settings.SEQUENCE));
        if (limit != null && limit < sequence.size()) {
            sequence = sequence.subList(0, limit);
        }
        List<Configuration> configurations = List.of(Configuration.tpf(100), Configuration.brtpf(15, false, 100),
                Configuration.brtpf(30, false, 100));
        Duration perQuery = experiment.seconds(null, 60, 300);
        Path out = output.resolve("network-load");
        try (ReferenceCounts reference = new ReferenceCounts(hdt, perQuery)) {
            new NetworkLoad(serverProcess.server(hdt, List.of(100), 30, NetworkLoadCommand.PORT), configurations, perQuery, quiet.progress(System.err))
                    .run(sequence, reference, out, experiment.work("cache-hits"));
        }
        return out.resolve("requests.csv.gz");
    }
}
