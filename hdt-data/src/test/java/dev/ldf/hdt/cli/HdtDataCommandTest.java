package dev.ldf.hdt.cli;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tour of ldf-hdt's error paths: each mistake is one line on standard error that names what
 * was wrong, with exit code 2 for a wrong call (missing file, unknown command or option, missing
 * argument) and 1 for a failure while running (a file that is not what it claims).
 */
class HdtDataCommandTest {

    @TempDir
    Path dir;

    private record Run(int code, String err) {}

    private static Run run(String... args) {
        PrintStream original = System.err;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        try {
            int code = HdtDataCommand.run(args);
            return new Run(code, err.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(original);
        }
    }

    private static void oneLine(Run run, int code, String says) {
        assertEquals(code, run.code(), run.err());
        assertEquals(1, run.err().lines().count(), "one line: " + run.err());
        assertTrue(run.err().startsWith("error: ") && run.err().contains(says), run.err());
        assertTrue(!run.err().contains("\tat ") && !run.err().contains("Exception"), "no stack trace: " + run.err());
    }

    @Test
    void mistakesInTheCallExitWith2() {
        String missing = dir.resolve("nothere.ttl").toString();
        oneLine(run("convert", "-q", missing, "-o", dir.resolve("x.hdt").toString()), 2, "input file not found: " + missing);
        oneLine(run("conver", "x"), 2, "did you mean convert?");
        oneLine(run("convert", "--qiet", missing, "-o", "x.hdt"), 2, "did you mean --quiet?");
        oneLine(run("convert", "-q"), 2, "Missing required options and parameters");
        oneLine(run("index", "-q", dir.resolve("nothere.hdt").toString()), 2, "HDT file not found");
    }

    @Test
    void filesThatAreNotWhatTheyClaimExitWith1AndAreNamed() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.ttl"), "this is not turtle <<<\n");
        oneLine(run("convert", "-q", bad.toString(), "-o", dir.resolve("x.hdt").toString()), 1, "Cannot parse " + bad);
        oneLine(run("index", "-q", bad.toString()), 1, "Cannot index " + bad + ": it is not a readable HDT file");
    }
}
