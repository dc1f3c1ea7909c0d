package dev.ldf.experiments.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ResultsOutputTest {

    @TempDir
    Path dir;

    private final ByteArrayOutputStream said = new ByteArrayOutputStream();
    private final PrintStream progress = new PrintStream(said, true, StandardCharsets.UTF_8);

    @Test
    void aRunNeverWritesOverResultsUnlessToldTo() throws IOException {
        Path committed = Files.createDirectories(dir.resolve("live"));
        Files.writeString(committed.resolve("summary.md"), "# committed\n");
        ResultsOutput output = new ResultsOutput();
        Path chosen = output.resolve(committed, progress);
        assertNotEquals(committed, chosen);
        assertEquals(committed.getParent(), chosen.getParent());
        assertTrue(chosen.getFileName().toString().matches("live-\\d{8}-\\d{6}"), chosen.toString());
        assertTrue(said.toString(StandardCharsets.UTF_8).contains("holds results already: this run writes to " + chosen));
        output.replace = true;
        assertEquals(committed, output.resolve(committed, progress));
    }

    @Test
    void anEmptyOrMissingDirectoryIsUsedAsItIs() throws IOException {
        ResultsOutput output = new ResultsOutput();
        Path missing = dir.resolve("new");
        assertEquals(missing, output.resolve(missing, progress));
        Path empty = Files.createDirectories(dir.resolve("empty"));
        assertEquals(empty, output.resolve(empty, progress));
        assertEquals("", said.toString(StandardCharsets.UTF_8));
    }
}
