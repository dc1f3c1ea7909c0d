package dev.ldf.server.http;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

/**
 * Issue 18: bounded concurrency with 503 and Retry-After instead of unbounded queues; slow and
 * silent clients are cut off and cannot hold the places of others.
 */
@Tag("server")
@Tag("slow")
class LoadLimitsTest {

    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    /** One place, no queue: a second request while one runs is refused at once. */
    private static FragmentServer server(Limits limits) throws Exception {
        String hdt = TestData.libraryHdt().toString();
        return FragmentServer.start(ServerConfig.of(List.of(
                DatasetConfig.builder("library", hdt).pageSize(100).build(),
                DatasetConfig.builder("whole", hdt).pageSize(10_000).build()))
                .toBuilder().listener("127.0.0.1", 0).limits(limits).build());
    }

    private static HttpResponse<String> get(FragmentServer server, String path) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(server.uri().resolve(path)).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    @Test
    void aSaturatedServerAnswers503WithRetryAfterAndRecovers() throws Exception {
        try (FragmentServer server = server(Limits.builder()
                .maxConcurrentRequests(1).maxQueuedRequests(0).queueTimeoutMillis(1000).retryAfterSeconds(7).build())) {
            Socket reader = holdTheOnlyPlace(server);
            HttpResponse<String> refused = awaitStatus(server, "/library", 503);
            assertEquals("7", refused.headers().firstValue("Retry-After").orElseThrow());
            assertEquals("no-store", refused.headers().firstValue("Cache-Control").orElseThrow());
            assertTrue(refused.body().startsWith("503 Service Unavailable: "), refused.body());
            assertEquals(200, get(server, "/-/ready").statusCode(), "probes answer under overload");
            assertTrue(get(server, "/-/metrics").body().matches("(?s).*ldf_requests_rejected_total\\{reason=\"overload\"} [1-9].*"));
            reader.close();
            awaitStatus(server, "/library", 200);
        }
    }

    @Test
    void timeQueuedForAPlaceCountsInThePreemptiveEndpointsWait() throws Exception {
        try (FragmentServer server = server(Limits.builder()
                .maxConcurrentRequests(1).maxQueuedRequests(10).queueTimeoutMillis(20_000).retryAfterSeconds(7).build())) {
            Socket reader = holdTheOnlyPlace(server);
            String query = URLEncoder.encode("SELECT * WHERE { ?s ?p ?o }", StandardCharsets.UTF_8);
            CompletableFuture<HttpResponse<String>> answer = CLIENT.sendAsync(HttpRequest.newBuilder(
                    server.uri().resolve("/library/sparql?query=" + query)).timeout(Duration.ofSeconds(20)).build(),
                    HttpResponse.BodyHandlers.ofString());
            // 1.5 s, of which at least 0.9 s queued even when the request takes long to arrive on a loaded machine.
            Thread.sleep(1500);
            assertFalse(answer.isDone(), "the query waits in the queue for the one place");
            reader.close();
            HttpResponse<String> results = answer.get(20, TimeUnit.SECONDS);
            assertEquals(200, results.statusCode(), results.body());
            String timing = results.headers().firstValue("Server-Timing").orElseThrow();
            Matcher wait = Pattern.compile("wait;dur=([0-9.]+)").matcher(timing);
            assertTrue(wait.find(), timing);
            assertTrue(Double.parseDouble(wait.group(1)) >= 900, "the second in the queue is part of the wait: " + timing);
        }
    }

