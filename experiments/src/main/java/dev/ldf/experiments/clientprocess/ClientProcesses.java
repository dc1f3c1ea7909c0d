package dev.ldf.experiments.clientprocess;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.Comunica;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.experiments.run.ServerTraffic;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.watdiv.workload.Workload;

/**
 * One process per query, as people run a command line client: {@code bin/ldf-query} (on the
 * default Java, and on a newer one where given) and {@code comunica-sparql} with the dataset as a
 * {@code brtpf@} source, against one server process started as the README starts it; and, for
 * the same sequence, {@code curl} asking one {@code bin/ldf-endpoint} started once over the same
 * dataset (the client kept warm), and Comunica asking another as its {@code sparql@} source.
 * Each query is written to a file and run by each client in turn (their order reversed every
 * other query); the time is the process's, from start to exit, so it holds the runtime's start as
 * users wait for it. Result counts (TSV rows) are checked against
 * Jena over the HDT file; requests are the server's own count.
 */
public final class ClientProcesses {

    /** How a client is asked. */
    public enum Kind {
        /** {@code bin/ldf-query URL -f FILE}. */
        LDF_QUERY,
        /** {@code comunica-sparql brtpf@URL -f FILE}. */
        COMUNICA,
        /** {@code curl} POSTing the file to the endpoint that {@code command} started once over the URL. */
        ENDPOINT,
        /** {@code comunica-sparql sparql@ENDPOINT -f FILE}: Comunica reading an endpoint of its own as a SPARQL source. */
        COMUNICA_OVER_ENDPOINT,
        /** {@code bin/ldf-query URL -f FILE} as {@link #LDF_QUERY}, with {@code LDF_ENDPOINT} naming an endpoint of its own. */
        LDF_QUERY_HANDED_OFF;

        /** Whether the client asks an endpoint of its own, started before the sequence. */
        public boolean asksEndpoint() {
            return this == ENDPOINT || this == COMUNICA_OVER_ENDPOINT || this == LDF_QUERY_HANDED_OFF;
        }
    }

    /** A command line client: its label and how it runs a query file against a dataset URL. */
    public record Client(String label, List<String> command, Map<String, String> environment, Kind kind) {

        /** The process for one query; {@code endpoint} is the running endpoint's URL (ENDPOINT only). */
        List<String> commandFor(String url, Path queryFile, String endpoint) {
            List<String> c = new ArrayList<>();
            switch (kind) {
                case LDF_QUERY, LDF_QUERY_HANDED_OFF -> {
                    c.addAll(command);
                    c.addAll(List.of(url, "-f", queryFile.toString(), "--format", "tsv", "-q"));
                }
                case COMUNICA -> {
                    c.addAll(command);
                    c.addAll(List.of("brtpf@" + url, "-f", queryFile.toString(), "-t", "text/tab-separated-values"));
                }
                case ENDPOINT -> c.addAll(List.of("curl", "-sS", "--fail", "-H", "Accept: text/tab-separated-values",
                        "--data-urlencode", "query@" + queryFile, endpoint));
                case COMUNICA_OVER_ENDPOINT -> {
                    c.addAll(command);
                    c.addAll(List.of("sparql@" + endpoint, "-f", queryFile.toString(), "-t", "text/tab-separated-values"));
                }
            }
            return c;
        }
    }

    /** What one client's process did with one query. */
    public record Run(String client, String query, Measurement.Status status, long results, Long expected,
            long requests, double millis, String message) {

        public boolean completed() {
            return status == Measurement.Status.COMPLETED;
        }

        public boolean mismatch() {
            return completed() && expected != null && results != expected;
        }
    }

    /** The endpoint's first line names its URL. */
    private static final Pattern LISTENING = Pattern.compile("SPARQL endpoint at (\\S+)");

    private final Path hdt;
    private final List<Client> clients;
    /**
     * The URL of each endpoint client's own endpoint: curl, Comunica and the handing-off launcher
     * each ask one of their own, so that none finds a query's pages already in another's cache.
     */
    private final Map<Client, String> endpointUrls = new HashMap<>();
    private final Duration timeout;
    private final PrintStream progress;

    public ClientProcesses(Path hdt, List<Client> clients, Duration timeout, PrintStream progress) {
        this.hdt = hdt;
        this.clients = List.copyOf(clients);
        this.timeout = timeout;
        this.progress = progress;
    }

