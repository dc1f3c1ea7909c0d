package dev.ldf.server;

import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 18: SIGTERM lets running requests finish within a bound, then the process exits with 0. */
@Tag("process")
class GracefulStopTest {

    private static final String BODY = "subject=%3Fs&values=%28%3Fs%29%20%7B%20%28%3Chttp%3A%2F%2Fexample.org%2F"
            + "library%2Fcountry%2FDE%3E%29%20%7D";

    @TempDir
    Path dir;

    private ServerConfig config(int shutdownSeconds) {
        return ServerConfig.of(List.of(DatasetConfig.of("library", TestData.libraryHdt())))
                .toBuilder().limits(Limits.builder().shutdownTimeoutSeconds(shutdownSeconds).build()).build();
    }

    @Test
    void aRunningRequestFinishesAfterSigtermAndTheProcessExitsWithZero() throws Exception {
        try (ServerProcess server = ServerProcess.start(config(20), dir);
                Socket keptAlive = new Socket("127.0.0.1", server.port());
                Socket running = new Socket("127.0.0.1", server.port())) {
            keptAlive.setSoTimeout(10_000);
            assertTrue(exchange(keptAlive, "GET /-/ready HTTP/1.1\r\nHost: x\r\n\r\n").startsWith("HTTP/1.1 200"));
            // A brTPF POST whose body is half sent: the server has begun it.
            running.setSoTimeout(20_000);
            running.getOutputStream().write(("POST /library HTTP/1.1\r\nHost: x\r\nAccept: application/n-triples\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + BODY.length()
                    + "\r\nConnection: close\r\n\r\n" + BODY.substring(0, 20)).getBytes(StandardCharsets.US_ASCII));
            Thread.sleep(300);
            server.terminate();
            Thread.sleep(500);
            assertTrue(exchange(keptAlive, "GET /-/ready HTTP/1.1\r\nHost: x\r\n\r\n").startsWith("HTTP/1.1 503"),
                    "no new requests once stopping");
            assertThrows(IOException.class, () -> new Socket("127.0.0.1", server.port()).close(),
                    "no new connections once stopping");
            running.getOutputStream().write(BODY.substring(20).getBytes(StandardCharsets.US_ASCII));
            String answer = new String(running.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200 OK"), answer);
            assertTrue(answer.contains("<http://example.org/library/country/DE>"), answer);
            assertEquals(0, server.awaitExit(Duration.ofSeconds(20)), server::log);
            // Issue 33: a stop says so.
            assertTrue(server.log().contains("Stopping: running requests may finish for up to 20 s"), server::log);
            assertTrue(server.log().strip().endsWith("Stopped"), server::log);
        }
    }

    @Test
    void aRequestThatDoesNotFinishIsCutAtTheBound() throws Exception {
        try (ServerProcess server = ServerProcess.start(config(2), dir);
                Socket stuck = new Socket("127.0.0.1", server.port())) {
            stuck.getOutputStream().write(("POST /library HTTP/1.1\r\nHost: x\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + BODY.length()
                    + "\r\n\r\n" + BODY.substring(0, 20)).getBytes(StandardCharsets.US_ASCII));
            Thread.sleep(300);
            long start = System.nanoTime();
            server.terminate();
            assertEquals(0, server.awaitExit(Duration.ofSeconds(20)), server::log);
            long seconds = (System.nanoTime() - start) / 1_000_000_000L;
            assertTrue(seconds < 10, "stopped after " + seconds + " s, bound 2 s");
        }
    }

    /** Sends one request on a kept-alive connection and reads the status line and headers. */
    private static String exchange(Socket socket, String request) throws IOException {
        socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
        InputStream in = socket.getInputStream();
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int c = in.read();
            if (c < 0) {
                break;
            }
            head.append((char) c);
        }
        String text = head.toString();
        int length = text.lines().filter(l -> l.toLowerCase().startsWith("content-length:"))
                .map(l -> Integer.parseInt(l.substring(15).trim())).findFirst().orElse(0);
        in.readNBytes(length);
        return text;
    }
}
