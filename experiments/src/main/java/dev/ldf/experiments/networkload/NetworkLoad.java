package dev.ldf.experiments.networkload;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

import dev.ldf.experiments.run.Configuration;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.ExperimentServer;
import dev.ldf.experiments.run.Measurement;
import dev.ldf.experiments.run.QueryRunner;
import dev.ldf.experiments.run.ReferenceCounts;
import dev.ldf.experiments.run.RequestLog;
import dev.ldf.watdiv.workload.Workload;

/**
 * Experiment 1 of the brTPF paper (section 5): one client runs a query sequence once per
 * configuration (TPF, brTPF with several maxMpR, page sizes), and every query's requests, triples,
 * bytes and time are recorded. Results are checked as they come: a completed query whose count
 * differs from the reference (or, without one, from another configuration's) is a mismatch.
 *
 * <p>Writes {@code queries.csv} (one row per configuration and query) and {@code requests.csv.gz}
 * (every request's cache key, for the cache-hit experiment) into the output directory; the
 * server's configuration and log go to a work directory.
 */
public final class NetworkLoad {

    /** Sums over one configuration's run of the sequence. */
    public record Totals(Configuration configuration, int queries, int completed, int timeouts, int errors,
            int mismatches, long requests, long posts, long dataTriples, long metadataTriples, long bytes, double seconds) {

        public long triples() {
            return dataTriples + metadataTriples;
        }
    }

    /**
     * What one query cost under one configuration, and the count it had to give: the reference's,
     * or, where ARQ timed out, the first count another configuration completed with (null: none yet).
     */
    public record Result(Configuration configuration, Measurement measurement, Long expected) {

        public boolean mismatch() {
            return measurement.contradicts(expected);
        }
    }

    private final ExperimentServer.Settings server;
    private final List<Configuration> configurations;
    private final Duration timeout;
    private final PrintStream progress;

    public NetworkLoad(ExperimentServer.Settings server, List<Configuration> configurations, Duration timeout,
            PrintStream progress) {
        this.server = server;
        this.configurations = List.copyOf(configurations);
        this.timeout = timeout;
        this.progress = progress;
    }

    /** Runs the sequence under every configuration; returns every measurement, in order. */
    public List<Result> run(List<Workload.Entry> sequence, ReferenceCounts reference, Path out, Path work)
            throws IOException {
        Files.createDirectories(out);
        progress.printf(Locale.ROOT, "reference counts of %d queries (ARQ over the HDT file)...%n", sequence.size());
        Map<String, OptionalLong> expected = new HashMap<>();
        for (Workload.Entry q : sequence) {
            expected.put(q.name(), reference.of(q));
        }
        List<Result> results = new ArrayList<>();
        Map<String, Long> seen = new HashMap<>(); // a count from some configuration, where ARQ timed out
        try (ExperimentServer srv = ExperimentServer.start(server, false, work);
             RequestLog log = new RequestLog(out.resolve("requests.csv.gz"));
             CsvWriter csv = new CsvWriter(out.resolve("queries.csv"), "configuration", "mode", "max_mpr", "method",
                     "page_size", "query", "status", "results", "expected_results", "matches", "requests", "posts",
                     "retries", "data_triples", "metadata_triples", "bytes", "time_ms", "message")) {
            for (Configuration c : configurations) {
                long start = System.nanoTime();
                try (QueryRunner runner = new QueryRunner(srv.datasetUrl(c.pageSize()), c.clientOptions(timeout), log,
                        c.label())) {
                    int i = 0;
                    for (Workload.Entry q : sequence) {
                        log.begin(c.label(), q.name());
                        Measurement m = runner.run(q, timeout, false);
                        OptionalLong want = expected.get(q.name());
                        Long target = want.isPresent() ? Long.valueOf(want.getAsLong()) : seen.get(q.name());
                        if (target == null && m.completed()) {
                            seen.put(q.name(), m.results());
                        }
                        Result r = new Result(c, m, m.completed() ? target : null);
                        var t = m.traffic();
                        csv.row(c.label(), c.mode(), c.maxMpR(), c.method(), c.pageSize(), q.name(), m.status(),
                                m.results(), target == null ? "" : target, r.expected() == null ? "" : !r.mismatch(),
                                t.requests(), t.posts(), t.retries(), t.dataTriples(), t.metadataTriples(), t.bytes(),
                                m.nanos() / 1e6, m.message());
                        results.add(r);
                        i++;
                        if (r.mismatch() || !m.completed() || m.nanos() > 2_000_000_000L) {
                            progress.printf(Locale.ROOT, "  [%s %d/%d] %s: %s, %,d results%s, %,d requests, %.1f s %s%n",
                                    c.label(), i, sequence.size(), q.name(), m.status(), m.results(),
                                    r.mismatch() ? " (MISMATCH: expected " + target + ")" : "", t.requests(),
                                    m.nanos() / 1e9, m.message());
                        }
                    }
                }
                Totals totals = totals(results, c);
                progress.printf(Locale.ROOT, "%s: %,d requests, %,d triples, %,d bytes, %d timeouts, %d errors, "
                                + "%d mismatches in %.0f s%n", c.label(), totals.requests(), totals.triples(), totals.bytes(),
                        totals.timeouts(), totals.errors(), totals.mismatches(), (System.nanoTime() - start) / 1e9);
            }
        }
        return results;
    }

    /** Sums over one configuration's measurements (timed-out queries count with what they received). */
    public static Totals totals(List<Result> results, Configuration c) {
        int queries = 0;
        int completed = 0;
        int timeouts = 0;
        int errors = 0;
        int mismatches = 0;
        long requests = 0;
        long posts = 0;
        long data = 0;
        long metadata = 0;
        long bytes = 0;
        long nanos = 0;
        for (Result r : results) {
            if (!r.configuration().equals(c)) {
                continue;
            }
            Measurement m = r.measurement();
            queries++;
            completed += m.completed() ? 1 : 0;
            timeouts += m.status() == Measurement.Status.TIMEOUT ? 1 : 0;
            errors += m.status() == Measurement.Status.ERROR ? 1 : 0;
            mismatches += r.mismatch() ? 1 : 0;
            requests += m.traffic().requests();
            posts += m.traffic().posts();
            data += m.traffic().dataTriples();
            metadata += m.traffic().metadataTriples();
            bytes += m.traffic().bytes();
            nanos += m.nanos();
        }
        return new Totals(c, queries, completed, timeouts, errors, mismatches, requests, posts, data, metadata, bytes,
                nanos / 1e9);
    }
}
