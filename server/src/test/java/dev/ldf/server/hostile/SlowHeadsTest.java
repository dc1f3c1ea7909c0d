package dev.ldf.server.hostile;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, item 2: clients that trickle header lines (slowloris). Under a limit of 256 open
 * files, 200 connections that each send a header line every 500 ms once used up every descriptor,
 * and other clients timed out: now the connections are capped below the file limit, and a head
 * that takes longer than {@code limits.requestHeadTimeoutSeconds} loses its connection. A slow
 * request body and a quiet keep-alive connection are not heads and keep theirs.
 */
@Tag("process")
class SlowHeadsTest {

    private static final int FILE_LIMIT = 256;
    private static final int TRICKLERS = 200;

    @TempDir
    Path dir;

    @Test
    void tricklingHeadsLoseTheirConnectionsAndOthersAreServed() throws Exception {
        ServerConfig config = ServerConfig.builder()
                .datasets(List.of(DatasetConfig.of("library", TestData.libraryHdt())))
                .limits(Limits.builder().requestHeadTimeoutSeconds(2).build()).build();
        ExecutorService pool = Executors.newFixedThreadPool(TRICKLERS + 4);
        try (ServerProcess server = ServerProcess.startWithFileLimit(config, dir, FILE_LIMIT, "-Xmx256m")) {
            assertTrue(server.log().contains("Connections: at most 64 at once"), server.log());
            List<Future<Long>> trickles = new ArrayList<>();
            for (int i = 0; i < TRICKLERS; i++) {
                trickles.add(pool.submit(() -> trickle(server.port(), 60)));
            }
            Thread.sleep(3_000);
            // Meanwhile an ordinary client: it is answered, possibly after a wait in the accept queue.
            long start = System.nanoTime();
            String status = exchange(server.port(), "GET /library HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 20_000);
            long waited = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(status.startsWith("HTTP/1.1 200"), status);

            int cut = 0;
            long longest = 0;
            for (Future<Long> t : trickles) {
                long held = t.get(60, TimeUnit.SECONDS);
                if (held >= 0) {
                    cut++;
                    longest = Math.max(longest, held);
                }
            }
            System.out.printf(Locale.ROOT, "%d of %d trickling heads cut, the longest after %,d ms; an ordinary "
                    + "request answered after %,d ms%n", cut, TRICKLERS, longest, waited);
            assertEquals(TRICKLERS, cut, "every trickling head is cut before it ends (60 lines, 30 s)");
            String metrics = exchange(server.port(), "GET /-/metrics HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n", 10_000);
            assertTrue(metrics.contains("ldf_connections_cut_total{reason=\"head_timeout\"}"), metrics);
            assertTrue(server.log().lines().noneMatch(l -> l.contains("Too many open files")), server.log());
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aSlowBodyAndAQuietKeepAliveAreNoHeads() throws Exception {
        ServerConfig config = ServerConfig.builder()
                .datasets(List.of(DatasetConfig.of("library", TestData.libraryHdt())))
                .limits(Limits.builder().requestHeadTimeoutSeconds(1).build()).build();
        try (ServerProcess server = ServerProcess.start(config, dir, "-Xmx256m");
                Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(20_000);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            // A brTPF POST whose body comes 4 bytes every 400 ms: about 4 s, over the head timeout; it
            // waits for 100 Continue first, an interim response that Jetty counts as a response.
            String body = "values=" + URLEncoder.encode("?s { <http://example.org/a> }", StandardCharsets.UTF_8);
            out.write(("POST /library HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                    + "Expect: 100-continue\r\nContent-Length: " + body.length() + "\r\n\r\n")
                    .getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String interim = response(in);
            assertTrue(interim.startsWith("HTTP/1.1 100"), interim);
            for (int i = 0; i < body.length(); i += 4) {
                Thread.sleep(400);
                out.write(body.substring(i, Math.min(body.length(), i + 4)).getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
            String first = response(in);
            assertTrue(first.startsWith("HTTP/1.1 200"), first);
            // Quiet for three head timeouts, then a second request on the same connection.
            Thread.sleep(3_000);
            out.write("GET /library HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String second = response(in);
            assertTrue(second.startsWith("HTTP/1.1 200"), second);
        }
    }

    /**
     * Sends a request line, then one header line every 500 ms, up to {@code lines}; the
     * milliseconds after which the server closed the connection, or -1 if it never did.
     */
    private static long trickle(int port, int lines) {
        long start = System.nanoTime();
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), 30_000);
            socket.setSoTimeout(500);
            OutputStream out = socket.getOutputStream();
            InputStream in = socket.getInputStream();
            out.write("GET /library HTTP/1.1\r\nHost: x\r\n".getBytes(StandardCharsets.US_ASCII));
            for (int i = 0; i < lines; i++) {
                try {
                    if (in.read() < 0) {
                        return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
                    }
                } catch (SocketTimeoutException e) {
                    // still open
                }
                out.write(("X-Line-" + i + ": a\r\n").getBytes(StandardCharsets.US_ASCII));
                out.flush();
            }
            return -1;
        } catch (IOException e) {
            return TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start); // reset or refused write: closed
        }
    }

    private static String exchange(int port, String request, int timeoutMillis) throws IOException {
        try (Socket socket = new Socket()) {
            socket.connect(new InetSocketAddress("127.0.0.1", port), timeoutMillis);
            socket.setSoTimeout(timeoutMillis);
            socket.getOutputStream().write(request.getBytes(StandardCharsets.US_ASCII));
            return new String(socket.getInputStream().readAllBytes(), StandardCharsets.ISO_8859_1);
        }
    }

    /** One response's head, its body read to its end (by Content-Length, chunks or the connection's end). */
    private static String response(InputStream in) throws IOException {
        StringBuilder head = new StringBuilder();
        while (!head.toString().endsWith("\r\n\r\n")) {
            int b = in.read();
            if (b < 0) {
                return head.toString();
            }
            head.append((char) b);
        }
        String h = head.toString().toLowerCase(Locale.ROOT);
        if (h.startsWith("http/1.1 100")) {
            return head.toString(); // interim: no body
        }
        if (h.contains("transfer-encoding: chunked")) {
            while (true) {
                StringBuilder size = new StringBuilder();
                for (int b; (b = in.read()) != '\n';) {
                    size.append((char) b);
                }
                int n = Integer.parseInt(size.toString().trim().split(";")[0], 16);
                in.readNBytes(n + 2);
                if (n == 0) {
                    break;
                }
            }
        } else if (!h.contains("content-length: ")) {
            in.readAllBytes(); // delimited by the connection's end
        } else {
            int at = h.indexOf("content-length: ");
            int length = Integer.parseInt(h.substring(at + 16, h.indexOf("\r\n", at)).trim());
            in.readNBytes(length);
        }
        return head.toString();
    }
}
