package dev.ldf.server;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.monitor.OutOfMemory;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 32: in ldf-server's process, an out-of-memory error in a request thread or any other one
 * ends the process with one ERROR line and exit code 3, rather than leaving it serving half dead.
 * The error is thrown on purpose by a probe in a real server's process: limits keep requests from
 * running out of memory, so no request can cause one.
 */
@Tag("process")
class OutOfMemoryTest {

    @ParameterizedTest(name = "out of memory in {0}")
    @ValueSource(strings = {"a request thread", "another thread"})
    void outOfMemoryEndsTheProcessWithOneErrorLine(String where) throws Exception {
        Process probe = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(), "-cp",
                System.getProperty("java.class.path"), Probe.class.getName(), where, TestData.libraryHdt().toString())
                .redirectErrorStream(true).start();
        assertTrue(probe.waitFor(60, TimeUnit.SECONDS), "the probe ended");
        String output = new String(probe.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(OutOfMemory.EXIT_CODE, probe.exitValue(), output);
        assertEquals(1, output.lines().filter(l -> l.contains(" ERROR ")).count(), output);
        assertTrue(output.contains("Out of memory (probe; heap limit"), output);
        assertTrue(output.contains("stopping the process so that it starts again clean"), output);
    }

    /** A server as ldf-server runs it, in which an out-of-memory error is thrown where the argument says. */
    static final class Probe {
        public static void main(String[] args) throws Exception {
            OutOfMemory.haltTheProcess();
            FragmentServer server = FragmentServer.start(ServerConfig.of(List.of(DatasetConfig.builder("library", args[1])
                    .build())).toBuilder().listener("127.0.0.1", 0).build());
            Runnable fail = () -> {
                throw new OutOfMemoryError("probe");
            };
            if (args[0].equals("a request thread")) {
                server.threads().execute(fail);
            } else {
                new Thread(fail, "probe").start();
            }
            Thread.sleep(30_000);
            System.exit(0);
        }
    }
}
