package dev.ldf.hdt.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.CommandRun;

/**
 * A tour of ldf-hdt's error paths: each mistake is one line on standard error that names what
 * was wrong, with exit code 2 for a wrong call (missing file, unknown command or option, missing
 * argument) and 1 for a failure while running (a file that is not what it claims).
 */
class HdtDataCommandTest {

    @TempDir
    Path dir;

    private static CommandRun run(String... args) {
        return CommandRun.of(() -> HdtDataCommand.run(args));
    }

    @Test
    void mistakesInTheCallExitWith2() {
        String missing = dir.resolve("nothere.ttl").toString();
        run("convert", "-q", missing, "-o", dir.resolve("x.hdt").toString()).failsWithOneLine(2, "input file not found: " + missing);
        run("conver", "x").failsWithOneLine(2, "did you mean convert?");
        run("convert", "--qiet", missing, "-o", "x.hdt").failsWithOneLine(2, "did you mean --quiet?");
        run("convert", "-q").failsWithOneLine(2, "Missing required options and parameters");
        run("index", "-q", dir.resolve("nothere.hdt").toString()).failsWithOneLine(2, "HDT file not found");
    }

    @Test
    void filesThatAreNotWhatTheyClaimExitWith1AndAreNamed() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.ttl"), "this is not turtle <<<\n");
        run("convert", "-q", bad.toString(), "-o", dir.resolve("x.hdt").toString()).failsWithOneLine(1, "Cannot parse " + bad);
        run("index", "-q", bad.toString()).failsWithOneLine(1, bad + " is not a readable HDT file");
    }

    /** Issue 33: -V says the command, its version and the commit it was built from. */
    @Test
    void versionNamesTheCommandAndTheCommit() {
        run("-V").printsVersion("ldf-hdt");
        run("convert", "-V").printsVersion("ldf-hdt convert");
    }
}
