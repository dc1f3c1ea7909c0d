package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

import dev.ldf.experiments.live.LiveExperiment;
import dev.ldf.experiments.live.LiveReport;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.serverbench.BenchPaths;
import dev.ldf.experiments.serverbench.ServerBench;
import dev.ldf.experiments.serverbench.ServerBenchReport;

/**
 * The scale experiment's results: one CSV per part and a summary that states each target as met or
 * missed by how much, with the rivals' figures from the same run.
 */
final class ScaleReport {

    private static final double MB = 1 << 20;

    private final ScaleExperiment.Settings settings;
    private ScaleData.Made data;
    private List<StartupTimes.Start> starts = List.of();
    private ScaleServing.Outcome serving;
    private List<CountCheck.Sample> counts = List.of();
    private List<CountCheck.Sample> referenceCounts = List.of();
    private List<PreemptiveCheck.Answer> answers = List.of();
    private RestartUnderTraffic.Outcome restart;
    private LiveExperiment.Results live;
    private final List<String[]> targets = new ArrayList<>();
    private boolean errors;

    ScaleReport(ScaleExperiment.Settings settings) {
        this.settings = settings;
    }

    void data(ScaleData.Made made) {
        this.data = made;
    }

    void startup(List<StartupTimes.Start> measured) {
        this.starts = measured;
    }

    void serve(ScaleServing.Outcome outcome) {
        this.serving = outcome;
    }

    void counts(List<CountCheck.Sample> large, List<CountCheck.Sample> reference) {
        this.counts = large;
        this.referenceCounts = reference;
    }

    void preemptive(List<PreemptiveCheck.Answer> measured) {
        this.answers = measured;
    }

    void restart(RestartUnderTraffic.Outcome outcome) {
        this.restart = outcome;
    }

    void live(LiveExperiment.Results results) {
        this.live = results;
    }

    /** Whether a request failed, an answer differed or a count was wrong where none may be. */
    boolean errors() {
        return errors;
    }

