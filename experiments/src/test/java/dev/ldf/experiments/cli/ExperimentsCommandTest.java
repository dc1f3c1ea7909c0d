package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.Commands;
import dev.ldf.cli.testing.CommandRun;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A tour of ldf-experiments' error paths. A mistake in the call is one line, exit code 2, and
 * shows before anything is generated: at the paper's scale the data alone takes minutes.
 */
class ExperimentsCommandTest {

    @TempDir
    Path dir;

    /** Runs an experiment with its data directory in {@code dir/data}. */
    private CommandRun experiment(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("--data-dir", dir.resolve("data").toString()));
        return run(all.toArray(String[]::new));
    }

    private static CommandRun run(String... args) {
        return CommandRun.of(() -> Commands.run(new ExperimentsCommand(), args));
    }

    @Test
    void mistakesInTheCallExitWith2BeforeAnyDataIsGenerated() {
        run("netwrk-load").failsWithOneLine(2, "did you mean network-load?");
        experiment("network-load", "--limt", "3").failsWithOneLine(2, "did you mean --limit?");
        experiment("network-load", "--loading", "mmap").failsWithOneLine(2, "'--loading': load, map or auto, not mmap");
        experiment("network-load", "--configurations", "TPX").failsWithOneLine(2, "--configurations: no configuration TPX");
        experiment("network-load", "-s", "0").failsWithOneLine(2, "--scale must be at least 1, not 0");
        Path queries = dir.resolve("queries.tsv");
        experiment("network-load", "--queries", queries.toString()).failsWithOneLine(2, "file not found: " + queries);
        experiment("preemption", "--queries", queries.toString()).failsWithOneLine(2, "file not found: " + queries);
        experiment("preemption", "--clients", "0").failsWithOneLine(2, "take positive numbers");
        experiment("throughput", "--cache", "maybe").failsWithOneLine(2, "--cache takes off and/or on, not maybe");
        experiment("server-bench", "--servers", "ourz").failsWithOneLine(2, "unknown server ourz");
        experiment("live", "--writers", "0").failsWithOneLine(2, "take positive numbers");
        experiment("cache-hits", "--profile", "huge").failsWithOneLine(2, "--profile");
        Path results = dir.resolve("results");
        run("verify", results.toString()).failsWithOneLine(2, "results directory not found: " + results);
        Path readme = dir.resolve("README.md");
        run("readme", "--check", "--file", readme.toString()).failsWithOneLine(2, "file not found: " + readme);
        assertFalse(Files.exists(dir.resolve("data")), "nothing was generated");
    }

    @Test
    void filesThatAreNotWhatTheyClaimExitWith1AndAreNamed() throws IOException {
        Path results = Files.createDirectories(dir.resolve("results"));
        run("verify", results.toString()).failsWithOneLine(1, "provenance.json not found");
        Path notWorkload = Files.writeString(dir.resolve("queries.tsv"), "SELECT * { ?s ?p ?o }\n");
        experiment("network-load", "--queries", notWorkload.toString()).failsWithOneLine(1, notWorkload + ", line 1: not a workload line");
        // -q means quiet in every command; -q FILE, the old spelling of --queries, still works, with a notice.
        CommandRun old = experiment("network-load", "-q", notWorkload.toString())
                .failsWith(1, notWorkload + ", line 1: not a workload line");
        assertTrue(old.err().startsWith("notice: -q " + notWorkload + " is --queries " + notWorkload + " now"), old.err());
        assertFalse(Files.exists(dir.resolve("data")), "nothing was generated");
    }

    /** Issue 33: -V says the command, its version and the commit it was built from. */
    @Test
    void versionNamesTheCommandAndTheCommit() {
        run("-V").printsVersion("ldf-experiments");
        run("server-bench", "-V").printsVersion("ldf-experiments server-bench");
    }
}
