package dev.ldf.cli;

import org.junit.jupiter.api.Test;

import dev.ldf.cli.testing.CommandRun;
import picocli.CommandLine.Command;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 33: -V and --version print {@code name version (commit)} for every command and its subcommands. */
class VersionTest {

    @Command(name = "ldf-example", mixinStandardHelpOptions = true, subcommands = Sub.class)
    static final class Example implements Runnable {
        @Override
        public void run() {
        }
    }

    @Command(name = "sub", mixinStandardHelpOptions = true)
    static final class Sub implements Runnable {
        @Override
        public void run() {
        }
    }

    @Test
    void everyCommandAndSubcommandPrintsItsNameVersionAndCommit() {
        CommandRun.of(() -> Commands.run(new Example(), "-V")).printsVersion("ldf-example");
        CommandRun.of(() -> Commands.run(new Example(), "--version")).printsVersion("ldf-example");
        CommandRun.of(() -> Commands.run(new Example(), "sub", "-V")).printsVersion("ldf-example sub");
    }

    @Test
    void theVersionNamesTheBuildsVersionAndCommit() {
        String version = Version.describe();
        assertTrue(version.startsWith("0.") || version.startsWith("1."), version);
        assertFalse(version.contains("unknown"), "the build recorded its version: " + version);
    }
}
