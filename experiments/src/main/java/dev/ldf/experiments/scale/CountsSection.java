package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Target;

/** {@code void:triples} as served against full scans, here and on the reference file. */
final class CountsSection implements ScaleSection {

    private final int referenceScale;
    private final List<CountCheck.Sample> counts;
    private final List<CountCheck.Sample> referenceCounts;

    CountsSection(int referenceScale, List<CountCheck.Sample> counts, List<CountCheck.Sample> referenceCounts) {
        this.referenceScale = referenceScale;
        this.counts = counts;
        this.referenceCounts = referenceCounts;
    }

    @Override
    public void write(StringBuilder md, Path output, TargetSheet sheet) throws IOException {
        try (CsvWriter csv = new CsvWriter(output.resolve("counts.csv"), "file", "shape", "path", "served", "scanned")) {
            counts.forEach(c -> csv.row("large", c.shape(), c.path(), c.served(), c.scanned()));
            referenceCounts.forEach(c -> csv.row("reference", c.shape(), c.path(), c.served(), c.scanned()));
        }
        md.append("## Counts: `void:triples` as served against a full scan of the fragment\n\n| shape | exact here "
                + "| largest error here | exact at scale factor " + referenceScale + " |\n|---|---|---|---|\n");
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
        sheet.add(new Target("counts exact where they are exact at small scale (sample against full scans)",
                lost.isEmpty() ? counts.size() + " patterns checked" : "no longer exact: " + String.join(", ", lost),
                lost.isEmpty() ? Target.MET : "missed"));
        sheet.failedIf(!lost.isEmpty(), "counts: no longer exact for " + String.join(", ", lost)
                + ", exact at the reference scale (counts.csv)");
    }
}
