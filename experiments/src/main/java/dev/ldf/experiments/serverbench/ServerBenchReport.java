package dev.ldf.experiments.serverbench;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

import org.jfree.data.category.DefaultCategoryDataset;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Target;

/**
 * The benchmark's results: every run as CSV, tables of rates and latencies per server, the
 * targets of the performance issue met or missed (ratios within a round, side by side), and plots.
 */
public final class ServerBenchReport {

    public static final String OURS = "ours";
    public static final String TPF = "TPF first pages";
    public static final String BRTPF = "brTPF 30 bindings";

    private final List<ServerBench.Run> runs;
    private final List<ServerBench.Download> downloads;
    private final List<String> servers;
    private final List<String> loads;
    private final int rounds;
    private final int connections;
    private final long triples;

    /**
     * {@code connections}: how many wrk kept open, which the latencies depend on; {@code triples}:
     * the dataset's size, which the memory target depends on.
     */
    public ServerBenchReport(ServerBench.Results results, int connections, long triples) {
        this.connections = connections;
        this.triples = triples;
        this.runs = results.runs();
        this.downloads = results.downloads();
        this.servers = new ArrayList<>(this.runs.stream().map(ServerBench.Run::server).collect(LinkedHashSet::new, LinkedHashSet::add, LinkedHashSet::addAll));
        this.loads = new ArrayList<>(this.runs.stream().map(ServerBench.Run::load).collect(LinkedHashSet::new, LinkedHashSet::add, LinkedHashSet::addAll));
        this.rounds = this.runs.stream().mapToInt(ServerBench.Run::round).max().orElse(0);
    }

    /** Writes {@code server-bench.csv}, {@code summary.md} and the plots into {@code dir}. */
    public void write(Path dir, String setup) throws IOException {
        Files.createDirectories(dir);
        try (CsvWriter csv = new CsvWriter(dir.resolve("server-bench.csv"), "round", "server", "load", "requests",
                "seconds", "requests_per_s", "p50_ms", "p95_ms", "p99_ms", "errors", "bytes_per_response", "peak_rss_mb",
                "peak_anonymous_rss_mb")) {
            for (ServerBench.Run r : runs) {
                Wrk.Result w = r.result();
                csv.row(r.round(), r.server(), r.load(), w.requests(), fixed(w.duration().toMillis() / 1000.0, 1),
                        fixed(w.requestsPerSecond(), 0), fixed(w.p50Micros() / 1000.0, 2), fixed(w.p95Micros() / 1000.0, 2),
                        fixed(w.p99Micros() / 1000.0, 2), w.errors(), w.requests() == 0 ? 0 : w.bytes() / w.requests(),
                        r.peakRssBytes() >> 20, r.peakAnonymousRssBytes() >> 20);
            }
        }
        if (!downloads.isEmpty()) {
            try (CsvWriter csv = new CsvWriter(dir.resolve("dumps.csv"), "round", "server", "file", "repeat", "bytes",
                    "seconds", "mb_per_s", "peak_rss_mb", "peak_anonymous_rss_mb")) {
                for (ServerBench.Download d : downloads) {
                    DumpDownload.Result r = d.result();
                    csv.row(d.round(), d.server(), d.file(), d.repeat(), r.bytes(), fixed(r.seconds(), 3),
                            fixed(r.megabytesPerSecond(), 0), r.peakRssBytes() >> 20, r.peakAnonymousRssBytes() >> 20);
                }
            }
        }
        Files.writeString(dir.resolve("summary.md"), markdown(setup));
        plots(dir);
    }

