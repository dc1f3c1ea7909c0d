package dev.ldf.experiments.scale;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.ToLongFunction;

import dev.ldf.experiments.run.Target;
import dev.ldf.experiments.serverbench.BenchPaths;
import dev.ldf.experiments.serverbench.ServerBench;
import dev.ldf.experiments.serverbench.ServerBenchReport;

import static dev.ldf.experiments.scale.Figures.MB;

/**
 * Serving side by side with the rivals: the server benchmark's rates, the TPF cost of brTPF's
 * bindings fetched one by one, our rate against the reference scale, and the benchmark's own targets.
 */
final class ServeSection implements ScaleSection {

    private final ScaleExperiment.Settings settings;
    private final ScaleServing.Outcome serving;

    ServeSection(ScaleExperiment.Settings settings, ScaleServing.Outcome serving) {
        this.settings = settings;
        this.serving = serving;
    }

    @Override
    public void write(StringBuilder md, Path output, TargetSheet sheet) {
        ServerBenchReport report = serving.report();
        md.append("## Serving, side by side (details: [serve/summary.md](serve/summary.md))\n\n");
        md.append("| server | TPF first pages, req/s | brTPF 30 bindings, req/s | brTPF's bindings one by one over TPF, req/s "
                + "| peak RSS (anonymous) |\n|---|---|---|---|---|\n");
        for (String server : servers()) {
            md.append("| ").append(server).append(" | ").append(perRound(server, ServerBenchReport.TPF))
                    .append(" | ").append(perRound(server, ServerBenchReport.BRTPF)).append(" | ")
                    .append(perRound(server, BenchPaths.ONE_BY_ONE)).append(" | ")
                    .append(String.format(Locale.ROOT, "%,.0f MB (%,.0f MB)", peak(server, ServerBench.Run::peakRssBytes)
                            / MB, peak(server, ServerBench.Run::peakAnonymousRssBytes) / MB)).append(" |\n");
        }
        if (!serving.reference().runs().isEmpty()) {
            referenceTarget(md, sheet);
        }
        md.append(String.format(Locale.ROOT, "%nA brTPF request carries %d bindings; the same bindings over TPF take one "
                + "request each, so bindings per second are %d × the brTPF rate against the one-by-one rate.%n%n",
                ScaleServing.BINDINGS, ScaleServing.BINDINGS));
        oneByOneTarget(sheet);
        report.targets().stream().filter(Target::wasMeasured).forEach(sheet::add);
        List<String> failed = serving.large().runs().stream().filter(r -> r.result().errors() > 0)
                .map(r -> r.server() + " " + r.load() + " (round " + r.round() + ", " + r.result().errors() + ")")
                .toList();
        sheet.failedIf(!failed.isEmpty(), "serve: requests failed in " + failed);
    }

    /** Our first pages here against ours on the reference scale, round by round. */
    private void referenceTarget(StringBuilder md, TargetSheet sheet) {
        md.append(String.format(Locale.ROOT, "| ours on scale factor %d (%,d triples), the reference | %s | | | |%n",
                settings.referenceScale(), serving.referenceTriples(), serving.reference().runs().stream()
                        .map(r -> String.format(Locale.ROOT, "%,.0f", r.result().requestsPerSecond()))
                        .reduce((a, b) -> a + " / " + b).orElse("")));
        List<String> ratios = new ArrayList<>();
        double worst = Double.MAX_VALUE;
        for (ServerBench.Run ref : serving.reference().runs()) {
            Optional<Double> large = serving.report().rate(ref.round(), ServerBenchReport.OURS, ServerBenchReport.TPF);
            if (large.isPresent()) {
                double ratio = large.get() / ref.result().requestsPerSecond();
                worst = Math.min(worst, ratio);
                ratios.add(String.format(Locale.ROOT, "%.2f×", ratio));
            }
        }
        if (!ratios.isEmpty()) {
            sheet.add(new Target("TPF first pages ≥ 80% of ours on scale factor " + settings.referenceScale(),
                    String.join(" / ", ratios), Target.ratioVerdict(worst, 0.8)));
        }
    }

    /** Bindings per second by brTPF against the same bindings fetched by TPF one by one. */
    private void oneByOneTarget(TargetSheet sheet) {
        List<String> ratios = new ArrayList<>();
        double worst = Double.MAX_VALUE;
        for (int round = 1; round <= settings.rounds(); round++) {
            Optional<Double> brtpf = serving.report().rate(round, ServerBenchReport.OURS, ServerBenchReport.BRTPF);
            Optional<Double> oneByOne = serving.report().rate(round, ServerBenchReport.OURS, BenchPaths.ONE_BY_ONE);
            if (brtpf.isPresent() && oneByOne.isPresent()) {
                double ratio = ScaleServing.BINDINGS * brtpf.get() / oneByOne.get();
                worst = Math.min(worst, ratio);
                ratios.add(String.format(Locale.ROOT, "%.1f×", ratio));
            }
        }
        if (!ratios.isEmpty()) {
            sheet.add(new Target("brTPF 30 bindings: bindings per second ≥ 10× TPF fetching them one by one",
                    String.join(" / ", ratios), Target.ratioVerdict(worst, 10)));
        }
    }

    @Override
    public String inShort() {
        List<String> rates = new ArrayList<>();
        for (String server : servers()) {
            rates.add(server + " " + perRound(server, ServerBenchReport.TPF));
        }
        return "First pages per second, round by round: " + String.join("; ", rates);
    }

    private double peak(String server, ToLongFunction<ServerBench.Run> memory) {
        return serving.large().runs().stream().filter(r -> r.server().equals(server)).mapToLong(memory).max().orElse(0);
    }

    private List<String> servers() {
        return serving.large().runs().stream().map(ServerBench.Run::server).distinct().toList();
    }

    private String perRound(String server, String load) {
        List<String> rates = new ArrayList<>();
        for (int round = 1; round <= settings.rounds(); round++) {
            serving.report().rate(round, server, load).ifPresent(r -> rates.add(String.format(Locale.ROOT, "%,.0f", r)));
        }
        return rates.isEmpty() ? "–" : String.join(" / ", rates);
    }
}
