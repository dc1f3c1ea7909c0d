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
import dev.ldf.deploy.local.NginxCache;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CpuAffinity;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.experiments.throughput.Throughput;
import dev.ldf.experiments.throughput.ThroughputReport;
import dev.ldf.watdiv.workload.Workload;
import dev.ldf.watdiv.workload.WorkloadFiles;
import dev.ldf.cli.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "throughput", mixinStandardHelpOptions = true,
        description = "Experiment 2 (brTPF paper, section 6): 1, 2, 4, ... concurrent clients, each running its own "
                + "query sequence for a fixed time with a per-query timeout; TPF and brTPF, without and with the nginx cache.")
final class ThroughputCommand implements Callable<Integer> {

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Mixin
    ServerProcessOptions serverProcess;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/throughput",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Option(names = "--clients", split = ",", description = "Numbers of concurrent clients (default: 1,4,16,64; paper: 1,2,4,...,64).")
    List<Integer> clients;

    @Option(names = "--duration", description = "Seconds per run (default: 30; paper: 3600).")
    Integer duration;

    @Option(names = "--repeats", description = "Runs of every cell, reported as median with min-max "
            + "(default: 3; paper: 1).")
    Integer repeats;

    @Option(names = "--placement", split = ",", defaultValue = "shared,pinned",
            description = "shared (no pinning) and/or pinned (taskset: nginx on the last core, the server and the "
                    + "clients on the others) (default: ${DEFAULT-VALUE}).")
    List<String> placement;

    @Option(names = "--timeout", description = "Seconds per query (default: 10; paper: 300).")
    Integer timeout;

    @Option(names = "--mpr", split = ",", defaultValue = "30", description = "brTPF maxMpR values (default: ${DEFAULT-VALUE}).")
    List<Integer> mpr;

    @Option(names = "--cache", split = ",", defaultValue = "off,on",
            description = "Without (off) and/or with (on) the nginx cache in front (default: ${DEFAULT-VALUE}).")
    List<String> cache;

    @Option(names = "--no-tpf", description = "Leave TPF out.")
    boolean noTpf;

    @Override
    public Integer call() throws IOException, InterruptedException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        List<Boolean> cached = cache.stream().map(c -> switch (c) {
            case "off" -> false;
            case "on" -> true;
            default -> throw new UsageException("--cache takes off and/or on, not " + c);
        }).toList();
        List<Throughput.Placement> placements = placement.stream().map(p -> switch (p) {
            case "shared" -> Throughput.Placement.SHARED;
            case "pinned" -> Throughput.Placement.PINNED;
            default -> throw new UsageException("--placement takes shared and/or pinned, not " + p);
        }).toList();
        if (placements.contains(Throughput.Placement.PINNED) && CpuAffinity.CORES < 2) {
            throw new UsageException("--placement pinned needs at least 2 cores; this machine has 1");
        }
        int times = experiment.number(repeats, 3, 1);
        if (times < 1) {
            throw new UsageException("--repeats must be at least 1");
        }
        if (cached.contains(true) && !NginxCache.installed()) {
            throw new IllegalStateException("nginx is not installed; install it or run with --cache off");
        }
        Path hdt = experiment.hdt();
        WorkloadFiles workload = experiment.workload();
        List<Integer> counts = experiment.list(clients, new Integer[] {1, 4, 16, 64},
                new Integer[] {1, 2, 4, 8, 16, 32, 64});
        List<List<Workload.Entry>> own = new ArrayList<>();
        for (Path f : workload.clients()) {
            own.add(Workload.read(f));
        }
        List<Workload.Entry> pool = Workload.read(workload.pool());
        int length = own.get(0).size();
        // Client c runs the c-th client sequence, then fresh draws from the pool (never a replay).
        Throughput.Sequences sequences = (client, round) -> round == 0 && client <= own.size() ? own.get(client - 1)
                : Workload.sample(pool, length, experiment.seed + 1_000_000L * (round + 1) + client);
        List<Configuration> configurations = new ArrayList<>();
        if (!noTpf) {
            configurations.add(Configuration.tpf(100));
        }
        mpr.forEach(m -> configurations.add(Configuration.brtpf(m, false, 100)));
        Duration runTime = experiment.seconds(duration, 30, 3600);
        Duration perQuery = experiment.seconds(timeout, 10, 300);
        int maxMpR = Math.max(1, mpr.stream().mapToInt(Integer::intValue).max().orElse(1));
        Throughput experiment2 = new Throughput(serverProcess.server(hdt, List.of(100), maxMpR, 0), runTime, perQuery, quiet.progress(System.err));
        Files.createDirectories(output);
        List<Throughput.Run> runs = new ArrayList<>();
        try (ReferenceCounts reference = new ReferenceCounts(hdt, Duration.ofSeconds(60));
             CsvWriter queries = ThroughputReport.queriesCsv(output)) {
            // The clients run in this JVM: a first, discarded run compiles their code (and fills the
            // reference counts), so that the first measured cell does not run cold.
            experiment2.run(new Throughput.Cell(configurations.get(configurations.size() - 1), false, placements.get(0),
                    counts.get(counts.size() - 1)), 0, sequences, reference, experiment.work("throughput"));
            // Repeats outermost: drift of the machine over the experiment spreads over every cell alike.
            for (int repeat = 1; repeat <= times; repeat++) {
                for (Throughput.Placement where : placements) {
                    for (boolean withCache : cached) {
                        for (Configuration c : configurations) {
                            for (int n : counts) {
                                Throughput.Run run = experiment2.run(new Throughput.Cell(c, withCache, where, n), repeat,
                                        sequences, reference, experiment.work("throughput"));
                                ThroughputReport.writeQueries(queries, run);
                                runs.add(run);
                            }
                        }
                    }
                }
            }
        }
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, this project's generator), "
                        + "client sequences of %d queries (`clients/`; a client that finishes its own draws a fresh one from the pool), %d s per run, a %d s timeout per query, %d repeat(s) of every cell (the same sequences each time, a fresh server and cache); clients are "
                        + "threads of one JVM (`ldf-client`), the server one process on loopback, all on the same machine "
                        + "(%d cores, %s).", experiment.scale(), experiment.seed, length, runTime.toSeconds(),
                perQuery.toSeconds(), times, CpuAffinity.CORES, System.getProperty("os.arch"));
        new ThroughputReport(runs).write(output, setup);
        RunRecord.write(spec, output, List.of(hdt, workload.pool(), workload.dir().resolve("clients")), started);
        long bad = runs.stream().mapToLong(r -> r.mismatches() + r.count(Measurement.Status.ERROR) + r.serverErrors())
                .sum();
        System.err.printf(Locale.ROOT, "wrote %s (%d mismatches, errors or 5xx)%n", output, bad);
        return bad == 0 ? 0 : 1;
    }
}
