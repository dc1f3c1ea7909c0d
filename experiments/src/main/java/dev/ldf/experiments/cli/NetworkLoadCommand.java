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
import dev.ldf.experiments.networkload.NetworkLoad;
import dev.ldf.experiments.networkload.NetworkLoadReport;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.watdiv.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "network-load", mixinStandardHelpOptions = true,
        description = "Experiment 1 (brTPF paper, section 5): one client runs the query sequence with TPF and with "
                + "brTPF at several maxMpR and page sizes; requests, triples, bytes and time per query, CSV and plots.")
final class NetworkLoadCommand implements Callable<Integer> {

    /** The server's port unless {@code --server-port} says otherwise: fixed, so that bytes reproduce. */
    static final int PORT = 18090;

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Mixin
    ServerProcessOptions serverProcess;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/network-load",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Mixin
    SequenceOptions sequenceOptions;

    @Option(names = "--mpr", split = ",", description = "maxMpR values sent by GET (default and paper: 5,10,...,50).")
    List<Integer> mpr;

    @Option(names = "--post-mpr", split = ",", description = "maxMpR values always POSTed (default and paper: 100,250,500,1000).")
    List<Integer> postMpr;

    @Option(names = "--page-sizes", split = ",",
            description = "Page sizes; 100 gets every configuration, the others TPF and the largest GET maxMpR "
                    + "(default: 100,1000,2000; paper: 100,250,500,1000,2000).")
    List<Integer> pageSizes;

    @Option(names = "--no-tpf", description = "Leave TPF out (brTPF configurations only).")
    boolean noTpf;

    @Option(names = "--timeout", description = "Seconds per query (default: 60; paper: 300).")
    Integer timeout;

    @Option(names = "--configurations", split = ",",
            description = "Run only these configurations, by label (e.g. TPF,brTPF-30,TPF/p1000).")
    List<String> only;

    @Override
    public Integer call() throws IOException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        // Mistakes in the call show before minutes of data generation.
        List<Configuration> all = configurations();
        List<Configuration> configurations = chosen(all);
        Path sequenceFile = sequenceOptions.file(experiment);
        List<Workload.Entry> sequence = sequenceOptions.read(sequenceFile);
        Path hdt = experiment.hdt();
        // The server is set up for every configuration, also when only some run: its responses
        // state its maxMpR and link its datasets, so they must not depend on the choice.
        int maxMpR = all.stream().mapToInt(Configuration::maxMpR).max().orElse(1);
        List<Integer> sizes = all.stream().map(Configuration::pageSize).distinct().toList();
        Duration perQuery = experiment.seconds(timeout, 60, 300);
        NetworkLoad experiment1 = new NetworkLoad(serverProcess.server(hdt, sizes, Math.max(1, maxMpR), PORT), configurations,
                perQuery, sequenceOptions.progress());
        List<NetworkLoad.Result> results;
        try (ReferenceCounts reference = new ReferenceCounts(hdt, perQuery)) {
            results = experiment1.run(sequence, reference, output, experiment.work("network-load"));
        }
        NetworkLoadReport report = new NetworkLoadReport(configurations, results);
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, this project's generator), "
                + "%d queries of `%s`, one client (`ldf-client`), one server process on loopback, a %d s timeout per query.",
                experiment.scale(), experiment.seed, sequence.size(),
                sequenceOptions.name(sequenceFile), perQuery.toSeconds());
        report.write(output, setup);
        RunRecord.write(spec, output, List.of(hdt, sequenceFile), started);
        long mismatches = report.totals().values().stream().mapToLong(NetworkLoad.Totals::mismatches).sum();
        long errors = report.totals().values().stream().mapToLong(NetworkLoad.Totals::errors).sum();
        System.err.printf(Locale.ROOT, "wrote %s (%d mismatches, %d errors)%n", output, mismatches, errors);
        return mismatches + errors == 0 ? 0 : 1;
    }

    private List<Configuration> configurations() {
        List<Integer> get = experiment.list(mpr, new Integer[] {5, 10, 15, 20, 25, 30, 35, 40, 45, 50},
                new Integer[] {5, 10, 15, 20, 25, 30, 35, 40, 45, 50});
        List<Integer> post = experiment.list(postMpr, new Integer[] {100, 250, 500, 1000}, new Integer[] {100, 250, 500, 1000});
        List<Integer> sizes = experiment.list(pageSizes, new Integer[] {100, 1000, 2000}, new Integer[] {100, 250, 500, 1000, 2000});
        List<Configuration> list = new ArrayList<>();
        int first = sizes.contains(100) ? 100 : sizes.get(0);
        if (!noTpf) {
            list.add(Configuration.tpf(first));
        }
        get.forEach(m -> list.add(Configuration.brtpf(m, false, first)));
        post.forEach(m -> list.add(Configuration.brtpf(m, true, first)));
        for (int size : sizes) {
            if (size != first) {
                if (!noTpf) {
                    list.add(Configuration.tpf(size));
                }
                get.stream().max(Integer::compare).ifPresent(m -> list.add(Configuration.brtpf(m, false, size)));
            }
        }
        return list;
    }

    /** The configurations {@code --configurations} names, or all. */
    private List<Configuration> chosen(List<Configuration> all) {
        if (only == null) {
            return all;
        }
        List<String> labels = all.stream().map(Configuration::label).toList();
        only.stream().filter(l -> !labels.contains(l)).findFirst().ifPresent(l -> {
            throw new UsageException("--configurations: no configuration " + l + "; there are " + labels);
        });
        return all.stream().filter(c -> only.contains(c.label())).toList();
    }
}
