package dev.ldf.experiments.cli;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.cli.UsageException;
import dev.ldf.experiments.serverbench.BenchPaths;
import dev.ldf.experiments.serverbench.Contender;
import dev.ldf.experiments.serverbench.Contenders;
import dev.ldf.experiments.serverbench.ServerBench;
import dev.ldf.experiments.serverbench.ServerBenchReport;
import dev.ldf.cli.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "server-bench", mixinStandardHelpOptions = true,
        description = "Cost per request, side by side on one machine: our server as the README starts it, LDF "
                + "Server.js (installed from npm), optionally the original Server.Java and the brTPF prototype, and nginx "
                + "serving a static file as the ceiling, all on the same WatDiv HDT file, loaded with wrk from the same "
                + "path lists: first pages of the workload's triple patterns, brTPF requests with subject bindings, and "
                + "deep pages of every pattern shape (under load and from one client); then our dumps, plain and gzipped. "
                + "Writes CSV, a summary with the targets met or missed, and plots.")
final class ServerBenchCommand implements Callable<Integer> {

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/server-bench",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Option(names = "--servers", split = ",", defaultValue = "ours,server.js,server.java,brtpf-prototype,nginx",
            description = "Which servers, in this order; server.java only with --server-java-jar, brtpf-prototype only with "
                    + "--brtpf-prototype-jar (default: ${DEFAULT-VALUE}).")
    List<String> servers;

    @Option(names = "--server-java-jar", description = "The jar of LDF Server.Java, built from its repository "
            + "(experiments/rivals/build-java-rivals.sh builds it); without it Server.Java is left out.")
    Path serverJavaJar;

    @Option(names = "--brtpf-prototype-jar", description = "The jar of the brTPF paper's prototype (Server.Java's "
            + "feature-brtpf branch), built from its repository (experiments/rivals/build-java-rivals.sh builds it); "
            + "without it the prototype is left out.")
    Path brtpfPrototypeJar;

    @Option(names = "--server-js-dir", description = "Where @ldf/server is installed from npm (default: <data-dir>/rivals/server-js).")
    Path serverJsDir;

    @Option(names = "--ours-jvm", split = " ", description = "JVM options of our server, its LDF_SERVER_JAVA_OPTS (default: none, as the README starts it).")
    List<String> oursJvm = List.of();

    @Option(names = "--rounds", defaultValue = "2", description = "Full rounds over all servers (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--duration", defaultValue = "20", description = "Seconds per measured run (default: ${DEFAULT-VALUE}).")
    int duration;

    @Option(names = "--warm-up", defaultValue = "20",
            description = "Seconds of warm-up before each run; JVM servers need about that long to compile their hot paths "
                    + "(default: ${DEFAULT-VALUE}).")
    int warmUp;

    @Option(names = "--deep-duration", defaultValue = "10",
            description = "Seconds per deep-page run, one per pattern shape (default: ${DEFAULT-VALUE}).")
    int deepDuration;

    @Option(names = "--deep-warm-up", defaultValue = "3", description = "Seconds of warm-up before each deep-page run (default: ${DEFAULT-VALUE}).")
    int deepWarmUp;

    @Option(names = "--threads", defaultValue = "2", description = "wrk threads (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--connections", defaultValue = "16", description = "wrk connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--bindings", defaultValue = "30", description = "Subject bindings per brTPF request (default: ${DEFAULT-VALUE}).")
    int bindings;

    @Option(names = "--deep-pages", defaultValue = "500", description = "Deep-page paths per pattern shape (default: ${DEFAULT-VALUE}).")
    int deepPages;

    @Override
    public Integer call() throws Exception {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        Contenders contenders = new Contenders(oursJvm, serverJavaJar, brtpfPrototypeJar,
                serverJsDir != null ? serverJsDir : experiment.dataDir.resolve("rivals/server-js"));
        List<Contender> chosen = new ArrayList<>();
        for (String name : servers) {
            contenders.named(name).ifPresent(chosen::add);
        }
        if (chosen.isEmpty()) {
            throw new UsageException("no server to measure: --servers takes ours, server.js, server.java, brtpf-prototype, nginx");
        }
        Path hdt = experiment.hdt();
        Path work = experiment.work("server-bench");
        BenchPaths paths = BenchPaths.write(hdt, experiment.workload(), bindings, deepPages, experiment.seed,
                work.resolve("paths"));
        List<ServerBench.Load> loads = paths.loads(bindings);
        ServerBench.Settings settings = new ServerBench.Settings(rounds, Duration.ofSeconds(warmUp),
                Duration.ofSeconds(duration), Duration.ofSeconds(deepWarmUp), Duration.ofSeconds(deepDuration), threads,
                connections, "application/n-triples", ServerBench.DUMPS, ServerBench.DOWNLOADS, ServerBench.WHOLE_DUMPS);
        ServerBench.Results results = new ServerBench(settings, quiet.progress(System.err)).run(hdt, chosen, loads, work.resolve("servers"));
        Files.createDirectories(output);
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, %,d triples), one machine "
                        + "with %d cores, everything on loopback. wrk with %d threads and %d connections, %d s per run after %d s "
                        + "of warm-up (deep pages: %d s after %d s), N-Triples, %d rounds over all servers in turn. Paths: %s. "
                        + "Our server starts as the README starts it, with bin/ldf-server (%s); Server.js with one worker per core.",
                experiment.scale(), experiment.seed, paths.triples(), Runtime.getRuntime().availableProcessors(), threads,
                connections, duration, warmUp, deepDuration, deepWarmUp, rounds, paths.describe(),
                oursJvm.isEmpty() ? "no further JVM options" : "LDF_SERVER_JAVA_OPTS " + String.join(" ", oursJvm));
        new ServerBenchReport(results, connections, paths.triples()).write(output, setup);
        // The rival's jar is an input too: which build was measured matters as much as which data.
        List<Path> inputs = new ArrayList<>(List.of(hdt));
        if (serverJavaJar != null && servers.contains("server.java")) {
            inputs.add(serverJavaJar);
        }
        if (brtpfPrototypeJar != null && servers.contains("brtpf-prototype")) {
            inputs.add(brtpfPrototypeJar);
        }
        RunRecord.write(spec, output, inputs, started);
        System.err.println("wrote " + output.resolve("summary.md"));
        return results.runs().stream().anyMatch(r -> r.result().errors() > 0) ? 1 : 0;
    }
}
