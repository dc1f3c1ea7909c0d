package dev.ldf.experiments.federation;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.OptionalLong;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.QueryRunner;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.experiments.run.ServerTraffic;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.watdiv.workload.Workload;

/**
 * A query sequence over a dataset split into several sources ({@link PredicateSplit}), run by our
 * client ({@code ldf-query URL1 URL2 …}: source selection, exclusive groups, brTPF bind joins) and,
 * where asked, by Comunica over the same sources, one query at a time, each query cold. Every
 * result count is checked against Jena over the whole (unsplit) dataset; requests and bytes are the
 * server's own count for the query, the same for both clients.
 *
 * <p>The sources are datasets of one server process, set up as the README's start sets them up
 * (100 triples per page, at most 100 mappings per brTPF request), so that what differs is the
 * clients alone. The clients take turns going first (their order reversed every other query), so
 * that none always meets a warmer server.
 */
public final class FederationExperiment {

    /** The clients that can be compared. */
    public enum Client {
        OURS("ours"), OURS_PREEMPTIVE("ours, preemptive"), COMUNICA("Comunica");

        private final String label;

        Client(String label) {
            this.label = label;
        }

        public String label() {
            return label;
        }
    }

    /** What one client's run of one query cost and gave; {@code expected} null where Jena could not count it. */
    public record Run(Client client, String query, Measurement.Status status, long results, Long expected,
            long requests, long bytes, double millis, String message) {

        public boolean completed() {
            return status == Measurement.Status.COMPLETED;
        }

        public boolean mismatch() {
            return completed() && expected != null && results != expected;
        }

        /** The query's template (WatDiv names queries {@code <template>#<n>}). */
        public String template() {
            int hash = query.indexOf('#');
            return hash < 0 ? query : query.substring(0, hash);
        }
    }

    private final List<PredicateSplit.Part> parts;
    private final List<Client> clients;
    private final Duration timeout;
    private final List<String> serverJvm;
    private final Path rivalsDir;
    private final PrintStream progress;
    private String comunicaVersion = "";

    public FederationExperiment(List<PredicateSplit.Part> parts, List<Client> clients, Duration timeout,
            List<String> serverJvm, Path rivalsDir, PrintStream progress) {
        this.parts = List.copyOf(parts);
        this.clients = List.copyOf(clients);
        this.timeout = timeout;
        this.serverJvm = List.copyOf(serverJvm);
        this.rivalsDir = rivalsDir;
        this.progress = progress;
    }

    /** Runs {@code sequence}; writes {@code queries.csv} into {@code out}, the server's files into {@code work}. */
    public List<Run> run(List<Workload.Entry> sequence, ReferenceCounts reference, Path out, Path work)
            throws IOException, InterruptedException {
        List<DatasetConfig> datasets = new ArrayList<>();
        for (PredicateSplit.Part part : parts) {
            datasets.add(DatasetConfig.builder(name(part), part.hdt().toAbsolutePath())
                    .title("WatDiv, source " + part.number() + " of " + parts.size()).build());
        }
        Path config = work.resolve("server.json");
        ConfigFile.write(ServerConfig.builder().title("Federation experiment").listener("127.0.0.1", 0).datasets(datasets)
                .build(), config);
        List<Run> runs = new ArrayList<>();
        try (Replica server = Replica.start(config, work.resolve("server.log"), serverJvm);
             CsvWriter csv = new CsvWriter(out.resolve("queries.csv"), "client", "query", "template", "status",
                     "results", "expected_results", "matches", "requests", "bytes", "time_ms", "message")) {
            List<String> urls = parts.stream().map(p -> server.uri().resolve("/" + name(p)).toString()).toList();
            ServerTraffic traffic = new ServerTraffic(server.uri());
            ComunicaClient comunica = clients.contains(Client.COMUNICA)
                    ? ComunicaClient.install(rivalsDir, urls, work.resolve("comunica.log"), progress) : null;
            try {
                if (comunica != null) {
                    comunicaVersion = comunica.version();
                }
                int i = 0;
                for (Workload.Entry q : sequence) {
                    OptionalLong want = reference.of(q);
                    Long expected = want.isPresent() ? Long.valueOf(want.getAsLong()) : null;
                    List<Client> order = new ArrayList<>(clients);
                    if (i % 2 == 1) {
                        Collections.reverse(order);
                    }
                    i++;
                    for (Client client : order) {
                        ServerTraffic.Reading before = traffic.read();
                        Run run = client == Client.COMUNICA ? theirs(comunica, q, expected) : ours(client, urls, q, expected);
                        ServerTraffic.Reading cost = traffic.read().minus(before);
                        run = new Run(run.client(), run.query(), run.status(), run.results(), expected, cost.requests(),
                                cost.bytes(), run.millis(), run.message());
                        runs.add(run);
                        csv.row(client.label(), q.name(), run.template(), run.status(), run.results(),
                                expected == null ? "" : expected, expected == null || !run.completed() ? "" : !run.mismatch(),
                                run.requests(), run.bytes(), run.millis(), run.message());
                        if (run.mismatch() || !run.completed() || run.millis() > 5_000) {
                            progress.printf(Locale.ROOT, "  [%s %d/%d] %s: %s, %,d results%s, %,d requests, %.1f s %s%n",
                                    client.label(), i, sequence.size(), q.name(), run.status(), run.results(),
                                    run.mismatch() ? " (MISMATCH: expected " + expected + ")" : "", run.requests(),
                                    run.millis() / 1e3, run.message());
                        }
                    }
                    if (i % 10 == 0 || i == sequence.size()) {
                        progress.printf(Locale.ROOT, "%d of %d queries%n", i, sequence.size());
                    }
                }
            } finally {
                if (comunica != null) {
                    comunica.close();
                }
            }
        }
        return runs;
    }

    /** Comunica's version, once it ran (empty otherwise). */
    public String comunicaVersion() {
        return comunicaVersion;
    }

    /**
     * Our client, as a new {@code ldf-query} process would run the query: it connects to the sources
     * first. {@code OURS_PREEMPTIVE} is {@code ldf-query --mode preemptive}: exclusive groups go to
     * the datasets' preemptive endpoints.
     */
    private Run ours(Client client, List<String> urls, Workload.Entry q, Long expected) {
        ClientOptions options = client == Client.OURS_PREEMPTIVE ? ClientOptions.defaults().withMode(Mode.PREEMPTIVE)
                : ClientOptions.defaults();
        try (QueryRunner runner = new QueryRunner(urls, options, new ClientListener() {}, client.name())) {
            Measurement m = runner.run(q, timeout, false);
            return new Run(client, q.name(), m.status(), m.results(), expected, 0, 0, m.nanos() / 1e6, m.message());
        }
    }

    private Run theirs(ComunicaClient comunica, Workload.Entry q, Long expected) throws IOException, InterruptedException {
        long start = System.nanoTime();
        ComunicaClient.Answer a = comunica.run(q, timeout);
        if (a == null) {
            return new Run(Client.COMUNICA, q.name(), Measurement.Status.TIMEOUT, 0, expected, 0, 0,
                    (System.nanoTime() - start) / 1e6, "");
        }
        Measurement.Status status = a.error().isEmpty() ? Measurement.Status.COMPLETED : Measurement.Status.ERROR;
        return new Run(Client.COMUNICA, q.name(), status, a.results(), expected, 0, 0, a.millis(), a.error());
    }

    private static String name(PredicateSplit.Part part) {
        return "source" + part.number();
    }
}