    String markdown(String setup) {
        StringBuilder md = new StringBuilder("# Server benchmark: cost per request, side by side\n\n").append(setup).append("\n\n");
        md.append("## In short\n\n").append(new ServerBenchInShort(this, runs, downloads).markdown(servers, connections))
                .append("\n\n");
        md.append("## Requests per second, p99 latency and bytes per response (round 1 / round 2 / …)\n\n| server |");
        List<String> rateLoads = loads.stream().filter(l -> !isDeep(l)).toList();
        rateLoads.forEach(l -> md.append(' ').append(l).append(", req/s | p99 ms | bytes |"));
        md.append(" peak RSS |\n|---|").append("---|".repeat(3 * rateLoads.size() + 1)).append('\n');
        for (String server : servers) {
            md.append("| ").append(server).append(" |");
            for (String load : rateLoads) {
                md.append(' ').append(perRound(server, load)).append(" | ").append(p99PerRound(server, load))
                        .append(" | ").append(bytesPerResponse(server, load)).append(" |");
            }
            md.append(' ').append(rss(server)).append(" |\n");
        }
        deepTable(md, BenchPaths.DEEP, "Deep pages under " + connections + " connections");
        deepTable(md, BenchPaths.ONE_CLIENT, "Deep pages from one client, one request after another");
        if (!downloads.isEmpty()) {
            md.append("\n## Dumps: MB/s per download (median of the downloads in each round), peak RSS\n\n"
                    + "| server | file | size | MB/s | peak RSS |\n|---|---|---|---|---|\n");
            for (String server : servers) {
                for (String file : ServerBench.DUMPS) {
                    List<ServerBench.Download> cell = downloads.stream()
                            .filter(d -> d.server().equals(server) && d.file().equals(file)).toList();
                    if (cell.isEmpty()) {
                        continue;
                    }
                    List<String> medians = new ArrayList<>();
                    for (int round = 1; round <= rounds; round++) {
                        int r = round;
                        medianRate(cell.stream().filter(d -> d.round() == r).toList())
                                .ifPresent(m -> medians.add(String.format(Locale.ROOT, "%,.0f", m)));
                    }
                    long peak = cell.stream().mapToLong(d -> d.result().peakRssBytes()).max().orElse(0);
                    md.append(String.format(Locale.ROOT, "| %s | `%s` | %,.1f MB | %s | %d MB |%n", server, file,
                            cell.get(0).result().bytes() / 1e6, String.join(" / ", medians), peak >> 20));
                }
            }
        }
        md.append("\n## Targets\n\n").append(Target.table(targets()));
        return md.toString();
    }

    /** The targets, each met or missed. */
    public List<Target> targets() {
        return new ServerBenchTargets(this, runs, downloads, servers, connections, triples).rows();
    }

    /** Whether a load is one of deep pages, under all connections or from one client. */
    static boolean isDeep(String load) {
        return load.startsWith(BenchPaths.DEEP) || load.startsWith(BenchPaths.ONE_CLIENT);
    }

    /** The pattern shape of a deep-page load. */
    static String shape(String load) {
        return load.substring(load.lastIndexOf(' ') + 1);
    }

    private void deepTable(StringBuilder md, String prefix, String title) {
        List<String> deepLoads = loads.stream().filter(l -> l.startsWith(prefix)).toList();
        if (deepLoads.isEmpty()) {
            return;
        }
        md.append("\n## ").append(title).append(": p50 / p95 latency in ms, and requests per second (per round)\n\n| server |");
        deepLoads.forEach(l -> md.append(" `").append(shape(l)).append("` |"));
        md.append("\n|---|").append("---|".repeat(deepLoads.size())).append('\n');
        for (String server : servers) {
            if (runs.stream().noneMatch(r -> r.server().equals(server) && r.load().startsWith(prefix))) {
                continue;
            }
            md.append("| ").append(server).append(" |");
            for (String load : deepLoads) {
                md.append(' ').append(deepCell(server, load)).append(" |");
            }
            md.append('\n');
        }
    }

    int rounds() {
        return rounds;
    }

    static OptionalDouble medianRate(List<ServerBench.Download> downloads) {
        double[] rates = downloads.stream().mapToDouble(d -> d.result().megabytesPerSecond()).sorted().toArray();
        if (rates.length == 0) {
            return OptionalDouble.empty();
        }
        int mid = rates.length / 2;
        return OptionalDouble.of(rates.length % 2 == 1 ? rates[mid] : (rates[mid - 1] + rates[mid]) / 2);
    }

