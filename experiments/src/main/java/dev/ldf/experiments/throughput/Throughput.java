package dev.ldf.experiments.throughput;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

import dev.ldf.client.http.ClientListener;
import dev.ldf.deploy.local.NginxCache;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.ExperimentServer;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.QueryRunner;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.watdiv.workload.Workload;

/**
 * Experiment 2 of the brTPF paper (section 6): {@code n} clients at once, each running its own query
 * sequence against one server (optionally behind the nginx cache) for a fixed time, every query
 * under a timeout. A query still running when the time is up is left out of every figure.
 */
public final class Throughput {

    /** One run: a configuration, with or without the cache, and a number of clients. */
    public record Cell(Configuration configuration, boolean cached, int clients) {
        public String label() {
            return configuration.label() + (cached ? " + nginx" : "");
        }
    }

    /** A measured query of one client in one run. */
    public record Query(int client, Workload.Entry entry, Measurement measurement, Long expected) {
        public boolean mismatch() {
            return measurement.contradicts(expected);
        }
    }

    /** What one run gave. */
    public record Run(Cell cell, Duration duration, List<Query> queries, Duration serverCpu, long cacheHits,
            long cacheRequests) {

        public long count(Measurement.Status status) {
            return queries.stream().filter(q -> q.measurement().status() == status).count();
        }

        public long mismatches() {
            return queries.stream().filter(Query::mismatch).count();
        }

        public double perHour(long n) {
            return n * 3600.0 / duration.toMillis() * 1000;
        }

        /** Mean wall-clock time of the completed queries, in seconds. */
        public double meanCompletedSeconds() {
            return queries.stream().filter(q -> q.measurement().completed()).mapToLong(q -> q.measurement().nanos())
                    .average().orElse(0) / 1e9;
        }

        public long requests() {
            return queries.stream().mapToLong(q -> q.measurement().traffic().requests()).sum();
        }

        public double cacheHitRate() {
            return cacheRequests == 0 ? 0 : (double) cacheHits / cacheRequests;
        }
    }

    private final ExperimentServer.Settings server;
    private final Duration duration;
    private final Duration timeout;
    private final PrintStream progress;

    public Throughput(ExperimentServer.Settings server, Duration duration, Duration timeout, PrintStream progress) {
        this.server = server;
        this.duration = duration;
        this.timeout = timeout;
        this.progress = progress;
    }

    /**
     * The queries client {@code client} (from 1) runs in round {@code round} (from 0): its own
     * sequence first, then, should it finish before the time is up, fresh draws from the pool,
     * so that a fast client does not replay its sequence into the cache.
     */
    @FunctionalInterface
    public interface Sequences {
        List<Workload.Entry> of(int client, int round);
    }

    /** Runs one cell. */
    public Run run(Cell cell, Sequences sequences, ReferenceCounts reference, Path work)
            throws IOException, InterruptedException {
        List<Query> queries = Collections.synchronizedList(new ArrayList<>());
        Duration cpu;
        long hits = 0;
        long cacheRequests = 0;
        try (ExperimentServer srv = ExperimentServer.start(server, cell.cached(), work)) {
            String url = srv.datasetUrl(cell.configuration().pageSize());
            Duration cpuBefore = srv.cpuTime();
            long deadline = System.nanoTime() + duration.toNanos();
            List<Thread> clients = new ArrayList<>();
            for (int i = 0; i < cell.clients(); i++) {
                int client = i + 1;
                Thread t = new Thread(() -> runClient(client, url, cell.configuration(), sequences, deadline, queries),
                        "client-" + client);
                t.start();
                clients.add(t);
            }
            for (Thread t : clients) {
                t.join();
            }
            cpu = srv.cpuTime().minus(cpuBefore);
            if (srv.cache().isPresent()) {
                Map<NginxCache.Status, Long> statuses = srv.cache().get().statuses();
                hits = statuses.get(NginxCache.Status.HIT);
                cacheRequests = statuses.values().stream().mapToLong(Long::longValue).sum();
            }
        }
        // Checked after the run, so that the reference's work does not compete with the server's.
        List<Query> checked = new ArrayList<>();
        synchronized (queries) {
            for (Query q : queries) {
                Long expected = null;
                if (q.measurement().completed()) {
                    OptionalLong count = reference.of(q.entry());
                    expected = count.isPresent() ? count.getAsLong() : null;
                }
                checked.add(new Query(q.client(), q.entry(), q.measurement(), expected));
            }
        }
        Run run = new Run(cell, duration, checked, cpu, hits, cacheRequests);
        progress.printf(Locale.ROOT, "%s, %d clients: %d completed, %d timeouts, %d errors, %d mismatches, mean %.2f s, "
                        + "server CPU %.0f s, %,d requests%s%n", cell.label(), cell.clients(),
                run.count(Measurement.Status.COMPLETED), run.count(Measurement.Status.TIMEOUT),
                run.count(Measurement.Status.ERROR), run.mismatches(), run.meanCompletedSeconds(),
                cpu.toMillis() / 1000.0, run.requests(),
                cell.cached() ? String.format(Locale.ROOT, ", cache hit rate %.1f%%", 100 * run.cacheHitRate()) : "");
        return run;
    }

    private void runClient(int client, String url, Configuration configuration, Sequences sequences, long deadline,
            List<Query> out) {
        try (QueryRunner runner = new QueryRunner(url, configuration.clientOptions(timeout), new ClientListener() {},
                "client-" + client)) {
            for (int round = 0; ; round++) {
                for (Workload.Entry query : sequences.of(client, round)) {
                    long left = deadline - System.nanoTime();
                    if (left <= 0) {
                        return;
                    }
                    boolean cutOff = left < timeout.toNanos();
                    Measurement m = runner.run(query, cutOff ? Duration.ofNanos(left) : timeout, cutOff);
                    out.add(new Query(client, query, m, null));
                }
            }
        }
    }
}
