package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.stream.DoubleStream;

import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Target;

import static dev.ldf.experiments.scale.Figures.MB;

/** Launch to ready, with the index present and without it. */
final class StartupSection implements ScaleSection {

    static final double TARGET_SECONDS = 10;

    private final List<StartupTimes.Start> starts;

    StartupSection(List<StartupTimes.Start> starts) {
        this.starts = starts;
    }

    @Override
    public void write(StringBuilder md, Path output, TargetSheet sheet) throws IOException {
        try (CsvWriter csv = new CsvWriter(output.resolve("startup.csv"), "setting", "attempt", "seconds",
                "peak_rss_bytes", "peak_anonymous_rss_bytes", "memory_line")) {
            for (StartupTimes.Start s : starts) {
                csv.row(s.setting(), s.attempt(), s.seconds(), s.peakRssBytes(), s.peakAnonymousRssBytes(), s.memoryLine());
            }
        }
        md.append("## Start-up: launch to ready (`/-/ready` answers 200)\n\n| setting | attempt | seconds | peak RSS "
                + "| of which anonymous |\n|---|---|---|---|---|\n");
        for (StartupTimes.Start s : starts) {
            md.append(String.format(Locale.ROOT, "| %s | %d | %.1f | %,.0f MB | %,.0f MB |%n", s.setting(), s.attempt(),
                    s.seconds(), s.peakRssBytes() / MB, s.peakAnonymousRssBytes() / MB));
        }
        md.append("\nThe server's own line: `").append(starts.get(0).memoryLine()).append("`\n\n");
        double worst = indexed().max().orElse(Double.NaN);
        sheet.add(new Target("start-up with the index ≤ 10 s", String.format(Locale.ROOT, "worst %.1f s", worst),
                Target.limitVerdict(worst, TARGET_SECONDS)));
    }

    @Override
    public String inShort() {
        double unindexed = starts.stream().filter(s -> !indexed(s)).mapToDouble(StartupTimes.Start::seconds).max()
                .orElse(Double.NaN);
        return String.format(Locale.ROOT, "The README's start is ready in %.1f–%.1f s with the index (the file %s) and "
                + "in %.1f s when it builds the index first", indexed().min().orElse(Double.NaN),
                indexed().max().orElse(Double.NaN), starts.get(0).memoryLine().contains(" loaded (")
                        ? "loaded onto the heap" : "memory-mapped", unindexed);
    }

    private DoubleStream indexed() {
        return starts.stream().filter(StartupSection::indexed).mapToDouble(StartupTimes.Start::seconds);
    }

    private static boolean indexed(StartupTimes.Start start) {
        return start.setting().startsWith("index present");
    }
}
