package dev.ldf.experiments.preemption;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Random;

import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CpuAffinity;
import dev.ldf.experiments.run.ExperimentServer;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.QueryClient;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.experiments.run.Spread;
import dev.ldf.server.config.Limits;
import dev.ldf.watdiv.workload.Workload;

/**
 * The fourth experiment: Web preemption (SaGe) beside TPF and brTPF, on one server over one HDT
 * file. Three parts, all against the same server process:
 *
 * <ol>
 *   <li><b>sequence</b>: one client runs the query sequence with each interface (TPF, brTPF, the
 *       preemptive endpoint at several quanta), repeated; requests, bytes, time and time to first
 *       result per query;</li>
 *   <li><b>clients</b>: 1 to N clients at once, each running the whole sequence in its own order,
 *       brTPF against the preemptive endpoint; completion time and time to first result;</li>
 *   <li><b>convoy</b>: the short queries' latency on an idle server and while clients keep running
 *       the longest queries (from a process of their own on a CPU of their own, as clients elsewhere).</li>
 * </ol>
 *
 * Every completed query is checked against ARQ's count over the HDT file. The preemptive
 * endpoint's answers are logged one by one ({@link QuantumLog}) for its overheads and quanta.
 */
public final class PreemptionExperiment {

    /** One query run by one client in one part of the experiment. */
    public record Run(String part, Configuration configuration, int clients, int repeat, int client, String query,
            Measurement measurement, Long expected) {

        public boolean mismatch() {
            return measurement.contradicts(expected);
        }
    }

    /** How long {@code clients} clients took to run their sequences together. */
    public record Wall(Configuration configuration, int clients, int repeat, long nanos) {}

    /**
     * The convoy part's load while the short queries ran: the long queries the background clients
     * completed, and the server's CPU time over the wall time (in cores).
     */
    public record Load(Configuration configuration, long longQueries, double seconds, double serverCores) {}

    /**
     * What every part needs. {@code complete}, when not null, runs the clients and convoy parts
     * beside brTPF and the preemptive endpoint: the same endpoint read by a standard SPARQL client.
     */
    public record Settings(List<Configuration> sequence, Configuration brtpf, Configuration preemptive,
            Configuration complete, int maxResults, int repeats, List<Integer> clientCounts, int longQueries,
            int longClients, int shortRounds, Duration timeout, long seed) {

        /** The configurations the clients and convoy parts compare. */
        public List<Configuration> contenders() {
            return complete == null ? List.of(brtpf, preemptive) : List.of(brtpf, preemptive, complete);
        }
    }

    /** The experiment's measurements. */
    public record Results(List<Run> runs, List<Wall> walls, List<QuantumLog.Quantum> quanta, List<String> longQueries,
            List<String> shortQueries, List<Load> loads) {}

    static final String SEQUENCE = "sequence";
    static final String CLIENTS = "clients";
    static final String IDLE = "convoy-idle";
    static final String LOADED = "convoy-loaded";
    /**
     * The convoy part's client pauses this long after each short query, as a user would: it then
     * leaves the CPU it shares with the long queries' clients to them most of the time.
     */
    static final Duration SHORT_QUERY_PAUSE = Duration.ofMillis(10);

    /** The CPUs of the convoy part's server: all but the last, the clients' (at least one). */
    static final int CONVOY_SERVER_CPUS = Math.max(1, CpuAffinity.CORES - 1);

    private final ExperimentServer.Settings server;
    private final Settings settings;
    private final PrintStream progress;
    private final QuantumLog log = new QuantumLog();
    private final List<Run> runs = Collections.synchronizedList(new ArrayList<>());
    private final List<Wall> walls = new ArrayList<>();
    private final List<Load> loads = new ArrayList<>();
    private Map<String, OptionalLong> expected;

    public PreemptionExperiment(ExperimentServer.Settings server, Settings settings, PrintStream progress) {
        this.server = server;
        this.settings = settings;
        this.progress = progress;
    }

