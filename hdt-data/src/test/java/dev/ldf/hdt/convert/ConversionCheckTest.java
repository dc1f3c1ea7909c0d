package dev.ldf.hdt.convert;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ConversionCheckTest {

    private static final String INPUT = """
            <http://ex.org/a> <http://ex.org/p> "1" .
            <http://ex.org/a> <http://ex.org/p> "1" .
            <http://ex.org/a> <http://ex.org/q> <http://ex.org/b> .
            _:x <http://ex.org/p> "blank"@EN .
            <http://ex.org/b> <http://ex.org/p> "\\u00E9"^^<http://www.w3.org/2001/XMLSchema#string> .
            """;

    @TempDir
    Path dir;

    @Test
    void aConversionMatchesItsInputAndADifferentInputDoesNot() throws Exception {
        Path input = Files.writeString(dir.resolve("in.nt"), INPUT);
        Path hdt = new RdfToHdt("http://ex.org/", HdtLoader.BOUNDED, ConversionProgress.silent())
                .convert(List.of(input), dir.resolve("out.hdt")).hdt();

        ConversionCheck.Result same = ConversionCheck.check(hdt, List.of(input), "http://ex.org/", 1_000_000,
                ConversionProgress.silent());
        assertTrue(same.passed(), same.describe());
        assertEquals(3, same.subjectsChecked());
        assertEquals(4, same.triplesCompared(), "the repeated triple counts once");
        assertEquals(5, same.inputTriples());
        assertEquals(4, same.fileTriples());

        Path changed = Files.writeString(dir.resolve("changed.nt"), INPUT.replace("\"1\"", "\"2\""));
        ConversionCheck.Result different = ConversionCheck.check(hdt, List.of(changed), "http://ex.org/", 1_000_000,
                ConversionProgress.silent());
        assertFalse(different.passed());
        assertTrue(different.describe().contains("subject http://ex.org/a: 1 triples missing (http://ex.org/p \"2\")"),
                different.describe());
    }

    @Test
    void theSampleIsAShareOfSubjects() {
        int in = 0;
        for (int i = 0; i < 100_000; i++) {
            if (ConversionCheck.sampled("http://ex.org/s" + i, 10_000)) {
                in++;
            }
        }
        assertTrue(in > 700 && in < 1300, "about 1% of 100,000 subjects: " + in);
    }
}
