package dev.ldf.experiments.serverbench;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Predicate;

/**
 * The summary's opening, which the README quotes: one row per server with the figures a reader
 * compares, then what they say in ratios taken within a round (side by side on one machine).
 */
final class ServerBenchInShort {

    private final ServerBenchReport report;
    private final List<ServerBench.Run> runs;
    private final List<ServerBench.Download> downloads;

    ServerBenchInShort(ServerBenchReport report, List<ServerBench.Run> runs, List<ServerBench.Download> downloads) {
        this.report = report;
        this.runs = runs;
        this.downloads = downloads;
    }

    String markdown(List<String> servers, int connections) {
        StringBuilder md = new StringBuilder("| server | TPF first pages, req/s | p99 ms | bytes per page | "
                + "brTPF 30 bindings, req/s | deep pages p95, worst shape: " + connections + " connections / one client "
                + "| peak RSS |\n|---|---|---|---|---|---|---|\n");
        for (String server : servers) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %s | %s / %s | %s |%n", server,
                    report.perRound(server, ServerBenchReport.TPF), report.p99PerRound(server, ServerBenchReport.TPF),
                    report.bytesPerResponse(server, ServerBenchReport.TPF), report.perRound(server, ServerBenchReport.BRTPF),
                    worstDeep(server, BenchPaths.DEEP).orElse("–"), worstDeep(server, BenchPaths.ONE_CLIENT).orElse("–"),
                    report.rss(server)));
        }
        md.append('\n').append(sentences(servers, connections));
        return md.toString();
    }

    private String sentences(List<String> servers, int connections) {
        List<String> said = new ArrayList<>();
        List<String> rivals = servers.stream().filter(s -> s.startsWith("Server.")).toList();
        List<String> cheaper = new ArrayList<>();
        for (String rival : rivals) {
            range(ratios(ServerBenchReport.OURS, rival, ServerBenchReport.TPF), "%.1f")
                    .ifPresent(r -> cheaper.add(r + "× less than with " + rival));
        }
        if (!cheaper.isEmpty()) {
            said.add("First pages cost " + String.join(" and ", cheaper) + " (requests per second, ratio within each round)");
        } else {
            range(rates(ServerBenchReport.OURS, ServerBenchReport.TPF), "%,.0f")
                    .ifPresent(r -> said.add("First pages are answered at " + r + " requests per second"));
        }
        Optional<String> oursP50 = range(deep(ServerBenchReport.OURS, false), "%.1f");
        Optional<String> oursP95 = range(deep(ServerBenchReport.OURS, true), "%.1f");
        if (oursP50.isPresent() && oursP95.isPresent()) {
            List<Double> rivalP95 = new ArrayList<>();
            rivals.forEach(r -> rivalP95.addAll(deep(r, true)));
            said.add("a deep page at a random offset, of any pattern shape, takes p50 " + oursP50.get() + " ms and p95 "
                    + oursP95.get() + " ms under " + connections + " concurrent connections"
                    + range(rivalP95, "%.1f").map(r -> ", against a p95 of " + r + " ms for the rivals").orElse(""));
        }
        Optional<String> cost = range(ratios(ServerBenchReport.OURS, ServerBenchReport.TPF, ServerBenchReport.OURS,
                ServerBenchReport.BRTPF), "%.1f");
        cost.ifPresent(c -> said.add("a brTPF request with 30 bindings costs " + c + " first pages"));
        range(ratios(ServerBenchReport.OURS, JavaRival.BRTPF_PROTOTYPE, ServerBenchReport.BRTPF), "%.1f")
                .ifPresent(r -> said.add("brTPF requests are answered " + r + "× as fast as by the brTPF prototype"));
        StringBuilder text = new StringBuilder(capitalised(String.join("; ", said))).append('.');
        dumps().ifPresent(d -> text.append(' ').append(d));
        return text.toString();
    }

    private Optional<String> dumps() {
        List<String> parts = new ArrayList<>();
        for (String file : ServerBench.DUMPS) {
            List<ServerBench.Download> cell = downloads.stream()
                    .filter(d -> d.server().equals(ServerBenchReport.OURS) && d.file().equals(file)).toList();
            if (cell.isEmpty()) {
                continue;
            }
            List<Double> medians = new ArrayList<>();
            for (int round = 1; round <= report.rounds(); round++) {
                int r = round;
                ServerBenchReport.medianRate(cell.stream().filter(d -> d.round() == r).toList()).ifPresent(medians::add);
            }
            double megabytes = cell.get(0).result().bytes() / 1e6;
            double seconds = cell.stream().mapToDouble(d -> d.result().seconds()).sorted().toArray()[cell.size() / 2];
            parts.add(String.format(Locale.ROOT, "`%s` (%s) %s", file, size(megabytes), megabytes >= 100
                    ? range(medians, "%,.0f").map(r -> "streams at " + r + " MB/s").orElse("")
                    : String.format(Locale.ROOT, "downloads in %.2f s", seconds)));
        }
        if (parts.isEmpty()) {
            return Optional.empty();
        }
        long peak = downloads.stream().filter(d -> d.server().equals(ServerBenchReport.OURS))
                .mapToLong(d -> d.result().peakRssBytes()).max().orElse(0);
        return Optional.of("The whole dataset " + String.join(", and ", parts) + " (median of the downloads in each "
                + "round), with a peak RSS of " + (peak >> 20) + " MB meanwhile.");
    }

    private Optional<String> worstDeep(String server, String prefix) {
        return runs.stream().filter(r -> r.server().equals(server) && r.load().startsWith(prefix))
                .max((a, b) -> Long.compare(a.result().p95Micros(), b.result().p95Micros()))
                .map(r -> String.format(Locale.ROOT, "%.1f ms (`%s`)", r.p95Millis(), ServerBenchReport.shape(r.load())));
    }

    /** p50 or p95 of every deep-page run of {@code server}, in ms. */
    private List<Double> deep(String server, boolean p95) {
        return runs.stream().filter(r -> r.server().equals(server) && r.load().startsWith(BenchPaths.DEEP))
                .map(r -> (p95 ? r.result().p95Micros() : r.result().p50Micros()) / 1000.0).toList();
    }

    private List<Double> rates(String server, String load) {
        return runs.stream().filter(matches(server, load)).map(r -> r.result().requestsPerSecond()).toList();
    }

    private List<Double> ratios(String server, String rival, String load) {
        return ratios(server, load, rival, load);
    }

    /** Per round, the rate of {@code load} on {@code server} over that of {@code otherLoad} on {@code other}. */
    private List<Double> ratios(String server, String load, String other, String otherLoad) {
        List<Double> ratios = new ArrayList<>();
        for (int round = 1; round <= report.rounds(); round++) {
            int r = round;
            Optional<Double> a = runs.stream().filter(matches(server, load).and(run -> run.round() == r)).findFirst()
                    .map(run -> run.result().requestsPerSecond());
            Optional<Double> b = runs.stream().filter(matches(other, otherLoad).and(run -> run.round() == r)).findFirst()
                    .map(run -> run.result().requestsPerSecond());
            if (a.isPresent() && b.isPresent() && b.get() > 0) {
                ratios.add(a.get() / b.get());
            }
        }
        return ratios;
    }

    private static Predicate<ServerBench.Run> matches(String server, String load) {
        return r -> r.server().equals(server) && r.load().equals(load);
    }

    /** "a–b", or "a" when both ends print alike; empty without values. */
    static Optional<String> range(List<Double> values, String format) {
        OptionalDouble min = values.stream().mapToDouble(Double::doubleValue).min();
        if (min.isEmpty()) {
            return Optional.empty();
        }
        String low = String.format(Locale.ROOT, format, min.getAsDouble());
        String high = String.format(Locale.ROOT, format, values.stream().mapToDouble(Double::doubleValue).max().getAsDouble());
        return Optional.of(low.equals(high) ? low : low + "–" + high);
    }

    private static String size(double megabytes) {
        return megabytes >= 1000 ? String.format(Locale.ROOT, "%.2f GB", megabytes / 1000)
                : String.format(Locale.ROOT, "%.1f MB", megabytes);
    }

    private static String capitalised(String text) {
        return text.isEmpty() ? text : Character.toUpperCase(text.charAt(0)) + text.substring(1);
    }
}