    /** Requests per second of {@code server} on {@code load} in {@code round}, if it ran. */
    public Optional<Double> rate(int round, String server, String load) {
        return runs.stream().filter(r -> r.round() == round && r.server().equals(server) && r.load().equals(load))
                .findFirst().map(r -> r.result().requestsPerSecond());
    }

    static OptionalDouble toOptional(Optional<Double> value) {
        return value.map(OptionalDouble::of).orElse(OptionalDouble.empty());
    }

    /** Requests per second of {@code load} on {@code server}, round after round. */
    String perRound(String server, String load) {
        List<String> cells = runs.stream().filter(r -> r.server().equals(server) && r.load().equals(load))
                .map(r -> String.format(Locale.ROOT, "%,.0f", r.result().requestsPerSecond())).toList();
        return cells.isEmpty() ? "–" : String.join(" / ", cells);
    }

    /** p99 latency in ms of {@code load} on {@code server}, round after round. */
    String p99PerRound(String server, String load) {
        List<String> cells = runs.stream().filter(r -> r.server().equals(server) && r.load().equals(load))
                .map(r -> String.format(Locale.ROOT, "%.1f", r.p99Millis())).toList();
        return cells.isEmpty() ? "–" : String.join(" / ", cells);
    }

    /** Mean bytes per response of {@code load} on {@code server} (the same in every round, give or take). */
    String bytesPerResponse(String server, String load) {
        OptionalDouble bytes = runs.stream().filter(r -> r.server().equals(server) && r.load().equals(load)
                && r.result().requests() > 0).mapToDouble(r -> (double) r.result().bytes() / r.result().requests()).average();
        return bytes.isEmpty() ? "–" : String.format(Locale.ROOT, "%,.0f", bytes.getAsDouble());
    }

    private String deepCell(String server, String load) {
        List<String> cells = runs.stream().filter(r -> r.server().equals(server) && r.load().equals(load))
                .map(r -> String.format(Locale.ROOT, "%.1f / %.1f (%,.0f/s)", r.result().p50Micros() / 1000.0,
                        r.result().p95Micros() / 1000.0, r.result().requestsPerSecond())).toList();
        return cells.isEmpty() ? "–" : String.join("; ", cells);
    }

    String rss(String server) {
        long min = runs.stream().filter(r -> r.server().equals(server)).mapToLong(ServerBench.Run::peakRssBytes).min().orElse(0);
        long max = runs.stream().filter(r -> r.server().equals(server)).mapToLong(ServerBench.Run::peakRssBytes).max().orElse(0);
        return min >> 20 == max >> 20 ? (max >> 20) + " MB" : (min >> 20) + "–" + (max >> 20) + " MB";
    }

    private void plots(Path dir) throws IOException {
        DefaultCategoryDataset rates = new DefaultCategoryDataset();
        DefaultCategoryDataset p95 = new DefaultCategoryDataset();
        for (String server : servers) {
            for (String load : loads) {
                List<ServerBench.Run> cell = runs.stream().filter(r -> r.server().equals(server) && r.load().equals(load)).toList();
                if (cell.isEmpty()) {
                    continue;
                }
                if (load.startsWith(BenchPaths.DEEP)) {
                    p95.addValue(cell.stream().mapToDouble(ServerBench.Run::p95Millis).average().orElse(0),
                            server, shape(load));
                } else if (isDeep(load)) {
                    continue;
                } else {
                    rates.addValue(cell.stream().mapToDouble(r -> r.result().requestsPerSecond()).average().orElse(0),
                            server, load);
                }
            }
        }
        Charts.write(Charts.bars("Requests per second (mean of rounds)", "", "requests/s", rates, false), dir, "rates");
        if (p95.getColumnCount() > 0) {
            Charts.write(Charts.bars("Deep pages at random offsets: p95 latency (mean of rounds)", "pattern shape",
                    "p95 ms", p95, false), dir, "deep-pages-p95");
        }
    }

    private static String fixed(double value, int decimals) {
        return String.format(Locale.ROOT, "%." + decimals + "f", value);
    }
}
