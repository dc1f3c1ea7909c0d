package dev.ldf.experiments.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

import org.jfree.data.category.DefaultCategoryDataset;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.CsvWriter;

/** The live-data benchmarks' CSV files, plots and summary, with the targets beside the figures. */
public final class LiveReport {

    private final LiveExperiment.Results results;

    public LiveReport(LiveExperiment.Results results) {
        this.results = results;
    }

    public void write(Path dir, String setup) throws IOException {
        Files.createDirectories(dir);
        try (CsvWriter csv = new CsvWriter(dir.resolve("live.csv"), "part", "setting", "metric", "value", "unit")) {
            for (LiveExperiment.Figure f : results.figures()) {
                csv.row(f.part(), f.setting(), f.metric(), f.value(), f.unit());
            }
        }
        try (CsvWriter csv = new CsvWriter(dir.resolve("visibility.csv"), "probe", "primary_ms", "follower_ms")) {
            for (int i = 0; i < results.primaryVisibility().length; i++) {
                csv.row(i, results.primaryVisibility()[i], results.followerVisibility()[i]);
            }
        }
        DefaultCategoryDataset reads = new DefaultCategoryDataset();
        for (LiveExperiment.Figure f : results.figures()) {
            if (f.part().equals("reads") && f.metric().equals("first pages per second") && f.setting().contains("round ")) {
                reads.addValue(f.value(), "first pages per second", f.setting());
            }
        }
        Charts.write(Charts.bars("Reads with and without a steady write load (first pages/s)", "", "first pages per second",
                reads, false), dir, "reads");
        DefaultCategoryDataset beside = new DefaultCategoryDataset();
        for (LiveExperiment.Figure f : results.figures()) {
            if (f.part().equals("reads beside writes") && f.metric().equals("median first pages per second")) {
                int comma = f.setting().lastIndexOf(", ");
                beside.addValue(f.value(), f.setting().substring(comma + 2), f.setting().substring(0, comma));
            }
        }
        if (beside.getColumnCount() > 0) {
            Charts.write(Charts.bars("The same file served with writes off and on, same load (first pages/s, medians)", "",
                    "first pages per second", beside, false), dir, "reads-beside-writes");
        }
        Map<String, double[]> visibility = new LinkedHashMap<>();
        visibility.put("primary", results.primaryVisibility());
        visibility.put("follower", results.followerVisibility());
        Charts.write(Charts.distribution("From a patch sent to the change in a fragment (ms)", "milliseconds", visibility),
                dir, "visibility");
        Files.writeString(dir.resolve("summary.md"), summary(setup));
    }

    private String summary(String setup) {
        StringBuilder md = new StringBuilder("# Live data: ingest, reads under writes, visibility, compaction\n\n");
        md.append(setup).append("\n\n## In short\n\n").append(inShort()).append("\n\n## Figures\n\n")
                .append("| part | setting | metric | value |\n|---|---|---|---:|\n");
        for (LiveExperiment.Figure f : results.figures()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s%s |%n", f.part(), f.setting(), f.metric(),
                    number(f.value()), f.unit().isEmpty() || f.unit().equals("1/s") ? "" : " " + f.unit()));
        }
        boolean beside = results.figures().stream().anyMatch(f -> f.part().equals("reads beside writes"));
        md.append("\nPlots: `reads.svg`, ").append(beside ? "`reads-beside-writes.svg`, " : "")
                .append("`visibility.svg`. Data: `live.csv`, `visibility.csv`.\n");
        return md.toString();
    }

    /** The targets of the live-data issue, each with the figure that answers it. */
    public String inShort() {
        double ingest = results.figures().stream().filter(f -> f.part().equals("ingest")
                && f.metric().equals("triples per second")).mapToDouble(LiveExperiment.Figure::value).max().orElse(0);
        double ratio = value("reads", "under writes / read-only");
        double lowest = value("reads", "under writes / read-only, per round", "lowest ratio");
        double highest = value("reads", "under writes / read-only, per round", "highest ratio");
        double primary = value("visibility", "primary", "p99");
        double follower = value("visibility", "follower", "p99");
        double errors = results.figures().stream().filter(f -> f.part().equals("compaction")
                && f.metric().equals("read errors")).mapToDouble(LiveExperiment.Figure::value).sum();
        double seconds = results.figures().stream().filter(f -> f.part().equals("compaction")
                && f.metric().equals("seconds")).mapToDouble(LiveExperiment.Figure::value).sum();
        String beside = results.figures().stream().filter(f -> f.part().equals("reads beside writes")
                && f.metric().equals("writes on / writes off")).map(f -> String.format(Locale.ROOT, "%.1f%% over %s",
                100 * f.value(), f.setting())).reduce((a, b) -> a + " and " + b).orElse(null);
        double worst = results.figures().stream().filter(f -> f.part().equals("reads beside writes")
                && f.metric().equals("writes on / writes off")).mapToDouble(LiveExperiment.Figure::value).min()
                .orElse(Double.NaN);
        String besideSentence = beside == null ? "" : String.format(Locale.ROOT, " On the same wrk load (first pages, "
                + "%d connections, medians of alternating rounds), the file served with writes on ran at %s of the same "
                + "file served with writes off (target 80%%: %s).", ReadsBesideWrites.CONNECTIONS, beside, met(worst >= 0.8));
        return String.format(Locale.ROOT, "Ingest peaked at %,.0f triples/s in patches of 1,000, each forced to disk "
                + "before its answer (target 100,000: %s). Reads under a steady write load ran at %.0f%% of read-only first pages "
                + "(medians of alternating rounds; %.0f%% to %.0f%% round by round; target 80%%: %s). A change showed in fragments "
                + "after %.1f ms p99 on the primary (target 100 ms: %s) and %.1f ms p99 on a follower (target 1 s: %s). "
                + "The compaction took %.1f s with %.0f read errors during it (target 0: %s).%s",
                ingest, met(ingest >= 100_000), 100 * ratio, 100 * lowest, 100 * highest, met(ratio >= 0.8), primary,
                met(primary <= 100), follower, met(follower <= 1_000), seconds, errors, met(errors == 0), besideSentence);
    }

    private double value(String part, String setting) {
        return value(part, setting, "ratio");
    }

    private double value(String part, String setting, String metric) {
        return results.figures().stream().filter(f -> f.part().equals(part) && f.setting().equals(setting)
                && f.metric().equals(metric)).mapToDouble(LiveExperiment.Figure::value).findFirst().orElse(Double.NaN);
    }

    private static String met(boolean met) {
        return met ? "met" : "not met";
    }

    private static String number(double value) {
        return value == Math.rint(value) && Math.abs(value) < 1e15 ? String.format(Locale.ROOT, "%,d", (long) value)
                : String.format(Locale.ROOT, "%,.2f", value);
    }
}
