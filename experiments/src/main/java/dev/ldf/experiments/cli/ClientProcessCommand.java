package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import dev.ldf.cli.UsageException;
import dev.ldf.experiments.clientprocess.ClientProcessReport;
import dev.ldf.experiments.clientprocess.ClientProcesses;
import dev.ldf.experiments.run.Comunica;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.watdiv.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(name = "client-process", mixinStandardHelpOptions = true,
        description = "One process per query, as people run a command line client: bin/ldf-query (on the default "
                + "Java and on a newer one) against comunica-sparql with a brtpf@ source, over one server started as the "
                + "README starts it, and curl asking one bin/ldf-endpoint kept warm; wall time per query, results "
                + "checked against Jena, CSV and a plot.")
final class ClientProcessCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Mixin
    ExperimentOptions experiment;

    @Option(names = {"-o", "--output"}, defaultValue = "experiments/results/client-process",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Mixin
    ResultsOutput destination;

    @Mixin
    SequenceOptions sequenceOptions;

    @Option(names = "--newer-java", defaultValue = "/usr/lib/jvm/temurin-25-jdk-amd64",
            description = "A newer Java (its home) to run bin/ldf-query on as well; left out when it is not there "
                    + "(default: ${DEFAULT-VALUE}).")
    Path newerJava;

    @Option(names = "--no-comunica", description = "Leave Comunica out (it is installed from npm on first use).")
    boolean noComunica;

    @Option(names = "--no-endpoint", description = "Leave out curl asking one bin/ldf-endpoint started once, and bin/ldf-query handing its calls to one.")
    boolean noEndpoint;

    @Option(names = "--timeout", description = "Seconds per query and client (default: 60; paper: 300).")
    Integer timeout;

    @Option(names = "--rivals-dir", description = "Where Node.js and Comunica are installed (default: <data-dir>/rivals).")
    Path rivalsDir;

    /** The repository whose bin/ldf-query runs: the working directory or the nearest one above it that has one. */
    private static Path repositoryRoot() {
        for (Path dir = Path.of("").toAbsolutePath(); dir != null; dir = dir.getParent()) {
            if (Files.isExecutable(dir.resolve("bin/ldf-query"))) {
                return dir;
            }
        }
        throw new UsageException("run it inside the repository: no bin/ldf-query in " + Path.of("").toAbsolutePath()
                + " or above it");
    }

    @Override
    public Integer call() throws IOException, InterruptedException {
        output = destination.resolve(output, System.err);
        Instant started = Instant.now();
        Path root = repositoryRoot();
        Path sequenceFile = sequenceOptions.file(experiment);
        List<Workload.Entry> sequence = sequenceOptions.read(sequenceFile);
        Path hdt = experiment.hdt();
        Duration perQuery = experiment.seconds(timeout, 60, 300);
        Path work = experiment.work("client-process");
        List<ClientProcesses.Client> clients = new ArrayList<>();
        String java = System.getProperty("java.specification.version");
        clients.add(ClientProcesses.ours("ours (bin/ldf-query, Java " + java + ")", root, null, work.resolve("cache")));
        if (newerJava != null && Files.isExecutable(newerJava.resolve("bin/java"))) {
            clients.add(ClientProcesses.ours("ours (bin/ldf-query, " + newerJava.getFileName() + ")", root, newerJava,
                    work.resolve("cache")));
        }
        if (!noEndpoint) {
            clients.add(ClientProcesses.endpoint(ClientProcessReport.ENDPOINT, root));
            clients.add(ClientProcesses.handedOff(ClientProcessReport.HANDED_OFF, root));
        }
        String comunicaVersion = "";
        if (!noComunica) {
            Comunica comunica = Comunica.install(rivalsDir != null ? rivalsDir : experiment.dataDir.resolve("rivals"),
                    sequenceOptions.progress());
            comunicaVersion = comunica.version();
            clients.add(ClientProcesses.comunica(comunica));
            if (!noEndpoint) {
                clients.add(ClientProcesses.comunicaOverEndpoint(ClientProcessReport.COMUNICA_OVER_ENDPOINT, comunica));
            }
        }
        Files.createDirectories(output);
        List<ClientProcesses.Run> runs;
        try (ReferenceCounts reference = new ReferenceCounts(hdt, perQuery)) {
            runs = new ClientProcesses(hdt, clients, perQuery, sequenceOptions.progress())
                    .run(sequence, reference, output, work);
        }
        String setup = String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, this project's generator), "
                        + "%d queries of `%s`, one server process on loopback started as the README starts it (one "
                        + "dataset, its defaults); each query written to a file and run by each client as a process of "
                        + "its own (%s), the clients' order reversed every other query, a %d s timeout. Times are the "
                        + "processes' own, start to exit.", experiment.scale(), experiment.seed, sequence.size(),
                sequenceOptions.name(sequenceFile), commands(clients, comunicaVersion), perQuery.toSeconds());
        new ClientProcessReport(runs).write(output, setup);
        RunRecord.write(spec, output, List.of(hdt, sequenceFile), started);
        long wrong = runs.stream().filter(r -> !r.client().equals("Comunica") && (r.mismatch() || !r.completed())).count();
        System.err.printf(Locale.ROOT, "wrote %s (%d of our queries wrong or unfinished)%n", output, wrong);
        return wrong == 0 ? 0 : 1;
    }

    /** How each client that ran was called, said in the order of the table. */
    private static String commands(List<ClientProcesses.Client> clients, String comunicaVersion) {
        Set<ClientProcesses.Kind> kinds = clients.stream().map(ClientProcesses.Client::kind)
                .collect(Collectors.toCollection(() -> EnumSet.noneOf(ClientProcesses.Kind.class)));
        List<String> said = new ArrayList<>();
        said.add("`bin/ldf-query URL -f FILE --format tsv -q`, with its class-data archive written by a first, "
                + "unmeasured run");
        if (kinds.contains(ClientProcesses.Kind.COMUNICA)) {
            said.add("`comunica-sparql brtpf@URL -f FILE -t text/tab-separated-values`"
                    + (comunicaVersion.isEmpty() ? "" : ", Comunica " + comunicaVersion + " on Node.js 22"));
        }
        if (kinds.contains(ClientProcesses.Kind.ENDPOINT)) {
            said.add("`curl --data-urlencode query@FILE` to one `bin/ldf-endpoint URL` started before the first query "
                    + "and kept running, as a warm client for comparison");
        }
        if (kinds.contains(ClientProcesses.Kind.LDF_QUERY_HANDED_OFF)) {
            said.add("the same `bin/ldf-query` command with `LDF_ENDPOINT` naming another such endpoint, to which the "
                    + "launcher hands each call with curl, no JVM started");
        }
        if (kinds.contains(ClientProcesses.Kind.COMUNICA_OVER_ENDPOINT)) {
            said.add("`comunica-sparql` with another such endpoint as its `sparql@` source");
        }
        String all = String.join("; ", said);
        return clients.stream().filter(c -> c.kind().asksEndpoint()).count() > 1
                ? all + ": each endpoint client asks its own, so that none finds a query's pages in another's cache"
                : all;
    }
}
