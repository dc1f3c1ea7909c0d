package dev.ldf.client.testing;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntFunction;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A proxy on loopback in front of the real test server that fails on purpose: for call {@code n}
 * (from 1) it forwards the request, answers with an error status, sends only half of the page and
 * breaks the connection, or has died (refuses every connection from then on). The real server
 * names the proxy in its links ({@code X-Forwarded-Host}), so clients stay on the proxy.
 */
public final class FaultyProxy implements AutoCloseable {

    /** What the proxy does with one request. */
    public sealed interface Action {
        record Forward() implements Action {}

        record Fail(int status, String retryAfter) implements Action {}

        record CutOff() implements Action {}

        record Die() implements Action {}

        /** Forwards after {@code millis}, or at once when the proxy is closed. */
        record Stall(long millis) implements Action {}
    }

    public static final Action FORWARD = new Action.Forward();
    public static final Action CUT_OFF = new Action.CutOff();
    public static final Action DIE = new Action.Die();

    private final HttpServer server;
    private final AtomicInteger calls = new AtomicInteger();
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicInteger stalled = new AtomicInteger();
    private final HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private FaultyProxy(IntFunction<Action> plan, String target) throws IOException {
        server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        URI origin = URI.create(target);
        server.createContext("/", exchange -> {
            Action action = plan.apply(calls.incrementAndGet());
            try {
                if (action instanceof Action.Fail fail) {
                    if (fail.retryAfter() != null) {
                        exchange.getResponseHeaders().add("Retry-After", fail.retryAfter());
                    }
                    exchange.sendResponseHeaders(fail.status(), -1);
                } else if (action instanceof Action.Die) {
                    exchange.close();
                    new Thread(() -> server.stop(0)).start();
                } else {
                    if (action instanceof Action.Stall stall) {
                        stalled.incrementAndGet();
                        try {
                            closed.await(stall.millis(), TimeUnit.MILLISECONDS);
                        } finally {
                            stalled.decrementAndGet();
                        }
                    }
                    forward(exchange, origin, action instanceof Action.CutOff);
                }
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            } finally {
                exchange.close();
            }
        });
        server.start();
    }

    public static FaultyProxy start(String target, IntFunction<Action> plan) throws IOException {
        return new FaultyProxy(plan, target);
    }

    /** The proxy's URL for a path of the target, e.g. {@code library}. */
    public String url(String path) {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/" + path;
    }

    /** Requests held by a {@link Action.Stall} right now: their answers have not gone out yet. */
    public int stalled() {
        return stalled.get();
    }

    public int calls() {
        return calls.get();
    }

    private void forward(HttpExchange exchange, URI origin, boolean cutOff) throws IOException, InterruptedException {
        HttpRequest.Builder request = HttpRequest.newBuilder(origin.resolve(exchange.getRequestURI().toString()))
                .header("X-Forwarded-Host", "127.0.0.1:" + server.getAddress().getPort());
        exchange.getRequestHeaders().forEach((name, values) -> {
            if (name.equalsIgnoreCase("Accept") || name.equalsIgnoreCase("Content-Type")) {
                values.forEach(v -> request.header(name, v));
            }
        });
        try (InputStream body = exchange.getRequestBody()) {
            byte[] bytes = body.readAllBytes();
            request.method(exchange.getRequestMethod(), bytes.length == 0 ? HttpRequest.BodyPublishers.noBody()
                    : HttpRequest.BodyPublishers.ofByteArray(bytes));
        }
        HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
        response.headers().firstValue("Content-Type").ifPresent(t -> exchange.getResponseHeaders().add("Content-Type", t));
        byte[] page = response.body();
        exchange.sendResponseHeaders(response.statusCode(), page.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(page, 0, cutOff ? page.length / 2 : page.length);
        }
    }

    @Override
    public void close() {
        closed.countDown();
        server.stop(0);
    }
}
