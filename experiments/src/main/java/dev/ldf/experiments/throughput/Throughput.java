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
import java.util.concurrent.atomic.LongAdder;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.deploy.local.NginxCache;
import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CpuAffinity;
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

    /**
     * Where the processes run. With the cache and the server on the same cores, the cache's own
     * work takes CPU from the server; pinned apart it does not, so the two together show that cost.
     */
    public enum Placement {
        /** No pinning: server, nginx and clients share every core, as on one small host. */
        SHARED,
        /**
         * nginx alone on the last core, the server and the clients on the others (with two cores:
         * nginx on CPU 1, the rest on CPU 0), also when there is no nginx, so that runs with and
         * without the cache give the server the same cores.
         */
        PINNED;

        String serverCpus() {
            return CpuAffinity.range(0, CpuAffinity.CORES - 2);
        }

        String cacheCpus() {
            return CpuAffinity.range(CpuAffinity.CORES - 1, CpuAffinity.CORES - 1);
        }

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /** One measured situation: a configuration, with or without the cache, placed so, with so many clients. */
    public record Cell(Configuration configuration, boolean cached, Placement placement, int clients) {
        /** The series this cell belongs to (everything but the number of clients). */
        public String label() {
            return configuration.label() + (cached ? " + nginx" : "") + (placement == Placement.PINNED ? " (pinned)" : "");
        }
    }

    /** A measured query of one client in one run. */
    public record Query(int client, Workload.Entry entry, Measurement measurement, Long expected) {
        public boolean mismatch() {
            return measurement.contradicts(expected);
        }
    }

    /**
     * What one run (repeat {@code repeat}, from 1) of a cell gave. {@code serverErrors} counts the
     * 5xx responses the clients received and {@code retries} every request sent again (after a 5xx,
     * a 429 or a failed connection); both are invisible in the statuses when a retry succeeds.
     */
    public record Run(Cell cell, int repeat, Duration duration, List<Query> queries, Duration serverCpu,
            Duration cacheCpu, long cacheHits, long cacheRequests, long serverErrors, long retries) {

        public long count(Measurement.Status status) {
            return queries.stream().filter(q -> q.measurement().status() == status).count();
        }

        public long completed() {
            return count(Measurement.Status.COMPLETED);
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

        /** CPU milliseconds per completed query, of the server or of nginx. */
        public double cpuPerCompleted(Duration cpu) {
            return cpu.toNanos() / 1e6 / Math.max(1, completed());
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

    /** Runs one cell once; {@code repeat} (from 1; 0 for a warm-up) only labels the run. */
    public Run run(Cell cell, int repeat, Sequences sequences, ReferenceCounts reference, Path work)
            throws IOException, InterruptedException {
        List<Query> queries = Collections.synchronizedList(new ArrayList<>());
        Failures failures = new Failures();
        Duration cpu;
        Duration cacheCpu = Duration.ZERO;
        long hits = 0;
        long cacheRequests = 0;
        try (ExperimentServer srv = ExperimentServer.start(server, cell.cached(), work)) {
            boolean pinned = cell.placement() == Placement.PINNED;
            try {
                if (pinned) {
                    // This JVM runs the clients: its threads, and those they start, stay off nginx's core.
                    CpuAffinity.pin(srv.process(), cell.placement().serverCpus());
                    CpuAffinity.pin(ProcessHandle.current(), cell.placement().serverCpus());
                    srv.cache().ifPresent(c -> c.processes()
                            .forEach(p -> CpuAffinity.pin(p, cell.placement().cacheCpus())));
                }
                String url = srv.datasetUrl(cell.configuration().pageSize());
                Duration cpuBefore = srv.cpuTime();
                Duration cacheCpuBefore = srv.cache().map(NginxCache::cpuTime).orElse(Duration.ZERO);
                long deadline = System.nanoTime() + duration.toNanos();
                List<Thread> clients = new ArrayList<>();
                for (int i = 0; i < cell.clients(); i++) {
                    int client = i + 1;
                    Thread t = new Thread(() -> runClient(client, url, cell.configuration(), sequences, deadline,
                            failures, queries), "client-" + client);
                    t.start();
                    clients.add(t);
                }
                for (Thread t : clients) {
                    t.join();
                }
                cpu = srv.cpuTime().minus(cpuBefore);
                if (srv.cache().isPresent()) {
                    NginxCache cache = srv.cache().get();
                    cacheCpu = cache.cpuTime().minus(cacheCpuBefore);
                    Map<NginxCache.Status, Long> statuses = cache.statuses();
                    hits = statuses.get(NginxCache.Status.HIT);
                    cacheRequests = statuses.values().stream().mapToLong(Long::longValue).sum();
                }
            } finally {
                if (pinned) {
                    // Servers the next cell starts inherit this JVM's CPUs: give it all of them back,
                    // also when pinning failed halfway.
                    CpuAffinity.pin(ProcessHandle.current(), CpuAffinity.all());
                }
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
        Run run = new Run(cell, repeat, duration, checked, cpu, cacheCpu, hits, cacheRequests,
                failures.serverErrors.sum(), failures.retries.sum());
        progress.printf(Locale.ROOT, "%s, %d clients, %s: %d completed, %d timeouts, %d errors, %d 5xx, "
                        + "%d mismatches, mean %.2f s, server CPU %.1f s%s, %,d requests%s%n", cell.label(),
                cell.clients(), repeat == 0 ? "warm-up (not counted)" : "repeat " + repeat, run.completed(),
                run.count(Measurement.Status.TIMEOUT),
                run.count(Measurement.Status.ERROR), run.serverErrors(), run.mismatches(), run.meanCompletedSeconds(),
                cpu.toMillis() / 1000.0,
                cell.cached() ? String.format(Locale.ROOT, ", nginx CPU %.1f s", cacheCpu.toMillis() / 1000.0) : "",
                run.requests(),
                cell.cached() ? String.format(Locale.ROOT, ", cache hit rate %.1f%%", 100 * run.cacheHitRate()) : "");
        return run;
    }

    /** Counts what the clients' retries hide: 5xx answers and requests sent again. */
    private static final class Failures implements ClientListener {
        final LongAdder serverErrors = new LongAdder();
        final LongAdder retries = new LongAdder();

        @Override
        public void retrying(FragmentRequest request, int attempt, int status, String reason) {
            retries.increment();
            if (status >= 500) {
                serverErrors.increment();
            }
        }
    }

    private void runClient(int client, String url, Configuration configuration, Sequences sequences, long deadline,
            ClientListener listener, List<Query> out) {
        try (QueryRunner runner = new QueryRunner(url, configuration.clientOptions(timeout), listener,
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