    @Test
    void dumpsBeyondTheirLimitGet503AndALeavingClientFreesItsPlace() throws Exception {
        String hdt = TestData.largeHdt().toString();
        try (FragmentServer server = FragmentServer.start(ServerConfig.of(List.of(
                DatasetConfig.builder("large", hdt).pageSize(100).build()))
                .toBuilder().listener("127.0.0.1", 0).limits(Limits.builder()
                        .retryAfterSeconds(3).maxConcurrentDumps(1).build()).build())) {
            // 30 MB that nobody reads: the dump keeps its place while the server waits to write.
            Socket reader = new Socket();
            reader.setReceiveBufferSize(1024);
            reader.connect(new InetSocketAddress("127.0.0.1", server.port()));
            reader.getOutputStream().write("GET /large/dump.nt HTTP/1.1\r\nHost: x\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            awaitAnswerStarts(reader);
            HttpResponse<String> refused = awaitStatus(server, "/large/dump.nt", 503);
            assertEquals("10", refused.headers().firstValue("Retry-After").orElseThrow(), "at least 10 s for dumps");
            assertTrue(refused.body().contains("as many dumps as it allows"), refused.body());
            assertEquals(200, get(server, "/large?predicate=http%3A%2F%2Fexample.org%2Flarge%2Fp1").statusCode(),
                    "fragments are served meanwhile");
            reader.close();
            HttpResponse<String> dump = awaitStatus(server, "/large/dump.nt", 200);
            assertEquals(200_000, dump.body().lines().count());
        }
    }

    @Test
    void slowRequestBodiesWaitOutsideTheLoadLimitAndTimeOut() throws Exception {
        try (FragmentServer server = server(Limits.builder()
                .maxConcurrentRequests(1).maxQueuedRequests(0).minRequestBodyBytesPerSecond(100).build())) {
            String body = "subject=%3Fs&values=%28%3Fs%29%20%7B%20%28%3Chttp%3A%2F%2Fexample.org%2Fa%3E%29%20%7D";
            List<Socket> slow = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                Socket socket = new Socket("127.0.0.1", server.port());
                socket.getOutputStream().write(("POST /library HTTP/1.1\r\nHost: x\r\nContent-Type: "
                        + "application/x-www-form-urlencoded\r\nContent-Length: " + body.length() + "\r\n\r\n"
                        + body.substring(0, 10)).getBytes(StandardCharsets.US_ASCII));
                slow.add(socket);
            }
            for (int i = 0; i < 10; i++) {
                assertEquals(200, get(server, "/library?page=" + (i + 1)).statusCode(), "the one place stays free");
            }
            // 10 s of grace plus the body's length at 100 bytes a second.
            Socket first = slow.get(0);
            first.setSoTimeout(20_000);
            String answer = new String(first.getInputStream().readNBytes(40), StandardCharsets.US_ASCII);
            assertTrue(answer.startsWith("HTTP/1.1 408 Request Timeout"), answer);
            for (Socket s : slow) {
                s.close();
            }
        }
    }

    @Test
    void silentConnectionsAreClosed() throws Exception {
        try (FragmentServer server = server(Limits.builder().idleTimeoutSeconds(1).build());
                Socket silent = new Socket("127.0.0.1", server.port())) {
            silent.setSoTimeout(10_000);
            long start = System.nanoTime();
            assertEquals(-1, silent.getInputStream().read(), "closed by the server");
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(9));
        }
    }

    @Test
    void connectionsTricklingHeadersDoNotStallOthers() throws Exception {
        try (FragmentServer server = server(Limits.builder().maxConcurrentRequests(2).build())) {
            List<Socket> trickling = new ArrayList<>();
            for (int i = 0; i < 200; i++) {
                Socket socket = new Socket("127.0.0.1", server.port());
                socket.getOutputStream().write("GET /library HTTP/1.1\r\nHost: x\r\nX-Slow: ".getBytes(StandardCharsets.US_ASCII));
                trickling.add(socket);
            }
            CompletableFuture<Void> trickle = CompletableFuture.runAsync(() -> {
                try {
                    for (int round = 0; round < 20; round++) {
                        for (Socket s : trickling) {
                            s.getOutputStream().write('a');
                        }
                        Thread.sleep(100);
                    }
                } catch (IOException | InterruptedException e) {
                    throw new IllegalStateException(e);
                }
            });
            for (int i = 0; i < 50; i++) {
                assertEquals(200, get(server, "/library?page=" + (1 + i % 40)).statusCode());
            }
            trickle.get(30, TimeUnit.SECONDS);
            for (Socket s : trickling) {
                s.close();
            }
        }
    }

    /**
     * A client that asks for the whole dataset in one page and reads nothing: it holds the only
     * place. As HTML the page is 4.4 MB, about the kernel's largest send buffer (tcp_wmem, 4 MB);
     * four of them pipelined on one connection are far more, so some write must block for good.
     */
    private static Socket holdTheOnlyPlace(FragmentServer server) throws IOException {
        Socket reader = new Socket();
        reader.setReceiveBufferSize(1024);
        reader.connect(new InetSocketAddress("127.0.0.1", server.port()));
        reader.getOutputStream().write(("GET /whole HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n\r\n").repeat(4)
                .getBytes(StandardCharsets.US_ASCII));
        awaitAnswerStarts(reader);
        return reader;
    }

    /**
     * Waits until the reader's answer has begun, so that its request holds the place before any
     * other asks (otherwise the first of those may take it, and the reader get the 503).
     */
    private static void awaitAnswerStarts(Socket reader) throws IOException {
        reader.setSoTimeout(10_000);
        String status = new String(reader.getInputStream().readNBytes(12), StandardCharsets.US_ASCII);
        assertEquals("HTTP/1.1 200", status);
    }

    /** Asks until the answer has {@code status}, for up to ten seconds. */
    private static HttpResponse<String> awaitStatus(FragmentServer server, String path, int status) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        HttpResponse<String> last = null;
        while (System.nanoTime() < deadline) {
            last = get(server, path);
            if (last.statusCode() == status) {
                return last;
            }
            Thread.sleep(20);
        }
        fail("never answered " + status + "; last " + (last == null ? "nothing" : last.statusCode()));
        return last;
    }


}
