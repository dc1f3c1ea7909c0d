package dev.ldf.experiments.readme;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReadmeFiguresTest {

    @Test
    void theReadmesFiguresAreTheCommittedResultsOwn() throws IOException {
        Path root = Path.of("..").toAbsolutePath().normalize();
        StringBuilder all = new StringBuilder();
        for (Path page : ReadmeFigures.pages(root)) {
            String text = Files.readString(page);
            assertEquals(ReadmeFigures.fill(text, root.resolve("experiments/results")), text,
                    root.relativize(page) + " differs from experiments/results: run `ldf-experiments readme`");
            all.append(text);
        }
        for (String experiment : new String[] {"network-load", "throughput", "server-bench", "server-bench-sf100",
                "preemption", "scale"}) {
            assertTrue(all.toString().contains("<!-- results: " + experiment + " -->"), "the docs quote " + experiment);
        }
    }

    @Test
    void blocksTakeTheInShortParagraphInEitherForm(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("a"));
        Files.createDirectories(dir.resolve("b"));
        Files.writeString(dir.resolve("a/summary.md"), "# A\n\n**In short.** Fewer requests.\nTwo lines.\n\n| t |\n");
        Files.writeString(dir.resolve("b/summary.md"),
                "# B\n\n## In short\n\n| x |\n|---|\n\nMore queries per hour.\n\n## Cells\n\nNot this.\n");
        String readme = "Intro\n<!-- results: a -->\nold\n<!-- /results -->\nmiddle\n<!-- results: b -->\n"
                + "<!-- /results -->\nend\n";
        assertEquals("Intro\n<!-- results: a -->\nFewer requests.\nTwo lines.\n<!-- /results -->\nmiddle\n"
                + "<!-- results: b -->\n| x |\n|---|\n\nMore queries per hour.\n<!-- /results -->\nend\n", ReadmeFigures.fill(readme, dir));
    }

    @Test
    void aMissingSummaryOrParagraphIsNamed(@TempDir Path dir) throws IOException {
        String readme = "<!-- results: c -->\n<!-- /results -->\n";
        IllegalStateException missing = assertThrows(IllegalStateException.class, () -> ReadmeFigures.fill(readme, dir));
        assertTrue(missing.getMessage().contains("not found"), missing.getMessage());
        Files.createDirectories(dir.resolve("c"));
        Files.writeString(dir.resolve("c/summary.md"), "# C\n\nNo summary here.\n");
        IllegalStateException none = assertThrows(IllegalStateException.class, () -> ReadmeFigures.fill(readme, dir));
        assertTrue(none.getMessage().contains("no \"In short\""), none.getMessage());
    }
}
