package dev.ldf.experiments.live;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

import org.jfree.data.category.DefaultCategoryDataset;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Spread;
import dev.ldf.experiments.run.Target;

/** The fresh-server check's CSV, plot and summary, with the live-data issue's targets for it. */
public final class FreshServerReport {

    static final double INGEST_TARGET = 100_000;
    static final double COMPACTION_TARGET_SECONDS = 30;
    static final double RSS_TARGET_MB = 1536;

    private final FreshServerWrites.Settings settings;
    private final List<FreshServerWrites.Run> runs;

    public FreshServerReport(FreshServerWrites.Settings settings, List<FreshServerWrites.Run> runs) {
        this.settings = settings;
        this.runs = List.copyOf(runs);
    }

    public void write(Path dir, String setup) throws IOException {
        Files.createDirectories(dir);
        try (CsvWriter csv = new CsvWriter(dir.resolve("fresh.csv"), "repeat", "triples_per_second", "compaction_seconds",
                "peak_rss_mb", "peak_rss_anonymous_mb", "count_after", "expected")) {
            for (FreshServerWrites.Run r : runs) {
                csv.row(r.repeat(), r.triplesPerSecond(), r.compactionSeconds(), mb(r.peakRss()), mb(r.peakRssAnonymous()),
                        r.countAfter(), r.expected());
            }
        }
        DefaultCategoryDataset rates = new DefaultCategoryDataset();
        for (FreshServerWrites.Run r : runs) {
            rates.addValue(r.triplesPerSecond(), "triples per second", "server " + r.repeat());
            rates.addValue(INGEST_TARGET, "target", "server " + r.repeat());
        }
        Charts.write(Charts.bars(String.format(Locale.ROOT, "Added triples per second from %d writers, each server fresh",
                settings.writers()), "", "triples per second", rates, false), dir, "ingest");
        Files.writeString(dir.resolve("summary.md"), "# Writes on a fresh server: ingest, compaction, count\n\n" + setup
                + "\n\n## In short\n\n" + inShort() + "\n\n## Each server\n\n" + table() + "\n## Targets\n\n"
                + Target.table(targets()) + "\nPlot: `ingest.svg`. Data: `fresh.csv`.\n");
    }

    /** The figures in one paragraph, every number taken from the runs. */
    public String inShort() {
        Spread rate = Spread.of(runs.stream().mapToDouble(FreshServerWrites.Run::triplesPerSecond).toArray());
        Spread compaction = Spread.of(runs.stream().mapToDouble(FreshServerWrites.Run::compactionSeconds).toArray());
        long exact = runs.stream().filter(FreshServerWrites.Run::exact).count();
        return String.format(Locale.ROOT, "%d fresh servers took %,d added triples each from %d writers at %s triples/s "
                + "(median, lowest–highest), compacted on request in %s s, with a peak RSS of at most %,.0f MB; the count "
                + "afterwards was exactly the base plus the adds on %d of %d. %d of %d targets are met.",
                runs.size(), (long) settings.patches() * settings.patchTriples(), settings.writers(), rate.format("%,.0f"),
                compaction.format("%.1f"), maxRssMb(), exact, runs.size(),
                targets().stream().filter(Target::met).count(), targets().size());
    }

    /** The fresh-server targets: the median rate, and every server's compaction, memory and count. */
    public List<Target> targets() {
        double rate = Spread.of(runs.stream().mapToDouble(FreshServerWrites.Run::triplesPerSecond).toArray()).median();
        double slowest = runs.stream().mapToDouble(FreshServerWrites.Run::compactionSeconds).max().orElse(Double.NaN);
        long exact = runs.stream().filter(FreshServerWrites.Run::exact).count();
        return List.of(
                new Target(String.format(Locale.ROOT, "%d writers on a fresh server ≥ 100,000 triples/s (median)",
                        settings.writers()), String.format(Locale.ROOT, "%,.0f triples/s", rate),
                        Target.ratioVerdict(rate / INGEST_TARGET, 1)),
                new Target("compaction on request ≤ 30 s (slowest server)", String.format(Locale.ROOT, "%.1f s", slowest),
                        Target.limitVerdict(slowest, COMPACTION_TARGET_SECONDS)),
                new Target("peak RSS ≤ 1.5 GB (highest server)", String.format(Locale.ROOT, "%,.0f MB", maxRssMb()),
                        Target.limitVerdict(maxRssMb(), RSS_TARGET_MB)),
                new Target("count after = base + adds", String.format(Locale.ROOT, "exact on %d of %d", exact, runs.size()),
                        exact == runs.size() ? Target.MET : "missed"));
    }

    private String table() {
        StringBuilder md = new StringBuilder("| server | triples/s | compaction | peak RSS | of it anonymous | count after |\n"
                + "|---:|---:|---:|---:|---:|---|\n");
        for (FreshServerWrites.Run r : runs) {
            md.append(String.format(Locale.ROOT, "| %d | %,.0f | %.1f s | %,.0f MB | %,.0f MB | %,d%s |%n", r.repeat(),
                    r.triplesPerSecond(), r.compactionSeconds(), mb(r.peakRss()), mb(r.peakRssAnonymous()),
                    r.countAfter(), r.exact() ? " (exact)" : ", expected " + String.format(Locale.ROOT, "%,d", r.expected())));
        }
        return md.toString();
    }

    private double maxRssMb() {
        return runs.stream().mapToDouble(r -> mb(r.peakRss())).max().orElse(Double.NaN);
    }

    private static double mb(long bytes) {
        return bytes / 1048576.0;
    }
}
