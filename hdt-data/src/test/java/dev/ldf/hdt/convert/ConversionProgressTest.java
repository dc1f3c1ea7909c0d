package dev.ldf.hdt.convert;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;

class ConversionProgressTest {

    @Test
    void eachOfHdtJavasPhasesShowsOnceWithoutItsCountsOrMeaninglessLevels() {
        List<String> lines = new ArrayList<>();
        ConversionProgress progress = ConversionProgress.toLines(lines::add, Duration.ofHours(1));
        for (int i = 1; i <= 10; i++) {
            progress.notifyProgress(0, "Loaded " + i * 100_000 + " triples");
        }
        progress.notifyProgress(0, "Removing duplicate triples");
        progress.notifyProgress(0, "Removing duplicate triples ");
        progress.notifyProgress(42.5f, "Creating Predicate bitmap 0 / 230538");
        progress.notifyProgress(100, "Predicate Bitmap in 42 ms");
        progress.message("done in 8.0 s: out.hdt");
        assertEquals(List.of("hdt: Loaded 100000 triples", "hdt: Removing duplicate triples",
                "hdt: Creating Predicate bitmap 0 / 230538 (43%)", "hdt: Predicate Bitmap in 42 ms",
                "done in 8.0 s: out.hdt"), lines.stream().map(l -> l.replaceFirst("^\\[ *\\d+\\.\\ds\\] ", "")).toList());
    }
}