    /** {@code bin/ldf-query} under {@code root}, on the Java at {@code javaHome} (null: the default one). */
    public static Client ours(String label, Path root, Path javaHome, Path cache) {
        Map<String, String> env = new HashMap<>();
        env.put("XDG_CACHE_HOME", cache.toAbsolutePath().toString());
        env.put("JAVA_HOME", javaHome == null ? "" : javaHome.toString());
        return new Client(label, List.of(root.resolve("bin/ldf-query").toString()), env, Kind.LDF_QUERY);
    }

    /**
     * {@code bin/ldf-query} under {@code root} handing each call to an endpoint of its own
     * ({@code LDF_ENDPOINT}), started with the {@link #endpoint} client's launcher (there must be one).
     */
    public static Client handedOff(String label, Path root) {
        return new Client(label, List.of(root.resolve("bin/ldf-query").toString()), Map.of(), Kind.LDF_QUERY_HANDED_OFF);
    }

    /** {@code bin/ldf-endpoint} under {@code root}, on the default Java, asked by {@code curl}. */
    public static Client endpoint(String label, Path root) {
        return new Client(label, List.of(root.resolve("bin/ldf-endpoint").toString()), Map.of(), Kind.ENDPOINT);
    }

    /** {@code comunica-sparql}. */
    public static Client comunica(Comunica installed) {
        return new Client("Comunica", installed.cli(), Map.of(), Kind.COMUNICA);
    }

    /**
     * {@code comunica-sparql} with an endpoint of its own as a {@code sparql@} source, started with
     * the {@link #endpoint} client's launcher (there must be one).
     */
    public static Client comunicaOverEndpoint(String label, Comunica installed) {
        return new Client(label, installed.cli(), Map.of(), Kind.COMUNICA_OVER_ENDPOINT);
    }

    /** Runs {@code sequence}; writes {@code queries.csv} into {@code out}, the server's and clients' files into {@code work}. */
    public List<Run> run(List<Workload.Entry> sequence, ReferenceCounts reference, Path out, Path work)
            throws IOException, InterruptedException {
        Path config = work.resolve("server.json");
        ConfigFile.write(ServerConfig.builder().title("Client processes").listener("127.0.0.1", 0)
                .datasets(List.of(DatasetConfig.builder("watdiv", hdt.toAbsolutePath()).title("WatDiv").build()))
                .build(), config);
        List<Run> runs = new ArrayList<>();
        List<Process> endpoints = new ArrayList<>();
        try (Replica server = Replica.start(config, work.resolve("server.log"), List.of());
             CsvWriter csv = new CsvWriter(out.resolve("queries.csv"), "client", "query", "status", "results",
                     "expected_results", "matches", "requests", "time_ms", "message")) {
            String url = server.uri().resolve("/watdiv").toString();
            List<String> launcher = clients.stream().filter(c -> c.kind() == Kind.ENDPOINT).findFirst()
                    .map(Client::command).orElse(List.of());
            for (Client client : clients) {
                if (client.kind().asksEndpoint()) {
                    endpoints.add(startEndpoint(client, launcher, url, work));
                }
            }
            ServerTraffic traffic = new ServerTraffic(server.uri());
            Path queryFile = work.resolve("query.rq");
            // A first run each, not measured: the launcher writes its class-data archive, Node its caches.
            Files.writeString(queryFile, "SELECT * WHERE { ?s ?p ?o } LIMIT 1", StandardCharsets.UTF_8);
            for (Client client : clients) {
                run(client, url, queryFile, work, "warm-up");
            }
            int i = 0;
            for (Workload.Entry q : sequence) {
                OptionalLong want = reference.of(q);
                Long expected = want.isPresent() ? Long.valueOf(want.getAsLong()) : null;
                Files.writeString(queryFile, q.sparql(), StandardCharsets.UTF_8);
                List<Client> order = new ArrayList<>(clients);
                if (i++ % 2 == 1) {
                    Collections.reverse(order);
                }
                for (Client client : order) {
                    ServerTraffic.Reading before = traffic.read();
                    Run run = run(client, url, queryFile, work, q.name());
                    long requests = traffic.read().minus(before).requests();
                    run = new Run(run.client(), q.name(), run.status(), run.results(), expected, requests, run.millis(),
                            run.message());
                    runs.add(run);
                    csv.row(client.label(), q.name(), run.status(), run.results(), expected == null ? "" : expected,
                            expected == null || !run.completed() ? "" : !run.mismatch(), requests, run.millis(),
                            run.message());
                    if (run.mismatch() || !run.completed()) {
                        progress.printf(Locale.ROOT, "  [%s %d/%d] %s: %s, %,d results%s %s%n", client.label(), i,
                                sequence.size(), q.name(), run.status(), run.results(),
                                run.mismatch() ? " (MISMATCH: expected " + expected + ")" : "", run.message());
                    }
                }
                if (i % 10 == 0 || i == sequence.size()) {
                    progress.printf(Locale.ROOT, "%d of %d queries%n", i, sequence.size());
                }
            }
        } finally {
            for (Process endpoint : endpoints) {
                endpoint.destroy();
                if (!endpoint.waitFor(10, TimeUnit.SECONDS)) {
                    endpoint.destroyForcibly().waitFor();
                }
            }
        }
        return runs;
    }