    public Results run(List<Workload.Entry> sequence, ReferenceCounts reference, Path work) throws IOException,
            InterruptedException {
        progress.printf(Locale.ROOT, "reference counts of %d queries (ARQ over the HDT file)...%n", sequence.size());
        expected = new HashMap<>();
        for (Workload.Entry q : sequence) {
            expected.put(q.name(), reference.of(q));
        }
        List<String> longQueries;
        List<String> shortQueries;
        try (ExperimentServer srv = ExperimentServer.start(server, false, work)) {
            progress.println("warm-up: the sequence once with brTPF and the preemptive endpoint (not counted)");
            for (Configuration c : settings.contenders()) {
                runSequence(srv, "warm-up", c, 1, 0, 1, sequence);
            }
            for (int repeat = 1; repeat <= settings.repeats(); repeat++) {
                for (Configuration c : settings.sequence()) {
                    runSequence(srv, SEQUENCE, c, 1, repeat, 1, sequence);
                    report(SEQUENCE, c, 1, repeat);
                }
            }
            for (int repeat = 1; repeat <= settings.repeats(); repeat++) {
                for (int n : settings.clientCounts()) {
                    for (Configuration c : settings.contenders()) {
                        runClients(srv, c, n, repeat, sequence);
                    }
                }
            }
            List<Run> first = select(SEQUENCE, settings.preemptive(), 1, 1);
            longQueries = ConvoyQueries.longest(first, settings.longQueries());
            shortQueries = ConvoyQueries.shortest(first, longQueries);
        }
        progress.printf(Locale.ROOT, "convoy: %d short queries, %d long ones (%s) on %d clients, a server on %d "
                + "CPU(s) with %d place(s) for quanta and %d for first quanta%n", shortQueries.size(),
                longQueries.size(), String.join(", ", longQueries), settings.longClients(), CONVOY_SERVER_CPUS,
                convoyLimits().maxConcurrentQuanta(), convoyLimits().firstQuantumPlaces());
        try (ExperimentServer srv = ExperimentServer.start(server.withLimits(convoyLimits()), false,
                work.resolve("convoy"))) {
            for (Configuration c : settings.contenders()) {
                runSequence(srv, "warm-up", c, 1, 0, 1, sequence);
            }
            for (Configuration c : settings.contenders()) {
                convoy(srv, c, ConvoyQueries.select(sequence, shortQueries), ConvoyQueries.select(sequence, longQueries), work);
            }
        }
        runs.removeIf(r -> r.part().equals("warm-up"));
        return new Results(List.copyOf(runs), List.copyOf(walls), log.quanta(), longQueries, shortQueries,
                List.copyOf(loads));
    }

    /** One client runs {@code queries} once, one right after the other; its runs are recorded under {@code part}. */
    private void runSequence(ExperimentServer srv, String part, Configuration c, int clients, int repeat, int client,
            List<Workload.Entry> queries) {
        runSequence(srv, part, c, clients, repeat, client, queries, Duration.ZERO);
    }

    /** The same, pausing {@code pause} after each query. */
    private void runSequence(ExperimentServer srv, String part, Configuration c, int clients, int repeat, int client,
            List<Workload.Entry> queries, Duration pause) {
        QuantumLog.Client listener = log.client(part, c.label(), clients, repeat);
        try (QueryClient runner = c.client(srv.datasetUrl(c), settings.timeout(), listener, c.label() + "-" + client)) {
            for (Workload.Entry q : queries) {
                listener.begin(q.name());
                record(part, c, clients, repeat, client, q, runner.run(q, settings.timeout(), false));
                if (!pause.isZero() && !pause(pause)) {
                    return;
                }
            }
        }
    }

    /**
     * The convoy part's server limits: places for quanta sized for the CPUs it runs on, as the
     * defaults would be on a machine of that many cores; the first-quantum places and contended
     * quantum as given for the whole run, where given.
     */
    Limits convoyLimits() {
        Limits given = server.limits();
        int places = given == null || given.firstQuantumPlaces().equals(given.maxConcurrentQuanta())
                ? CONVOY_SERVER_CPUS : given.firstQuantumPlaces();
        return Limits.builder()
                .maxConcurrentQuanta(CONVOY_SERVER_CPUS).firstQuantumPlaces(places)
                .contendedQuantumMillis(given == null ? null : given.contendedQuantumMillis()).build();
    }

