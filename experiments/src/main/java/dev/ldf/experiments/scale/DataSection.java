package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Target;
import dev.ldf.hdt.files.HdtFiles;

import static dev.ldf.experiments.scale.Figures.MB;
import static dev.ldf.experiments.scale.Figures.duration;
import static dev.ldf.experiments.scale.Figures.megabytes;

/** The data's steps: generate, convert, index, check, with wall time, peak RSS and disk. */
final class DataSection implements ScaleSection {

    private final ScaleExperiment.Settings settings;
    private final ScaleData.Made data;

    DataSection(ScaleExperiment.Settings settings, ScaleData.Made data) {
        this.settings = settings;
        this.data = data;
    }

    long triples() {
        return data.steps().get(0).triples();
    }

    @Override
    public void write(StringBuilder md, Path output, TargetSheet sheet) throws IOException {
        try (CsvWriter csv = new CsvWriter(output.resolve("data-steps.csv"), "step", "seconds", "peak_rss_bytes",
                "peak_disk_bytes", "triples", "triples_per_second", "ran_at", "jvm_options")) {
            for (ScaleData.Step s : data.steps()) {
                csv.row(s.name(), s.seconds(), s.peakRssBytes(), s.peakDiskBytes(), s.triples(), s.triplesPerSecond(),
                        s.ranAt(), s.jvmOptions());
            }
        }
        md.append("## Data: generate, convert, index, check\n\n");
        md.append("| step | wall time | triples/s | peak RSS | peak extra disk | ran at |\n|---|---|---|---|---|---|\n");
        for (ScaleData.Step s : data.steps()) {
            md.append(String.format(Locale.ROOT, "| %s | %s | %,.0f | %,.0f MB | %,.0f MB | %s |%n", s.name(),
                    duration(s.seconds()), s.triplesPerSecond(), s.peakRssBytes() / MB, s.peakDiskBytes() / MB, s.ranAt()));
        }
        ScaleData.Step convert = step("convert");
        sheet.add(new Target("`ldf-hdt convert` within a stated heap", String.format(Locale.ROOT,
                "`%s`: %s, peak RSS %,.0f MB", convert.jvmOptions(), duration(convert.seconds()),
                convert.peakRssBytes() / MB), Target.MET));
        sheet.add(new Target("`ldf-hdt convert` ≥ 250,000 triples/s (wall, index included)", String.format(Locale.ROOT,
                "%,.0f triples/s", convert.triplesPerSecond()), Target.ratioVerdict(convert.triplesPerSecond(), 250_000)));
        if (data.check().isEmpty()) {
            sheet.add(Target.notMeasured("the file holds its input's triples (`ldf-hdt check`)"));
        } else {
            sheet.add(new Target("the file holds its input's triples (`ldf-hdt check`)", data.check(),
                    data.check().startsWith("the same") ? Target.MET : "missed"));
        }
        md.append(String.format(Locale.ROOT, "%nFiles: N-Triples (gzip) %,.0f MB, HDT %,.0f MB, index %,.0f MB. "
                + "The conversion ran with `%s`.%n", megabytes(data.ntriples()), megabytes(data.hdt()),
                megabytes(HdtFiles.indexFile(data.hdt())), convert.jvmOptions()));
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

    @Override
    public String inShort() throws IOException {
        ScaleData.Step generate = step("generate");
        ScaleData.Step convert = step("convert");
        ScaleData.Step index = step("index");
        return String.format(Locale.ROOT, "WatDiv scale factor %d is %,d triples: generated in %s, converted by "
                + "`ldf-hdt convert --loader %s` with `%s` in %s (%,.0f triples/s; peak RSS %,.0f MB, up to %,.0f MB of "
                + "extra disk), its index built in %s; the HDT file and its index take %,.0f MB",
                settings.scale(), generate.triples(), duration(generate.seconds()), ScaleData.LOADER, convert.jvmOptions(),
                duration(convert.seconds()), convert.triplesPerSecond(), convert.peakRssBytes() / MB,
                convert.peakDiskBytes() / MB, duration(index.seconds()),
                megabytes(data.hdt()) + megabytes(HdtFiles.indexFile(data.hdt())));
    }

    private ScaleData.Step step(String name) {
        return data.steps().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow();
    }
}
