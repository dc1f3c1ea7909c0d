package dev.ldf.hdt.convert;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ldf.cli.ProgressLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConversionProgressTest {

    @Test
    void parsingShowsTheShareOfTheInputReadWhenItIsKnown() {
        List<String> lines = new ArrayList<>();
        new ConversionProgress(ProgressLine.toLines(lines::add, Duration.ZERO)).parsed("in.nt.gz", 1025, 0.5);
        new ConversionProgress(ProgressLine.toLines(lines::add, Duration.ZERO)).parsed("changes", 2049, -1);
        assertEquals(2, lines.size(), lines::toString);
        assertTrue(lines.get(0).matches("\\[ *\\d+\\.\\ds\\] parsing in.nt.gz: 1,025 triples \\([\\d,]+ triples/s\\) \\[=+ +\\]  50%"), lines.get(0));
        assertTrue(lines.get(1).endsWith("triples/s)"), lines.get(1));
    }

    @Test
    void offATerminalANewPhaseWaitsForThePaceLikeAnyOtherLine() {
        List<String> lines = new ArrayList<>();
        ConversionProgress progress = ConversionProgress.toLines(lines::add, Duration.ofHours(1));
        for (int i = 1; i <= 10; i++) {
            progress.notifyProgress(0, "Loaded " + i * 100_000 + " triples");
        }
        progress.notifyProgress(0, "Removing duplicate triples");
        progress.notifyProgress(42.5f, "Creating Predicate bitmap 0 / 230538");
        progress.message("done in 8.0 s: out.hdt");
        assertEquals(List.of("done in 8.0 s: out.hdt"), unstamped(lines), "a short run writes its result line only");
    }

    @Test
    void aPhaseShowsItsLevelOnlyWhereHdtJavaMeasuresOne() {
        List<String> lines = new ArrayList<>();
        ConversionProgress progress = ConversionProgress.toLines(lines::add, Duration.ZERO);
        progress.notifyProgress(0, "Removing duplicate triples ");
        progress.notifyProgress(42.5f, "Creating Predicate bitmap 0 / 230538");
        progress.notifyProgress(100, "Predicate Bitmap in 42 ms");
        assertEquals(List.of("hdt: Removing duplicate triples", "hdt: Creating Predicate bitmap 0 / 230538 (43%)",
                "hdt: Predicate Bitmap in 42 ms"), unstamped(lines));
    }

    private static List<String> unstamped(List<String> lines) {
        return lines.stream().map(l -> l.replaceFirst("^\\[ *\\d+\\.\\ds\\] ", "")).toList();
    }
}
