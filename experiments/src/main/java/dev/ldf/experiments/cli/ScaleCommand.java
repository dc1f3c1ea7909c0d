package dev.ldf.experiments.cli;

import java.nio.file.Path;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.concurrent.Callable;

import dev.ldf.cli.UsageException;
import dev.ldf.experiments.scale.ScaleExperiment;
import dev.ldf.experiments.scale.ScaleExperiment.Phase;
import dev.ldf.experiments.serverbench.Contender;
import dev.ldf.experiments.serverbench.Contenders;
import dev.ldf.cli.QuietOption;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "scale", mixinStandardHelpOptions = true,
        description = "Publisher scale: generates WatDiv at scale factor 1,000 (about 110 million triples), converts it "
                + "with ldf-hdt (disk loader, bounded heap) and indexes it, each step a process of its own with its time, "
                + "peak memory and disk; then starts the README's server on it (with and without the index), serves it "
                + "side by side with Server.js and Server.Java, checks counts against full scans, runs WatDiv stress "
                + "queries through the preemptive endpoint and the brTPF client, restarts the server under traffic "
                + "behind the nginx cache, and makes a million live changes and a compaction. Data is made once and "
                + "kept in the data directory; CSV, plots and a summary with the targets go to the output directory.")
final class ScaleCommand implements Callable<Integer> {

    @Mixin
    QuietOption quiet;

    @Spec
    CommandSpec spec;

    @Option(names = {"-s", "--scale"}, defaultValue = "1000", description = "WatDiv scale factor (default: ${DEFAULT-VALUE}).")
    int scale;

    @Option(names = "--seed", defaultValue = "1", description = "Seed of the data and workloads (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--data-dir", defaultValue = "experiments/data",
            description = "Where the generated dataset is kept between runs (default: ${DEFAULT-VALUE}).")
    Path dataDir;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/scale",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Option(names = "--phases", split = ",", defaultValue = "data,startup,serve,counts,preemptive,restart,live",
            description = "Which parts, in this order (default: ${DEFAULT-VALUE}); data is made first whatever is chosen.")
    List<String> phases;

    @Option(names = "--convert-jvm", split = " ", defaultValue = "-Xmx4g",
            description = "JVM options of the conversion, its stated heap (default: ${DEFAULT-VALUE}).")
    List<String> convertJvm;

    @Option(names = "--servers", split = ",", defaultValue = "ours,server.js,server.java",
            description = "Servers measured side by side: ours as the README starts it, Server.js, Server.Java (only with "
                    + "--server-java-jar), and on request ours-map, ours with the file memory-mapped (--map) "
                    + "(default: ${DEFAULT-VALUE}).")
    List<String> servers;

    @Option(names = "--server-java-jar", description = "The jar of LDF Server.Java (experiments/rivals/build-java-rivals.sh "
            + "builds it); without it Server.Java is left out.")
    Path serverJavaJar;

    @Option(names = "--server-js-dir", description = "Where @ldf/server is installed from npm (default: <data-dir>/rivals/server-js).")
    Path serverJsDir;

    @Option(names = "--reference-scale", defaultValue = "10",
            description = "Scale factor whose first-page rate ours is compared with in the same run; 0 leaves it out "
                    + "(default: ${DEFAULT-VALUE}).")
    int referenceScale;

    @Option(names = "--starts", defaultValue = "3", description = "Starts with the index present (default: ${DEFAULT-VALUE}).")
    int starts;

    @Option(names = "--rounds", defaultValue = "2", description = "Rounds over all servers (default: ${DEFAULT-VALUE}).")
    int rounds;

    @Option(names = "--duration", defaultValue = "20", description = "Seconds per measured run (default: ${DEFAULT-VALUE}).")
    int duration;

    @Option(names = "--warm-up", defaultValue = "20", description = "Seconds of warm-up before each run (default: ${DEFAULT-VALUE}).")
    int warmUp;

    @Option(names = "--deep-duration", defaultValue = "10", description = "Seconds per deep-page run (default: ${DEFAULT-VALUE}).")
    int deepDuration;

    @Option(names = "--deep-warm-up", defaultValue = "3", description = "Seconds of warm-up per deep-page run (default: ${DEFAULT-VALUE}).")
    int deepWarmUp;

    @Option(names = "--deep-pages", defaultValue = "500", description = "Deep-page paths per pattern shape (default: ${DEFAULT-VALUE}).")
    int deepPages;

    @Option(names = "--count-samples", defaultValue = "200",
            description = "Patterns whose counts are checked against a full scan (default: ${DEFAULT-VALUE}).")
    int countSamples;

    @Option(names = "--stress-queries", defaultValue = "6",
            description = "WatDiv stress queries run through the preemptive endpoint and the brTPF client (default: ${DEFAULT-VALUE}).")
    int stressQueries;

    @Option(names = "--restart-seconds", defaultValue = "20",
            description = "Seconds of traffic through the nginx cache around the server's restart (default: ${DEFAULT-VALUE}).")
    int restartSeconds;

    @Option(names = "--live-changes", defaultValue = "1000000",
            description = "Live changes before the compaction, a tenth of them deletes (default: ${DEFAULT-VALUE}).")
    int liveChanges;

    @Option(names = "--live-read-seconds", defaultValue = "10",
            description = "Length of each read phase of the live part (default: ${DEFAULT-VALUE}).")
    int liveReadSeconds;

    @Option(names = "--ours-jvm", split = " ", description = "JVM options of our server, its LDF_SERVER_JAVA_OPTS "
            + "(default: none, as the README starts it).")
    List<String> oursJvm = List.of();

    @Override
    public Integer call() throws Exception {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        if (scale < 1 || starts < 1 || rounds < 1 || duration < 1 || countSamples < 1 || stressQueries < 0
                || restartSeconds < 4 || liveChanges < 10 || liveReadSeconds < 1) {
            throw new UsageException("--scale, --starts, --rounds, --duration and --count-samples take positive numbers, "
                    + "--restart-seconds at least 4, --live-changes at least 10");
        }
        EnumSet<Phase> chosen = EnumSet.noneOf(Phase.class);
        for (String name : phases) {
            chosen.add(Phase.named(name));
        }
        Contenders contenders = new Contenders(oursJvm, serverJavaJar, null,
                serverJsDir != null ? serverJsDir : dataDir.resolve("rivals/server-js"));
        List<Contender> rivals = new ArrayList<>();
        for (String name : servers) {
            contenders.named(name).ifPresent(rivals::add);
        }
        ScaleExperiment.Settings settings = new ScaleExperiment.Settings(scale, seed, dataDir, chosen, convertJvm,
                oursJvm, rivals, referenceScale, starts, rounds, duration, warmUp, deepDuration, deepWarmUp, deepPages,
                countSamples, stressQueries, restartSeconds, liveChanges, liveReadSeconds);
        ScaleExperiment.Outcome outcome = new ScaleExperiment(settings, quiet.progress(System.err)).run(output);
        List<Path> inputs = new ArrayList<>(List.of(outcome.hdt()));
        if (serverJavaJar != null && servers.contains("server.java")) {
            inputs.add(serverJavaJar);
        }
        RunRecord.write(spec, output, inputs, started);
        System.err.println("wrote " + output.resolve("summary.md"));
        // Failed requests, wrong counts or answers: the experiment measured something broken.
        outcome.errors().forEach(e -> System.err.println("error: " + e));
        return outcome.errors().isEmpty() ? 0 : 1;
    }
}
