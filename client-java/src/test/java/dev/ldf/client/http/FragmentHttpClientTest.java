package dev.ldf.client.http;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import com.sun.net.httpserver.HttpServer;

import dev.ldf.client.join.ClientOptions;
import dev.ldf.client.join.FragmentSource;
import dev.ldf.client.page.Page;
import dev.ldf.client.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class FragmentHttpClientTest {

    private static final HttpOptions FAST_RETRIES = HttpOptions.defaults().withRetries(3, Duration.ofMillis(10));

    @Test
    void serverErrorsAndTooManyRequestsAreRetried() throws Exception {
        String real = TestServer.dataset("library");
        AtomicInteger calls = new AtomicInteger();
        HttpServer flaky = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        flaky.createContext("/", exchange -> {
            int call = calls.incrementAndGet();
            if (call <= 2) {
                exchange.getResponseHeaders().add("Retry-After", "0");
                exchange.sendResponseHeaders(call == 1 ? 503 : 429, -1);
                exchange.close();
                return;
            }
            try {
                HttpResponse<byte[]> page = HttpClient.newHttpClient().send(HttpRequest.newBuilder(URI.create(real))
                        .header("Accept", "application/n-quads").build(), HttpResponse.BodyHandlers.ofByteArray());
                byte[] body = new String(page.body(), StandardCharsets.UTF_8).replace(real, "http://127.0.0.1:"
                        + exchange.getLocalAddress().getPort() + "/library").getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "application/n-quads");
                exchange.sendResponseHeaders(200, body.length);
                try (OutputStream out = exchange.getResponseBody()) {
                    out.write(body);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        flaky.start();
        try {
            ClientStats stats = new ClientStats();
            try (FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, stats)) {
                Page page = client.fetchNow(FragmentRequest.get("http://127.0.0.1:" + flaky.getAddress().getPort() + "/library"));
                assertTrue(page.count().getAsLong() > 5000);
                assertEquals(3, calls.get());
                assertEquals(2, stats.snapshot().retries());
            }
        } finally {
            flaky.stop(0);
        }
    }

    @Test
    void clientErrorsFailAtOnceWithTheServersMessage() {
        try (FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, new ClientListener() {})) {
            FragmentException e = assertThrows(FragmentException.class,
                    () -> client.fetchNow(FragmentRequest.get(TestServer.dataset("library") + "?page=0")));
            assertTrue(e.getMessage().contains("400") && e.getMessage().contains("page must be a whole number"), e.getMessage());
        }
    }

    @Test
    void anUnreachableServerIsReportedAfterTheRetries() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        try (FragmentHttpClient client = new FragmentHttpClient(FAST_RETRIES, new ClientListener() {})) {
            FragmentException e = assertThrows(FragmentException.class,
                    () -> client.fetchNow(FragmentRequest.get("http://127.0.0.1:" + port + "/data")));
            assertTrue(e.getMessage().contains("after 4 attempts") && e.getMessage().contains("cannot connect"), e.getMessage());
        }
    }

    @Test
    void aUrlThatIsNotAFragmentInterfaceIsRefused() {
        String index = TestServer.dataset("library").replace("library", "");
        FragmentException e = assertThrows(FragmentException.class,
                () -> FragmentSource.connect(index, ClientOptions.defaults(), new ClientListener() {}));
        assertTrue(e.getMessage().contains("not a Triple Pattern Fragments interface"), e.getMessage());
    }
}
