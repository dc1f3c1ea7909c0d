package dev.ldf.hdt.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.CommandRun;
import dev.ldf.hdt.files.HdtFiles;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tour of ldf-hdt's error paths: each mistake is one line on standard error that names what
 * was wrong, with exit code 2 for a wrong call (missing file, unknown command or option, missing
 * argument) and 1 for a failure while running (a file that is not what it claims).
 */
@Tag("process")
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

    /**
     * Issue 36: a heap too small for the input is one line naming the loader's setting to change,
     * from a real JVM with a small heap (an OutOfMemoryError cannot be provoked in this one), and
     * no partial output is left behind.
     */
    @Test
    void aHeapTooSmallIsOneLineThatNamesTheSettingToChange() throws IOException, InterruptedException {
        Path input = dir.resolve("big.nt");
        try (var out = Files.newBufferedWriter(input)) {
            for (int i = 0; i < 400_000; i++) {
                out.write("<http://example.org/s" + i + "> <http://example.org/p" + (i % 50) + "> \"value " + i + "\" .\n");
            }
        }
        for (String loader : new String[] {"MEMORY", "DISK"}) {
            Path output = dir.resolve(loader + ".hdt");
            Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
                    "-cp", System.getProperty("java.class.path"), HdtDataCommand.class.getName(), "convert", "-q",
                    "--loader", loader, "-o", output.toString(), input.toString()).redirectErrorStream(true).start();
            String printed = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            assertEquals(1, child.waitFor(), printed);
            assertTrue(printed.startsWith("error: out of memory with a heap of ") && !printed.contains("\n")
                    && printed.contains(loader.equals("MEMORY") ? "default loader, BOUNDED" : "java -Xmx4g"), printed);
            try (var left = Files.list(dir)) {
                assertEquals(List.of(), left.filter(f -> f.getFileName().toString().startsWith(loader)).toList());
            }
        }
        // The default loader's chunks follow the heap: the same input fits in the same 32 MB.
        Path output = dir.resolve("bounded.hdt");
        Process child = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-Xmx32m",
                "-cp", System.getProperty("java.class.path"), HdtDataCommand.class.getName(), "convert", "-q",
                "-o", output.toString(), input.toString()).redirectErrorStream(true).start();
        String printed = new String(child.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        assertEquals(0, child.waitFor(), printed);
        assertTrue(printed.contains("400,000 triples"), printed);
        assertTrue(Files.isRegularFile(HdtFiles.indexFile(output)));
    }

    /** Issue 33: -V says the command, its version and the commit it was built from. */
    @Test
    void versionNamesTheCommandAndTheCommit() {
        run("-V").printsVersion("ldf-hdt");
        run("convert", "-V").printsVersion("ldf-hdt convert");
    }
}
