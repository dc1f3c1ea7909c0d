package dev.ldf.server;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.CommandRun;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.live.log.PatchLog;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The operator's mistakes: one line that names the file, key or port and says what to do, and the exit code. */
@Tag("server")
class MainTest {

    @TempDir
    Path dir;

    /** One line "error: ..." (besides what the server logged while it started), no stack trace. */
    private static void isOneErrorLine(CommandRun run) {
        assertEquals(1, run.err().lines().filter(l -> l.startsWith("error: ")).count(), run.err());
        assertTrue(run.err().lines().allMatch(l -> l.startsWith("error: ") || l.contains(" INFO ")), run.err());
        assertFalse(run.err().contains("\tat "), "no stack trace: " + run.err());
    }

    private static CommandRun run(String... args) {
        return CommandRun.of(() -> Main.run(args));
    }

    @Test
    void aMissingHdtFileIsAUsageErrorThatNamesTheFile() {
        CommandRun run = run("--hdt", dir.resolve("missing.hdt").toString(), "--port", "0");
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("HDT file not found: " + dir.resolve("missing.hdt")), run.err());
    }

    /** Issue 54: a missing, a corrupt and a wrong file are the same mistake in the call: exit 2, one line, nothing logged as opened. */
    @Test
    void aCorruptHdtFileIsAUsageErrorThatNamesTheFile() throws Exception {
        Path corrupt = Files.writeString(dir.resolve("corrupt.hdt"), "not HDT");
        CommandRun run = run("--hdt", corrupt.toString(), "--port", "0");
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("Cannot read HDT file " + corrupt + ": it is not an HDT file"), run.err());
        assertTrue(run.err().contains("ldf-hdt convert"), "says what to do: " + run.err());
        assertFalse(run.err().contains("corrupt loaded"), "nothing described as opened: " + run.err());
    }

    @Test
    void anRdfFileIsToldTheCommandThatConvertsIt() throws Exception {
        Path turtle = Files.writeString(dir.resolve("mine.ttl"), "<http://x/s> <http://x/p> <http://x/o> .\n");
        CommandRun run = run("--hdt", turtle.toString(), "--port", "0");
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("it is Turtle, not HDT: convert it with bin/ldf-hdt convert -o "
                + dir.resolve("mine.hdt") + " " + turtle + ", then serve " + dir.resolve("mine.hdt")), run.err());
        assertFalse(Files.exists(dir.resolve("mine.ttl.index.v1-1")), "no index built from Turtle");
    }

    @Test
    void anIndexThatIsNotAFileIsNamed() throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("copy.hdt"));
        Path index = Files.createDirectory(HdtFiles.indexFile(hdt));
        CommandRun run = run("--hdt", hdt.toString(), "--port", "0");
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("Cannot use the HDT index " + index + ": it is not a file; remove it"), run.err());
    }

    @Test
    void aMistypedConfigurationKeyGetsTheNearestValidOne() throws Exception {
        Path config = Files.writeString(dir.resolve("c.json"), """
                {"datasets": [{"name": "x", "hdt": "x.hdt", "pageSzie": 10}]}""");
        CommandRun run = run("--config", config.toString());
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("unknown key 'pageSzie' in datasets[0]"), run.err());
        assertTrue(run.err().contains("did you mean 'pageSize'?"), run.err());
        assertTrue(run.err().contains(config.toString()), run.err());
    }

    @Test
    void aMistypedLimitGetsTheNearestValidOne() throws Exception {
        Path config = Files.writeString(dir.resolve("c.json"), """
                {"limits": {"idleTimeoutSecs": 5}, "datasets": [{"name": "x", "hdt": "x.hdt"}]}""");
        CommandRun run = run("--config", config.toString());
        assertEquals(2, run.code());
        assertTrue(run.err().contains("unknown key 'idleTimeoutSecs' in limits"), run.err());
        assertTrue(run.err().contains("did you mean 'idleTimeoutSeconds'?"), run.err());
    }

    @Test
    void aMissingConfigurationFileIsNamed() {
        CommandRun run = run("--config", dir.resolve("nope.json").toString());
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("Configuration file not found: " + dir.resolve("nope.json")), run.err());
    }

    @Test
    void aBadConfigurationStopsStartUp() throws Exception {
        Path config = Files.writeString(dir.resolve("c.json"), "{\"datasets\": [{\"name\": \"x\"}]}");
        CommandRun run = run("--config", config.toString());
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("has no \"hdt\" file"), run.err());
    }

    @Test
    void aPortInUseIsNamedWithWhatToDo() throws Exception {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            int port = taken.getLocalPort();
            CommandRun run = run("--hdt", TestData.libraryHdt().toString(), "--port", Integer.toString(port));
            assertEquals(1, run.code());
            isOneErrorLine(run);
            assertTrue(run.err().contains("Port " + port + " on 127.0.0.1 is already in use"), run.err());
            // Issue 33: found before any dataset is opened (minutes with large files).
            assertFalse(run.err().contains("Opened "), run.err());
            assertTrue(run.err().contains("--port"), run.err());
        }
    }

    @Test
    void withHdtThePagesNameTheFileServed() {
        // Issue 54: not "Linked Data Fragments server", the same for every file.
        ServerConfig config = Main.configurationOf("--hdt", TestData.libraryHdt().toString());
        assertEquals("Linked Data Fragments of library.hdt", config.title());
        assertEquals("library", config.datasets().get(0).title());
        assertEquals("Mine", Main.configurationOf("--hdt", TestData.libraryHdt().toString(), "--title", "Mine")
                .datasets().get(0).title());
    }

    @Test
    void aMistypedOptionIsAUsageErrorWithASuggestion() {
        CommandRun run = run("--hdt", "x.hdt", "--prot", "8080");
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().contains("did you mean --port?"), run.err());
    }

    @Test
    void configAndHdtExcludeEachOther() {
        CommandRun run = run("--config", "a.json", "--hdt", "b.hdt");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("mutually exclusive"), run.err());
    }

    @Test
    void loadAndMapExcludeEachOther() {
        CommandRun run = run("--hdt", "b.hdt", "--load", "--map");
        assertEquals(2, run.code());
        assertTrue(run.err().contains("mutually exclusive"), run.err());
    }

    @Test
    void verboseAddsTheStackTrace() throws Exception {
        Path corrupt = Files.writeString(dir.resolve("corrupt.hdt"), "not HDT");
        CommandRun run = run("--hdt", corrupt.toString(), "--port", "0", "--verbose");
        assertEquals(2, run.code());
        assertTrue(run.err().startsWith("error: Cannot read HDT file"), run.err());
        assertTrue(run.err().contains("\tat "), run.err());
    }

    /** Issue 32: a log damaged before intact records stops the start; the repair command lets it start again. */
    @Test
    void aDamagedPatchLogStopsTheStartAndTheRepairCommandLetsItStart() throws Exception {
        Path log = dir.resolve("library.hdt.patches");
        long damagedAt = 0;
        try (PatchLog patches = PatchLog.open(log, 0, e -> true)) {
            for (int i = 1; i <= 5; i++) {
                if (i == 3) {
                    damagedAt = Files.size(log);
                }
                patches.append(("A <http://ex.org/s> <http://ex.org/p> \"" + i + "\" .\n").getBytes(StandardCharsets.UTF_8));
            }
        }
        byte[] damaged = Files.readAllBytes(log);
        damaged[(int) damagedAt + 20] ^= 0x40;
        Files.write(log, damaged);
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        Path config = Files.writeString(dir.resolve("server.json"), """
                {"port": 0, "datasets": [{"name": "library", "hdt": "%s",
                  "writes": {"enabled": true, "token": "a-token-for-tests-0123456789", "log": "%s"}}]}"""
                .formatted(hdt, log));

        run("--config", config.toString()).failsWith(1, "is damaged at byte " + damagedAt + " (record 3, after version 2)");
        assertArrayEquals(damaged, Files.readAllBytes(log), "the file is left as it was");

        assertEquals(0, run("--repair-log", log.toString()).code());
        try (Stream<Path> files = Files.list(dir)) {
            assertEquals(1, files.filter(f -> f.getFileName().toString().startsWith("library.hdt.patches.damaged-")).count());
        }
        try (PatchLog repaired = PatchLog.open(log, 0, e -> true)) {
            assertEquals(2, repaired.version());
        }
        run("--repair-log", dir.resolve("nope").toString()).failsWith(2, "No patch log at");
    }

    /** Issue 33: -V says the command, its version and the commit it was built from. */
    @Test
    void versionNamesTheCommandAndTheCommit() {
        run("-V").printsVersion("ldf-server");
        run("--version").printsVersion("ldf-server");
    }

    /** Issue 33: picocli's own "Error: " does not follow ours. */
    @Test
    void aMissingArgumentIsOneErrorLineWithoutADoubledError() {
        CommandRun run = run();
        assertEquals(2, run.code());
        isOneErrorLine(run);
        assertTrue(run.err().startsWith("error: Missing required argument"), run.err());
        assertFalse(run.err().contains("Error:"), run.err());
    }
}
