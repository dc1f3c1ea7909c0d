package dev.ldf.client.cli;

import java.io.PrintStream;
import java.util.List;
import java.util.Locale;

import dev.ldf.client.http.ClientStats;
import dev.ldf.client.source.Federation;
import dev.ldf.client.source.TripleSource;

/**
 * What {@code --stats} prints about one query, counted from when it started: a block of lines
 * for a query alone (the mode, results, requests, triples, bytes, times, and with several sources
 * each one's share), one tab-separated line per query when there are several.
 */
final class QueryStats {

    private final Federation sources;
    private final PrintStream err;
    private final long start = System.nanoTime();
    private final ClientStats.Snapshot before;
    private final List<ClientStats.Snapshot> beforeBySource;

    private QueryStats(Federation sources, PrintStream err) {
        this.sources = sources;
        this.err = err;
        this.before = sources.stats();
        this.beforeBySource = sources.sources().stream().map(t -> t.stats().snapshot()).toList();
    }

    /** Counting starts now. */
    static QueryStats start(Federation sources, PrintStream err) {
        return new QueryStats(sources, err);
    }

    /** Nanoseconds since the start. */
    long nanos() {
        return System.nanoTime() - start;
    }

    /** {@code query results requests data_triples bytes first_result_s total_s status}, tab-separated. */
    void printLine(String name, long results, long firstNanos, boolean ok) {
        ClientStats.Snapshot used = sources.stats().minus(before);
        err.printf(Locale.ROOT, "%s\t%d\t%d\t%d\t%d\t%s\t%.3f\t%s%n", name, results, used.requests(), used.dataTriples(),
                used.bytes(), firstNanos < 0 ? "" : String.format(Locale.ROOT, "%.3f", firstNanos / 1e9), nanos() / 1e9,
                ok ? "ok" : "failed");
    }

    /** The block of lines for a query run alone. */
    void printBlock(long results, long firstNanos) {
        long totalNanos = nanos();
        ClientStats.Snapshot s = sources.stats().minus(before);
        for (TripleSource source : sources.sources()) {
            String at = sources.isSingle() ? "" : " at " + source.url();
            if (source.groups().isPresent()) {
                err.printf(Locale.ROOT, "mode             SPARQL endpoint (%d bindings per request)%s%n",
                        source.maxBindingsPerRequest(), at);
            } else {
                err.printf(Locale.ROOT, "mode             %s%s%s%s%n", source.preemption().isEmpty() ? ""
                        : sources.isSingle() ? "preemptive, " : "preemptive for its exclusive groups, ", source.usesBrtpf()
                        ? "brTPF" : "TPF", source.usesBrtpf() ? " (maxMpR " + source.maxBindingsPerRequest() + ")" : "", at);
            }
        }
        boolean preemptive = sources.sources().stream().anyMatch(t -> t.preemption().isPresent());
        err.printf(Locale.ROOT, "results          %,d%n", results);
        err.printf(Locale.ROOT, "requests         %,d (%,d POST, %,d retries)%n", s.requests(), s.posts(), s.retries());
        err.printf(Locale.ROOT, "data triples     %,d%n", s.dataTriples());
        err.printf(Locale.ROOT, "metadata triples %,d%n", s.metadataTriples());
        err.printf(Locale.ROOT, "bytes received   %,d%n", s.bytes());
        if (preemptive) {
            err.printf(Locale.ROOT, "quanta           %,d (%,d suspended, %,d solutions)%n", s.quanta(), s.suspensions(),
                    s.solutions());
        }
        err.printf(Locale.ROOT, "first result     %s%n", firstNanos < 0 ? "-" : String.format(Locale.ROOT, "%.3f s", firstNanos / 1e9));
        err.printf(Locale.ROOT, "total time       %.3f s%n", totalNanos / 1e9);
        printPerSource();
    }

    /** With several sources: the requests, data triples and bytes of each. */
    private void printPerSource() {
        if (sources.isSingle()) {
            return;
        }
        for (int i = 0; i < sources.sources().size(); i++) {
            TripleSource source = sources.sources().get(i);
            ClientStats.Snapshot used = source.stats().snapshot().minus(beforeBySource.get(i));
            err.printf(Locale.ROOT, "  %-14s %,d requests, %,d data triples, %,d bytes%n", source.url(), used.requests(),
                    used.dataTriples(), used.bytes());
        }
    }
}
