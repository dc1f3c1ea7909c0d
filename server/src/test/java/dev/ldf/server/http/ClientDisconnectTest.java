package dev.ldf.server.http;

import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18: a client that hangs up in the middle of a page logged an ERROR with a stack trace;
 * under real traffic that floods the log. Now it is one line at debug level.
 */
@Tag("process")
class ClientDisconnectTest {

    private static final int ABORTED = 40;

    @TempDir
    Path dir;

    @Test
    void aClientThatHangsUpIsOneDebugLine() throws Exception {
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.builder("whole", TestData.libraryHdt().toString())
                .pageSize(10_000).build()));
        try (ServerProcess server = ServerProcess.start(config, dir, "-Dorg.slf4j.simpleLogger.defaultLogLevel=debug",
                "-Dorg.slf4j.simpleLogger.log.org.eclipse.jetty=info")) {
            String[] formats = {"application/n-triples", "text/turtle", "application/trig", "text/html",
                "application/ld+json"};
            for (int i = 0; i < ABORTED; i++) {
                try (Socket socket = new Socket("127.0.0.1", server.port())) {
                    socket.setReceiveBufferSize(1024);
                    socket.getOutputStream().write(("GET /whole?page=1&n=" + i + " HTTP/1.1\r\nHost: x\r\nAccept: "
                            + formats[i % formats.length] + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII));
                    socket.getInputStream().readNBytes(100);
                    socket.setSoLinger(true, 0); // reset, as a client that crashes or is killed
                }
            }
            server.terminate();
            assertEquals(0, server.awaitExit(Duration.ofSeconds(20)));
            String log = server.log();
            long lines = log.lines().filter(l -> l.contains("Client went away")).count();
            assertTrue(lines >= ABORTED / 2 && lines <= ABORTED, lines + " lines:\n" + log);
            assertTrue(log.lines().filter(l -> l.contains("Client went away")).allMatch(l -> l.contains(" DEBUG ")));
            assertTrue(!log.contains(" ERROR ") && !log.contains(" WARN ") && !log.contains("\tat "), log);
        }
    }
}
