package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.Commands;
import dev.ldf.cli.testing.CommandRun;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tour of ldf-watdiv's error paths: one line on standard error naming what was wrong, exit
 * code 2 for the call (options, values, files named that are not there) and 1 for files that are
 * not what they claim.
 */
class WatDivCommandTest {

    @TempDir
    Path dir;

    private static CommandRun run(String... args) {
        return CommandRun.of(() -> Commands.run(new WatDivCommand(), args));
    }

    @Test
    void mistakesInTheCallExitWith2() {
        Path out = dir.resolve("out.nt");
        run("generat", "-o", out.toString()).failsWithOneLine(2, "did you mean generate?");
        run("generate").failsWithOneLine(2, "Missing required option: '--output=<output>'");
        run("generate", "-o", out.toString(), "--sed", "3").failsWithOneLine(2, "did you mean --seed?");
        run("generate", "-o", out.toString(), "-s", "0").failsWithOneLine(2, "--scale must be at least 1, not 0");
        run("workload", "-o", dir.resolve("w").toString(), "-s", "x").failsWithOneLine(2, "'x' is not an int");
        Path model = dir.resolve("model.txt");
        run("generate", "-o", out.toString(), "--model", model.toString()).failsWithOneLine(2, "file not found: " + model);
        Path queries = dir.resolve("queries.tsv");
        run("evaluate", "--hdt", dir.resolve("x.hdt").toString(), "--queries", queries.toString())
                .failsWithOneLine(2, "file not found: " + queries);
        run("import-queries", queries.toString(), "-o", dir.resolve("w.tsv").toString())
                .failsWithOneLine(2, "file not found: " + queries);
        assertFalse(Files.exists(out), "nothing was generated");
    }

    @Test
    void filesThatAreNotWhatTheyClaimExitWith1AndAreNamed() throws IOException {
        Path notHdt = Files.writeString(dir.resolve("data.hdt"), "not HDT\n");
        Path notWorkload = Files.writeString(dir.resolve("queries.tsv"), "SELECT * { ?s ?p ?o }\n");
        Path workload = Files.writeString(dir.resolve("ok.tsv"), "q1\tSELECT * { ?s ?p ?o }\n");
        run("evaluate", "--hdt", notHdt.toString(), "--queries", notWorkload.toString())
                .failsWithOneLine(1, notWorkload + ", line 1: not a workload line");
        run("evaluate", "--hdt", notHdt.toString(), "--queries", workload.toString())
                .failsWithOneLine(1, notHdt + " is not a readable HDT file");
        Path notWatDiv = Files.writeString(dir.resolve("watdiv.txt"), "this is no query\n");
        run("import-queries", notWatDiv.toString(), "-o", dir.resolve("w.tsv").toString()).failsWithOneLine(1, notWatDiv.toString());
    }

    /** Issue 33: -q is quiet in every command; -q FILE, evaluate's old spelling of --queries, works with a notice. */
    @Test
    void dashQIsQuietAndTheOldQueriesSpellingGetsANotice() throws IOException {
        Path out = dir.resolve("quiet.nt");
        CommandRun quiet = run("generate", "-s", "1", "-q", "-o", out.toString());
        assertEquals(0, quiet.code(), quiet.err());
        assertEquals("", quiet.err(), "no progress and no summary line");
        assertTrue(Files.size(out) > 0);
        Path notHdt = Files.writeString(dir.resolve("data.hdt"), "not HDT\n");
        Path workload = Files.writeString(dir.resolve("ok.tsv"), "q1\tSELECT * { ?s ?p ?o }\n");
        CommandRun old = run("evaluate", "--hdt", notHdt.toString(), "-q", workload.toString())
                .failsWith(1, notHdt + " is not a readable HDT file");
        assertEquals("notice: -q " + workload + " is --queries " + workload + " now (-q means quiet in every command; "
                + "the old spelling goes in the next release)", old.err().lines().findFirst().orElse(""));
        run("evaluate", "--hdt", notHdt.toString()).failsWithOneLine(2, "Missing required option: '--queries=<queries>'");
    }

    /** Issue 33: -V says the command, its version and the commit it was built from. */
    @Test
    void versionNamesTheCommandAndTheCommit() {
        run("-V").printsVersion("ldf-watdiv");
        run("generate", "-V").printsVersion("ldf-watdiv generate");
    }
}
