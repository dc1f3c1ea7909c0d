package dev.ldf.experiments.scale;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.ldf.experiments.run.CsvWriter;
import dev.ldf.experiments.run.Target;

/** WatDiv stress queries through the preemptive endpoint against the brTPF client: the same answers. */
final class PreemptiveSection implements ScaleSection {

    private final List<PreemptiveCheck.Answer> answers;

    PreemptiveSection(List<PreemptiveCheck.Answer> answers) {
        this.answers = answers;
    }

    @Override
    public void write(StringBuilder md, Path output, TargetSheet sheet) throws IOException {
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
        sheet.add(new Target("preemptive endpoint: same answers as the brTPF client on the same file",
                (byQuery.size() - differing) + " of " + byQuery.size() + " queries", differing == 0 ? Target.MET : "missed"));
        sheet.failedIf(differing > 0, String.format(Locale.ROOT,
                "preemptive: %d of %d queries differ from the brTPF client or failed (preemptive.csv)", differing, byQuery.size()));
    }
}