    /** Sleeps; false when interrupted (the flag kept). */
    private static boolean pause(Duration pause) {
        try {
            Thread.sleep(pause.toMillis());
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    private void record(String part, Configuration c, int clients, int repeat, int client, Workload.Entry q,
            Measurement m) {
        OptionalLong want = expected.get(q.name());
        Long target = m.completed() && want != null && want.isPresent() ? want.getAsLong() : null;
        Run r = new Run(part, c, clients, repeat, client, q.name(), m, target);
        runs.add(r);
        if (r.mismatch() || m.status() == Measurement.Status.ERROR) {
            progress.printf(Locale.ROOT, "  %s %s: %s, %,d results (expected %s) %s%n", c.label(), q.name(), m.status(),
                    m.results(), target, m.message());
        }
    }

    private void report(String part, Configuration c, int clients, int repeat) {
        List<Run> mine = select(part, c, clients, repeat);
        long requests = mine.stream().mapToLong(r -> r.measurement().traffic().requests()).sum();
        double seconds = mine.stream().mapToLong(r -> r.measurement().nanos()).sum() / 1e9;
        long failed = mine.stream().filter(r -> !r.measurement().completed() || r.mismatch()).count();
        progress.printf(Locale.ROOT, "%s %s, %d client%s, repeat %d: %,d requests, %.1f s of queries, %d failed or wrong%n",
                part, c.label(), clients, clients == 1 ? "" : "s", repeat, requests, seconds, failed);
    }

    List<Run> select(String part, Configuration c, int clients, int repeat) {
        synchronized (runs) {
            return runs.stream().filter(r -> r.part().equals(part) && r.configuration().equals(c)
                    && r.clients() == clients && r.repeat() == repeat).toList();
        }
    }

    /** {@code n} clients at once, each running the whole sequence in an order of its own. */
    private void runClients(ExperimentServer srv, Configuration c, int n, int repeat, List<Workload.Entry> sequence)
            throws InterruptedException {
        List<Thread> threads = new ArrayList<>();
        long start = System.nanoTime();
        for (int i = 1; i <= n; i++) {
            int client = i;
            List<Workload.Entry> order = new ArrayList<>(sequence);
            Collections.shuffle(order, new Random(settings.seed() * 1_000_003L + repeat * 1_000L + client));
            Thread t = new Thread(() -> runSequence(srv, CLIENTS, c, n, repeat, client, order), "client-" + client);
            t.start();
            threads.add(t);
        }
        for (Thread t : threads) {
            t.join();
        }
        walls.add(new Wall(c, n, repeat, System.nanoTime() - start));
        report(CLIENTS, c, n, repeat);
    }

    /**
     * The short queries alone, then again while {@code longClients} clients keep running the long
     * ones, made heavy for the server ({@link ServerHeavyQuery}). The server has all CPUs but the last
     * to itself; the client measured and the long queries' clients ({@link BackgroundClients}, at
     * the lowest priority, so they take only CPU time the client measured leaves) share the last:
     * as if the clients ran elsewhere. The same placement idle and loaded; the second round starts
     * once the long queries are under way.
     */
    private void convoy(ExperimentServer srv, Configuration c, List<Workload.Entry> shortQueries,
            List<Workload.Entry> longQueries, Path work) throws IOException, InterruptedException {
        boolean pinned = CpuAffinity.CORES >= 2;
        String server = CpuAffinity.range(0, CpuAffinity.CORES - 2);
        String clients = CpuAffinity.range(CpuAffinity.CORES - 1, CpuAffinity.CORES - 1);
        if (pinned) {
            CpuAffinity.pin(srv.process(), server);
            CpuAffinity.pin(ProcessHandle.current(), clients);
        }
        try {
            for (int round = 1; round <= settings.shortRounds(); round++) {
                runSequence(srv, IDLE, c, 1, round, 1, shortQueries, SHORT_QUERY_PAUSE);
            }
            BackgroundClients background = BackgroundClients.start(srv.datasetUrl(c), c, settings.timeout(),
                    settings.longClients(), longQueries.stream().map(ServerHeavyQuery::of).toList(),
                    pinned ? clients : null, work);
            long start;
            Duration cpu;
            try (background) {
                Thread.sleep(1_000);
                start = System.nanoTime();
                Duration cpuBefore = srv.cpuTime();
                for (int round = 1; round <= settings.shortRounds(); round++) {
                    runSequence(srv, LOADED, c, settings.longClients() + 1, round, 1, shortQueries, SHORT_QUERY_PAUSE);
                }
                cpu = srv.cpuTime().minus(cpuBefore);
            }
            double seconds = (System.nanoTime() - start) / 1e9;
            loads.add(new Load(c, background.completed(), seconds, cpu.toNanos() / 1e9 / seconds));
        } finally {
            if (pinned) {
                CpuAffinity.pin(srv.process(), CpuAffinity.all());
                CpuAffinity.pin(ProcessHandle.current(), CpuAffinity.all());
            }
        }
        progress.printf(Locale.ROOT, "convoy %s: short queries' p95 %.1f ms idle, %.1f ms with %d clients running long "
                + "queries%n", c.label(), p95(IDLE, c), p95(LOADED, c), settings.longClients());
    }

    private double p95(String part, Configuration c) {
        synchronized (runs) {
            return Spread.quantile(runs.stream().filter(r -> r.part().equals(part) && r.configuration().equals(c))
                    .mapToDouble(r -> r.measurement().nanos() / 1e6).toArray(), 0.95);
        }
    }

}
