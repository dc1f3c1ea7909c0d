package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.stream.Stream;

import dev.ldf.experiments.live.LiveExperiment;
import dev.ldf.experiments.run.Target;

/**
 * The scale experiment's results: one section (and CSV) per part run, an In short paragraph, and
 * a table that states each target as met or missed by how much, with the rivals' figures from the
 * same run.
 */
final class ScaleReport {

    private final ScaleExperiment.Settings settings;
    private DataSection data;
    /** The parts measured so far, in the experiment's order. */
    private final Map<ScaleExperiment.Phase, ScaleSection> parts = new EnumMap<>(ScaleExperiment.Phase.class);
    private List<String> errors = List.of();

    ScaleReport(ScaleExperiment.Settings settings) {
        this.settings = settings;
    }

    void data(ScaleData.Made made) {
        this.data = new DataSection(settings, made);
    }

    void startup(List<StartupTimes.Start> measured) {
        parts.put(ScaleExperiment.Phase.STARTUP, new StartupSection(measured));
    }

    void serve(ScaleServing.Outcome outcome) {
        parts.put(ScaleExperiment.Phase.SERVE, new ServeSection(settings, outcome));
    }

    void counts(List<CountCheck.Sample> large, List<CountCheck.Sample> reference) {
        parts.put(ScaleExperiment.Phase.COUNTS, new CountsSection(settings.referenceScale(), large, reference));
    }

    void preemptive(List<PreemptiveCheck.Answer> measured) {
        parts.put(ScaleExperiment.Phase.PREEMPTIVE, new PreemptiveSection(measured));
    }

    void restart(RestartUnderTraffic.Outcome outcome) {
        parts.put(ScaleExperiment.Phase.RESTART, new RestartSection(outcome));
    }

    void live(LiveExperiment.Results results) {
        parts.put(ScaleExperiment.Phase.LIVE, new LiveSection(settings.liveChanges(), results));
    }

    /** Whether a request failed, an answer differed or a count was wrong where none may be. */
    List<String> errors() {
        return errors;
    }

    void write(Path output) throws IOException {
        TargetSheet sheet = new TargetSheet();
        StringBuilder sections = new StringBuilder();
        List<String> sentences = new ArrayList<>();
        List<ScaleSection> all = new ArrayList<>(List.of(data));
        all.addAll(parts.values());
        for (ScaleSection section : all) {
            section.write(sections, output, sheet);
            String sentence = section.inShort();
            if (sentence != null) {
                sentences.add(sentence);
            }
        }
        errors = sheet.errors();
        StringBuilder md = new StringBuilder("# Publisher scale\n\n");
        md.append(String.format(Locale.ROOT, "Setup: WatDiv scale factor %d (seed %d, %,d triples), one machine with %d "
                + "cores and %.0f GB of memory; every step and server a process of its own, everything on loopback. "
                + "Our server starts as the README starts it (bin/ldf-server%s).%n%n", settings.scale(), settings.seed(),
                data.triples(), Runtime.getRuntime().availableProcessors(), totalMemoryGb(),
                settings.oursJvm().isEmpty() ? ", no further JVM options" : " with " + String.join(" ", settings.oursJvm())));
        md.append("## In short\n\n").append(inShort(sentences, sheet.targets())).append("\n\n");
        md.append(sections);
        md.append("## Targets\n\n").append(Target.table(sheet.targets()));
        Files.writeString(output.resolve("summary.md"), md);
    }

    /** The figures a publisher asks for first, and the targets met and missed, in one paragraph. */
    private static String inShort(List<String> sentences, List<Target> targets) {
        List<String> all = new ArrayList<>(sentences);
        long met = targets.stream().filter(Target::met).count();
        List<String> missed = targets.stream().filter(t -> !t.met()).map(t -> t.target() + " (" + t.measured() + ")")
                .toList();
        all.add(String.format(Locale.ROOT, "%d of %d targets are met%s", met, targets.size(),
                missed.isEmpty() ? "" : "; missed: " + String.join("; ", missed)));
        return String.join(". ", all) + ".";
    }

    private static double totalMemoryGb() {
        try (Stream<String> lines = Files.lines(Path.of("/proc/meminfo"))) {
            return lines.filter(l -> l.startsWith("MemTotal:")).findFirst()
                    .map(l -> Long.parseLong(l.replaceAll("[^0-9]", "")) / (1024.0 * 1024)).orElse(0.0);
        } catch (IOException | RuntimeException e) {
            return 0;
        }
    }
}
