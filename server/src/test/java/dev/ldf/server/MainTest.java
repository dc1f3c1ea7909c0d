package dev.ldf.server;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import picocli.CommandLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class MainTest {

    @TempDir
    Path dir;

    private record Run(int code, String err) {}

    private static Run run(String... args) {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = new CommandLine(new Main()).execute(args);
            return new Run(code, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(original);
        }
    }

    @Test
    void aMissingHdtFileStopsStartUpWithItsName() {
        Run run = run("--hdt", dir.resolve("missing.hdt").toString(), "--port", "0");
        assertEquals(1, run.code());
        assertTrue(run.err().contains("HDT file not found: " + dir.resolve("missing.hdt")), run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace");
    }

    @Test
    void aCorruptHdtFileStopsStartUpWithItsName() throws Exception {
        Path corrupt = Files.writeString(dir.resolve("corrupt.hdt"), "not HDT");
        Run run = run("--hdt", corrupt.toString(), "--port", "0");
        assertEquals(1, run.code());
        assertTrue(run.err().contains("Cannot open HDT file " + corrupt), run.err());
    }

    @Test
    void aBadConfigurationStopsStartUp() throws Exception {
        Path config = Files.writeString(dir.resolve("c.json"), "{\"datasets\": [{\"name\": \"x\"}]}");
        Run run = run("--config", config.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("has no \"hdt\" file"), run.err());
    }

    @Test
    void configAndHdtExcludeEachOther() {
        Run run = run("--config", "a.json", "--hdt", "b.hdt");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("mutually exclusive"), run.err());
    }
}
