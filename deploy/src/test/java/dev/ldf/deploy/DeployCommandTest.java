package dev.ldf.deploy;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.Commands;
import dev.ldf.cli.testing.CommandRun;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertFalse;

/**
 * A tour of ldf-deploy's error paths: each mistake is one line on standard error naming what was
 * wrong, found before replicas and nginx are started where it can be, with exit code 2 for the
 * call or the configuration and 1 for what fails at run time.
 */
@Tag("process")
class DeployCommandTest {

    @TempDir
    Path dir;

    private Path library;

    private static CommandRun run(String... args) {
        return CommandRun.of(() -> Commands.run(new DeployCommand(), args));
    }

    @BeforeEach
    void configuration() throws IOException {
        library = dir.resolve("library.json");
        ConfigFile.write(ServerConfig.of(List.of(DatasetConfig.of("library", TestData.libraryHdt()))), library);
    }

    @Test
    void mistakesInTheCallOrTheConfigurationExitWith2() throws IOException {
        String lib = library.toString();
        run("locl").failsWithOneLine(2, "did you mean local?");
        run("local").failsWithOneLine(2, "Missing required option: '--config=<config>'");
        run("local", "-c", lib, "--replica", "2").failsWithOneLine(2, "did you mean --replicas?");
        run("local", "-c", lib, "--replicas", "0").failsWithOneLine(2, "--replicas must be at least 1, not 0");
        Path missing = dir.resolve("missing.json");
        run("local", "-c", missing.toString()).failsWithOneLine(2, "Configuration file not found: " + missing);
        Path typo = Files.writeString(dir.resolve("typo.json"), "{\"datasetz\": []}");
        run("local", "-c", typo.toString()).failsWithOneLine(2, "unknown key 'datasetz' (line 1, column 17); did you mean 'datasets'?");
        Path broken = Files.writeString(dir.resolve("broken.json"), "{\"datasets\": [");
        CommandRun json = run("local", "-c", broken.toString()).failsWithOneLine(2, "Configuration " + broken);
        assertFalse(json.err().contains("Source") || json.err().contains("REDACTED"), "no parser internals: " + json.err());
        run("soak", "-c", lib, "--dataset", "nope").failsWithOneLine(2, "the configuration has no dataset 'nope'");
        run("soak", "-c", lib, "--clients", "x").failsWithOneLine(2, "'x' is not an int");
    }

    @Test
    void aReplicaThatCannotStartSaysWhyInItsOwnWords() throws IOException {
        Path hdt = dir.resolve("gone.hdt");
        Path config = dir.resolve("gone.json");
        ConfigFile.write(ServerConfig.of(List.of(DatasetConfig.of("gone", hdt))), config);
        run("local", "-c", config.toString(), "-p", "0", "--work-dir", dir.resolve("work").toString())
                .failsWithOneLine(2, "A server replica did not start: HDT file not found: " + hdt);
    }

    @Test
    void aTakenCachePortIsNamedBeforeAnyReplicaStarts() throws IOException {
        Path work = dir.resolve("work");
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();
            run("local", "-c", library.toString(), "-p", Integer.toString(port), "--work-dir", work.toString())
                    .failsWithOneLine(1, "Port " + port + " on 127.0.0.1 is already in use");
        }
        assertFalse(Files.exists(work.resolve("replica-1.log")), "no replica was started");
    }

    /** Issue 33: -V says the command, its version and the commit it was built from. */
    @Test
    void versionNamesTheCommandAndTheCommit() {
        run("-V").printsVersion("ldf-deploy");
        run("soak", "-V").printsVersion("ldf-deploy soak");
    }
}
