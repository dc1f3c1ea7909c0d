package dev.ldf.experiments.scale;

import java.nio.file.Path;
import java.util.Locale;

import dev.ldf.experiments.live.LiveExperiment;
import dev.ldf.experiments.live.LiveReport;
import dev.ldf.experiments.run.Target;

/** Live changes over the large base, then a compaction while readers go on. */
final class LiveSection implements ScaleSection {

    private final int changes;
    private final LiveExperiment.Results live;

    LiveSection(int changes, LiveExperiment.Results live) {
        this.changes = changes;
        this.live = live;
    }

    @Override
    public String inShort() {
        String report = new LiveReport(live).inShort();
        return report.endsWith(".") ? report.substring(0, report.length() - 1) : report;
    }

    @Override
    public void write(StringBuilder md, Path output, TargetSheet sheet) {
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
        boolean met = readErrors == 0 && exact;
        sheet.add(new Target(String.format(Locale.ROOT, "compaction of %,d changes: 0 read errors, exact count after",
                changes), String.format(Locale.ROOT, "%.0f errors, count %s", readErrors, exact ? "exact" : "wrong"),
                met ? Target.MET : "missed"));
        sheet.failedIf(!met, String.format(Locale.ROOT, "live: compaction with %.0f read errors, count %s",
                readErrors, exact ? "exact" : "wrong"));
        double seconds = figure("compaction", "seconds");
        sheet.add(new Target(String.format(Locale.ROOT, "compaction of %,d changes ≤ 5 min", changes),
                String.format(Locale.ROOT, "%.1f s, server peak RSS %,.0f MB", seconds, figure("compaction", "server peak RSS")),
                seconds <= 300 ? Target.MET : "missed"));
        double ingest = live.figures().stream().filter(f -> f.part().equals("ingest") && f.setting().startsWith("4 writers")
                && f.metric().equals("triples per second")).mapToDouble(LiveExperiment.Figure::value).max().orElse(0);
        sheet.add(new Target("ingest from 4 writers ≥ 100,000 triples/s, every patch forced before its answer",
                String.format(Locale.ROOT, "%,.0f triples/s", ingest), ingest >= 100_000 ? Target.MET : "missed"));
        for (LiveExperiment.Figure f : live.figures()) {
            if (f.part().equals("reads beside writes") && f.metric().equals("writes on / writes off")) {
                sheet.add(new Target("first pages with writes on ≥ 80% of writes off, " + f.setting(),
                        String.format(Locale.ROOT, "%.1f%%", 100 * f.value()), f.value() >= 0.8 ? Target.MET : "missed"));
            }
        }
    }

    /** The first figure of the part with the metric, or NaN. */
    private double figure(String part, String metric) {
        return live.figures().stream().filter(f -> f.part().equals(part) && f.metric().equals(metric))
                .mapToDouble(LiveExperiment.Figure::value).findFirst().orElse(Double.NaN);
    }
}