    /**
     * Starts the endpoint over {@code url} on a free port, with the per-query timeout, and returns
     * once it says where it listens (its first line), which {@link #endpointUrls} then holds for
     * {@code client}; {@code launcher} is the endpoint client's {@code bin/ldf-endpoint}.
     */
    private Process startEndpoint(Client client, List<String> launcher, String url, Path work) throws IOException {
        if (launcher.isEmpty()) {
            throw new IllegalArgumentException(client.label() + " asks an endpoint, and no client starts one");
        }
        List<String> command = new ArrayList<>(launcher);
        command.addAll(List.of("--port", "0", "--timeout", Long.toString(Math.max(1, timeout.toSeconds())), url));
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.appendTo(work.resolve(logName(client)).toFile())).start();
        BufferedReader lines = new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8));
        String first = lines.readLine();
        Matcher listening = first == null ? null : LISTENING.matcher(first);
        if (listening == null || !listening.find()) {
            process.destroyForcibly();
            throw new IOException(client.label() + " did not start: see " + logName(client));
        }
        endpointUrls.put(client, listening.group(1));
        return process;
    }

    /** One process: started, waited for (ended when over its time), its TSV rows counted. */
    private Run run(Client client, String url, Path queryFile, Path work, String name)
            throws IOException, InterruptedException {
        Path results = work.resolve("results.tsv");
        ProcessBuilder builder = new ProcessBuilder(client.commandFor(url, queryFile, endpointUrls.get(client)))
                .redirectOutput(results.toFile())
                .redirectError(ProcessBuilder.Redirect.appendTo(work.resolve(logName(client)).toFile()));
        builder.environment().remove("LDF_QUERY_JAVA_OPTS");
        builder.environment().remove("LDF_ENDPOINT");
        if (client.kind() == Kind.LDF_QUERY_HANDED_OFF) {
            String endpoint = endpointUrls.get(client);
            builder.environment().put("LDF_ENDPOINT", endpoint.substring(0, endpoint.lastIndexOf('/')));
        }
        client.environment().forEach((k, v) -> {
            if (v.isEmpty()) {
                builder.environment().remove(k);
            } else {
                builder.environment().put(k, v);
            }
        });
        long start = System.nanoTime();
        Process process = builder.start();
        boolean ended = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
        double millis = (System.nanoTime() - start) / 1e6;
        if (!ended) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor();
            return new Run(client.label(), name, Measurement.Status.TIMEOUT, 0, null, 0, millis, "");
        }
        if (process.exitValue() != 0) {
            return new Run(client.label(), name, Measurement.Status.ERROR, 0, null, 0, millis,
                    "exit " + process.exitValue() + "; see " + logName(client));
        }
        long rows;
        try (var lines = Files.lines(results, StandardCharsets.UTF_8)) {
            rows = Math.max(0, lines.filter(l -> !l.isEmpty()).count() - 1); // the header
        }
        return new Run(client.label(), name, Measurement.Status.COMPLETED, rows, null, 0, millis, "");
    }

    private static String logName(Client client) {
        return client.label().replaceAll("[^A-Za-z0-9]+", "-").toLowerCase(Locale.ROOT) + ".log";
    }
}