    void write(Path output) throws IOException {
        try (CsvWriter csv = new CsvWriter(output.resolve("data-steps.csv"), "step", "seconds", "peak_rss_bytes",
                "peak_disk_bytes", "triples", "triples_per_second", "ran_at", "jvm_options")) {
            for (ScaleData.Step s : data.steps()) {
                csv.row(s.name(), s.seconds(), s.peakRssBytes(), s.peakDiskBytes(), s.triples(), s.triplesPerSecond(),
                        s.ranAt(), s.jvmOptions());
            }
        }
        if (!starts.isEmpty()) {
            try (CsvWriter csv = new CsvWriter(output.resolve("startup.csv"), "setting", "attempt", "seconds",
                    "peak_rss_bytes", "memory_line")) {
                for (StartupTimes.Start s : starts) {
                    csv.row(s.setting(), s.attempt(), s.seconds(), s.peakRssBytes(), s.memoryLine());
                }
            }
        }
        StringBuilder md = new StringBuilder("# Publisher scale\n\n");
        long triples = data.steps().get(0).triples();
        md.append(String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, %,d triples), one machine with %d "
                + "cores and %.0f GB of memory; every step and server a process of its own, everything on loopback. "
                + "Our server starts as the README starts it (bin/ldf-server%s).%n%n", settings.scale(), settings.seed(),
                triples, Runtime.getRuntime().availableProcessors(), totalMemoryGb(),
                settings.oursJvm().isEmpty() ? ", no further JVM options" : " with " + String.join(" ", settings.oursJvm())));
        targets.clear();
        errors = false;
        dataSection(md);
        startupSection(md);
        serveSection(md);
        countsSection(md, output);
        preemptiveSection(md, output);
        restartSection(md);
        liveSection(md);
        StringBuilder sections = md;
        md = new StringBuilder(sections.substring(0, sections.indexOf("## Data")));
        md.append("## In short\n\n").append(inShort()).append("\n\n").append(sections.substring(sections.indexOf("## Data")));
        md.append("## Targets\n\n| target | measured | verdict |\n|---|---|---|\n");
        for (String[] t : targets) {
            md.append("| ").append(String.join(" | ", t)).append(" |\n");
        }
        Files.writeString(output.resolve("summary.md"), md);
    }

    /** The figures a publisher asks for first, and the targets met and missed, in one paragraph. */
    private String inShort() throws IOException {
        List<String> sentences = new ArrayList<>();
        ScaleData.Step generate = step("generate");
        ScaleData.Step convert = step("convert");
        ScaleData.Step index = step("index");
        sentences.add(String.format(Locale.ROOT, "WatDiv scale factor %d is %,d triples: generated in %s, converted by "
                + "`ldf-hdt convert --loader DISK` with `%s` in %s (%,.0f triples/s; peak RSS %,.0f MB, up to %,.0f MB of "
                + "extra disk), its index built in %s; the HDT file and its index take %,.0f MB",
                settings.scale(), generate.triples(), duration(generate.seconds()), convert.jvmOptions(),
                duration(convert.seconds()), convert.triplesPerSecond(), convert.peakRssBytes() / MB,
                convert.peakDiskBytes() / MB, duration(index.seconds()),
                size(data.hdt()) + size(dev.ldf.hdt.files.HdtFiles.indexFile(data.hdt()))));
        if (!starts.isEmpty()) {
            double fastest = starts.stream().filter(s -> s.setting().startsWith("index present"))
                    .mapToDouble(StartupTimes.Start::seconds).min().orElse(Double.NaN);
            double slowest = starts.stream().filter(s -> s.setting().startsWith("index present"))
                    .mapToDouble(StartupTimes.Start::seconds).max().orElse(Double.NaN);
            double unindexed = starts.stream().filter(s -> !s.setting().startsWith("index present"))
                    .mapToDouble(StartupTimes.Start::seconds).max().orElse(Double.NaN);
            String memory = starts.get(0).memoryLine();
            sentences.add(String.format(Locale.ROOT, "The README's start is ready in %.1f–%.1f s with the index (the "
                    + "file %s) and in %.1f s when it builds the index first", fastest, slowest,
                    memory.contains(" loaded (") ? "loaded onto the heap" : "memory-mapped", unindexed));
        }
        if (serving != null) {
            List<String> rates = new ArrayList<>();
            for (String server : servers(serving.large())) {
                rates.add(server + " " + perRound(serving.report(), server, ServerBenchReport.TPF));
            }
            sentences.add("First pages per second, round by round: " + String.join("; ", rates));
        }
        long met = targets.stream().filter(t -> t[2].equals("met")).count();
        List<String> missed = targets.stream().filter(t -> !t[2].equals("met")).map(t -> t[0] + " (" + t[1] + ")").toList();
        sentences.add(String.format(Locale.ROOT, "%d of %d targets are met%s", met, targets.size(),
                missed.isEmpty() ? "" : "; missed: " + String.join("; ", missed)));
        return String.join(". ", sentences) + ".";
    }

    private ScaleData.Step step(String name) {
        return data.steps().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }

    private void dataSection(StringBuilder md) throws IOException {
        md.append("## Data: generate, convert, index\n\n");
        md.append("| step | wall time | triples/s | peak RSS | peak extra disk | ran at |\n|---|---|---|---|---|---|\n");
        for (ScaleData.Step s : data.steps()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f MB | %,.0f MB | %s |%n", s.name(),
                    duration(s.seconds()), s.triplesPerSecond(), s.peakRssBytes() / MB, s.peakDiskBytes() / MB, s.ranAt()));
        }
        ScaleData.Step convert = data.steps().stream().filter(s -> s.name().equals("convert")).findFirst().orElseThrow();
        targets.add(new String[] {"`ldf-hdt convert` within a stated heap", String.format(Locale.ROOT,
                "`%s`: %s, peak RSS %,.0f MB", convert.jvmOptions(), duration(convert.seconds()),
                convert.peakRssBytes() / MB), "met"});
        md.append(String.format(Locale.ROOT, "%nFiles: N-Triples (gzip) %,.0f MB, HDT %,.0f MB, index %,.0f MB. "
                + "The conversion ran with `%s`.%n", size(data.ntriples()), size(data.hdt()),
                size(dev.ldf.hdt.files.HdtFiles.indexFile(data.hdt())), convert.jvmOptions()));
        if (!data.conversionPhases().isEmpty()) {
            md.append("\nWhere the conversion's time went: ");
            List<String> parts = new ArrayList<>();
            double total = data.conversionPhases().values().stream().mapToDouble(Double::doubleValue).sum();
            for (Map.Entry<String, Double> e : data.conversionPhases().entrySet()) {
                parts.add(String.format(Locale.ROOT, "%s %s (%.0f%%)", e.getKey(), duration(e.getValue()),
                        100 * e.getValue() / total));
            }
            md.append(String.join(", ", parts)).append(".\n");
        }
        md.append('\n');
    }

    private void startupSection(StringBuilder md) {
        if (starts.isEmpty()) {
            return;
        }
        md.append("## Start-up: launch to ready (`/-/ready` answers 200)\n\n| setting | attempt | seconds | peak RSS |\n"
                + "|---|---|---|---|\n");
        for (StartupTimes.Start s : starts) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %,.0f MB |%n", s.setting(), s.attempt(), s.seconds(),
                    s.peakRssBytes() / MB));
        }
        md.append("\nThe server's own line: `").append(starts.get(0).memoryLine()).append("`\n\n");
        double worst = starts.stream().filter(s -> s.setting().startsWith("index present"))
                .mapToDouble(StartupTimes.Start::seconds).max().orElse(Double.NaN);
        targets.add(new String[] {"start-up with the index ≤ 10 s", String.format(Locale.ROOT, "worst %.1f s", worst),
                verdict(worst <= 10, worst, 10)});
    }

    private void serveSection(StringBuilder md) {
        if (serving == null) {
            return;
        }
        ServerBenchReport report = serving.report();
        md.append("## Serving, side by side (details: [serve/summary.md](serve/summary.md))\n\n");
        md.append("| server | TPF first pages, req/s | brTPF 30 bindings, req/s | brTPF's bindings one by one over TPF, req/s "
                + "| peak RSS |\n|---|---|---|---|---|\n");
        for (String server : servers(serving.large())) {
            md.append("| ").append(server).append(" | ").append(perRound(report, server, ServerBenchReport.TPF))
                    .append(" | ").append(perRound(report, server, ServerBenchReport.BRTPF)).append(" | ")
                    .append(perRound(report, server, BenchPaths.ONE_BY_ONE)).append(" | ")
                    .append(String.format(Locale.ROOT, "%,.0f MB", serving.large().runs().stream()
                            .filter(r -> r.server().equals(server)).mapToLong(ServerBench.Run::peakRssBytes).max()
                            .orElse(0) / MB)).append(" |\n");
        }
        if (!serving.reference().runs().isEmpty()) {
            md.append(String.format(Locale.ROOT, "| ours on scale factor %d (%,d triples), the reference | %s | | | |%n",
                    settings.referenceScale(), serving.referenceTriples(), serving.reference().runs().stream()
                            .map(r -> String.format(Locale.ROOT, "%,.0f", r.result().requestsPerSecond()))
                            .reduce((a, b) -> a + " / " + b).orElse("")));
            List<String> ratios = new ArrayList<>();
            double worst = Double.MAX_VALUE;
            for (ServerBench.Run ref : serving.reference().runs()) {
                Optional<Double> large = report.rate(ref.round(), ServerBenchReport.OURS, ServerBenchReport.TPF);
                if (large.isPresent()) {
                    double ratio = large.get() / ref.result().requestsPerSecond();
                    worst = Math.min(worst, ratio);
                    ratios.add(String.format(Locale.ROOT, "%.2f×", ratio));
                }
            }
            if (!ratios.isEmpty()) {
                targets.add(new String[] {"TPF first pages ≥ 80% of ours on scale factor " + settings.referenceScale(),
                        String.join(" / ", ratios), worst >= 0.8 ? "met" : String.format(Locale.ROOT,
                                "missed: %.0f%% of the target", 100 * worst / 0.8)});
            }
        }
        List<String> ratios = new ArrayList<>();
        double worst = Double.MAX_VALUE;
        for (int round = 1; round <= settings.rounds(); round++) {
            Optional<Double> brtpf = report.rate(round, ServerBenchReport.OURS, ServerBenchReport.BRTPF);
            Optional<Double> oneByOne = report.rate(round, ServerBenchReport.OURS, BenchPaths.ONE_BY_ONE);
            if (brtpf.isPresent() && oneByOne.isPresent()) {
                double ratio = ScaleServing.BINDINGS * brtpf.get() / oneByOne.get();
                worst = Math.min(worst, ratio);
                ratios.add(String.format(Locale.ROOT, "%.1f×", ratio));
            }
        }
        md.append(String.format(Locale.ROOT, "%nA brTPF request carries %d bindings; the same bindings over TPF take one "
                + "request each, so bindings per second are %d × the brTPF rate against the one-by-one rate.%n%n",
                ScaleServing.BINDINGS, ScaleServing.BINDINGS));
        if (!ratios.isEmpty()) {
            targets.add(new String[] {"brTPF 30 bindings: bindings per second ≥ 10× TPF fetching them one by one",
                    String.join(" / ", ratios), worst >= 10 ? "met"
                            : String.format(Locale.ROOT, "missed: %.0f%% of the target", 10 * worst)});
        }
        for (String row : report.targets().split("\n")) {
            if (!row.isBlank() && !row.contains("not measured")) {
                String[] cells = row.substring(2, row.length() - 2).split(" \\| ");
                targets.add(cells);
            }
        }
        if (serving.large().runs().stream().anyMatch(r -> r.result().errors() > 0)) {
            errors = true;
        }
    }

    private static List<String> servers(ServerBench.Results results) {
        return results.runs().stream().map(ServerBench.Run::server).distinct().toList();
    }

    private String perRound(ServerBenchReport report, String server, String load) {
        List<String> rates = new ArrayList<>();
        for (int round = 1; round <= settings.rounds(); round++) {
            report.rate(round, server, load).ifPresent(r -> rates.add(String.format(Locale.ROOT, "%,.0f", r)));
        }
        return rates.isEmpty() ? "–" : String.join(" / ", rates);
    }

    private void countsSection(StringBuilder md, Path output) throws IOException {
        if (counts.isEmpty()) {
            return;
        }
        try (CsvWriter csv = new CsvWriter(output.resolve("counts.csv"), "file", "shape", "path", "served", "scanned")) {
            counts.forEach(c -> csv.row("large", c.shape(), c.path(), c.served(), c.scanned()));
            referenceCounts.forEach(c -> csv.row("reference", c.shape(), c.path(), c.served(), c.scanned()));
        }
        md.append("## Counts: `void:triples` as served against a full scan of the fragment\n\n| shape | exact here "
                + "| largest error here | exact at scale factor " + settings.referenceScale() + " |\n|---|---|---|---|\n");
        List<String> lost = new ArrayList<>();
        for (String shape : CountCheck.SHAPES) {
            List<CountCheck.Sample> here = counts.stream().filter(c -> c.shape().equals(shape)).toList();
            List<CountCheck.Sample> there = referenceCounts.stream().filter(c -> c.shape().equals(shape)).toList();
            long exact = here.stream().filter(CountCheck.Sample::exact).count();
            long exactThere = there.stream().filter(CountCheck.Sample::exact).count();
            double error = here.stream().mapToDouble(c -> Math.abs(c.served() - c.scanned()) / (double) Math.max(1, c.scanned()))
                    .max().orElse(0);
            md.append(String.format(Locale.ROOT, "| `%s` | %d of %d | %.1f%% | %s |%n", shape, exact, here.size(),
                    100 * error, there.isEmpty() ? "–" : exactThere + " of " + there.size()));
            if (!there.isEmpty() && exactThere == there.size() && exact < here.size()) {
                lost.add(shape);
            }
        }
        md.append('\n');
        targets.add(new String[] {"counts exact where they are exact at small scale (sample against full scans)",
                lost.isEmpty() ? counts.size() + " patterns checked" : "no longer exact: " + String.join(", ", lost),
                lost.isEmpty() ? "met" : "missed"});
        errors |= !lost.isEmpty();
    }

    private void preemptiveSection(StringBuilder md, Path output) throws IOException {
        if (answers.isEmpty()) {
            return;
        }
        try (CsvWriter csv = new CsvWriter(output.resolve("preemptive.csv"), "query", "mode", "solutions", "sha256",
                "seconds", "error")) {
            answers.forEach(a -> csv.row(a.query(), a.mode(), a.solutions(), a.digest(), a.seconds(), a.error()));
        }
        md.append("## WatDiv stress queries: the preemptive endpoint against the brTPF client\n\n"
                + "| query | mode | solutions | seconds | same answers |\n|---|---|---|---|---|\n");
        int differing = 0;
        Map<String, List<PreemptiveCheck.Answer>> byQuery = new LinkedHashMap<>();
        answers.forEach(a -> byQuery.computeIfAbsent(a.query(), q -> new ArrayList<>()).add(a));
        for (List<PreemptiveCheck.Answer> pair : byQuery.values()) {
            boolean same = pair.stream().allMatch(a -> a.error().isEmpty())
                    && pair.stream().map(PreemptiveCheck.Answer::digest).distinct().count() == 1;
            differing += same ? 0 : 1;
            for (PreemptiveCheck.Answer a : pair) {
                md.append(String.format(Locale.ROOT, "| %s | %s | %s | %.1f | %s |%n", a.query(), a.mode(),
                        a.error().isEmpty() ? String.format(Locale.ROOT, "%,d", a.solutions()) : a.error(), a.seconds(),
                        same ? "yes" : "**no**"));
            }
        }
        md.append('\n');
        targets.add(new String[] {"preemptive endpoint: same answers as the brTPF client on the same file",
                (byQuery.size() - differing) + " of " + byQuery.size() + " queries", differing == 0 ? "met" : "missed"});
        errors |= differing > 0;
    }

    private void restartSection(StringBuilder md) {
        if (restart == null) {
            return;
        }
        md.append(String.format(Locale.ROOT, "## A restart under traffic behind the nginx cache%n%n4 clients asked for "
                + "the first pages of 500 patterns the cache had seen, through nginx, while the only server was stopped "
                + "and started again; its responses lived 2 s, so the cache had to revalidate them throughout. The server "
                + "was away %.1f s (its start took %.1f s). Answers: %s; cache statuses: %s.%n%n", restart.downSeconds(),
                restart.restartSeconds(), restart.statuses(), restart.cacheStatuses()));
        targets.add(new String[] {"a restart under traffic behind the cache fails no request", String.format(Locale.ROOT,
                "%d failed of %,d", restart.failures(), restart.requests()), restart.failures() == 0 ? "met" : "missed"});
        errors |= restart.failures() > 0;
    }

    private void liveSection(StringBuilder md) {
        if (live == null) {
            return;
        }
        md.append("## Live data at this size (details: [live/summary.md](live/summary.md))\n\n")
                .append(new LiveReport(live).inShort()).append("\n\n| compaction | value |\n|---|---:|\n");
        double readErrors = 0;
        boolean exact = true;
        for (LiveExperiment.Figure f : live.figures()) {
            if (f.part().equals("compaction")) {
                md.append(String.format(Locale.ROOT, "| %s | %,.1f %s |%n", f.metric(), f.value(), f.unit()));
                readErrors += f.metric().equals("read errors") ? f.value() : 0;
                exact &= !f.metric().startsWith("count after") || f.value() == 1;
            }
        }
        md.append('\n');
        targets.add(new String[] {"compaction of " + String.format(Locale.ROOT, "%,d", settings.liveChanges())
                + " changes: 0 read errors, exact count after", String.format(Locale.ROOT, "%.0f errors, count %s",
                readErrors, exact ? "exact" : "wrong"), readErrors == 0 && exact ? "met" : "missed"});
        errors |= readErrors > 0 || !exact;
    }

    /** "met", or "missed by N%" of how far {@code value} is beyond {@code limit}. */
    static String verdict(boolean met, double value, double limit) {
        if (met) {
            return "met";
        }
        return String.format(Locale.ROOT, "missed by %.0f%%", 100 * Math.abs(value - limit) / limit);
    }

    private static double size(Path file) throws IOException {
        return Files.exists(file) ? Files.size(file) / MB : 0;
    }

    static String duration(double seconds) {
        return seconds < 120 ? String.format(Locale.ROOT, "%.1f s", seconds)
                : String.format(Locale.ROOT, "%d min %02d s", (long) seconds / 60, (long) seconds % 60);
    }

    private static double totalMemoryGb() {
        try (java.util.stream.Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
            return lines.filter(l -> l.startsWith("MemTotal:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / (1024.0 * 1024)).orElse(0.0);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
