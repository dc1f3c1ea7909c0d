package dev.ldf.server.monitor;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 18: health and Prometheus metrics under {@code /-/}. */
@Tag("server")
class OperatorEndpointsTest {

    private static String metrics() {
        HttpResponse<String> response = Http.get(TestServer.uri() + "-/metrics");
        assertEquals(200, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain; version=0.0.4"));
        return response.body();
    }

    private static double value(String metrics, String series) {
        Matcher m = Pattern.compile("(?m)^" + Pattern.quote(series) + " (\\S+)$").matcher(metrics);
        return m.find() ? Double.parseDouble(m.group(1)) : 0;
    }

    @Test
    void livenessAndReadiness() {
        HttpResponse<String> live = Http.get(TestServer.uri() + "-/live");
        assertEquals(200, live.statusCode());
        assertEquals("live\n", live.body());
        assertEquals("no-store", live.headers().firstValue("Cache-Control").orElseThrow());
        HttpResponse<String> ready = Http.get(TestServer.uri() + "-/ready");
        assertEquals(200, ready.statusCode());
        assertEquals("ready\n", ready.body());
        // Issue 32: no browser guesses another type than the one given.
        for (String path : new String[] {"-/live", "-/ready", "-/metrics", "-/nothing"}) {
            assertEquals("nosniff", Http.get(TestServer.uri() + path).headers().firstValue("X-Content-Type-Options")
                    .orElse("missing"), path);
        }
    }

    @Test
    void otherPathsAndMethodsAreRefused() {
        HttpResponse<String> unknown = Http.get(TestServer.uri() + "-/health");
        assertEquals(404, unknown.statusCode());
        assertTrue(unknown.body().contains("/-/ready"), unknown.body());
        HttpResponse<String> post = Http.send(HttpRequest.newBuilder(URI.create(TestServer.uri() + "-/metrics"))
                .POST(HttpRequest.BodyPublishers.noBody()));
        assertEquals(405, post.statusCode());
        assertEquals("GET, HEAD", post.headers().firstValue("Allow").orElseThrow());
    }

    @Test
    void requestsAreCountedByDatasetInterfaceAndStatus() {
        String before = metrics();
        String tpf = "ldf_requests_total{dataset=\"paged\",interface=\"tpf\",status=\"200\"}";
        String brtpf = "ldf_requests_total{dataset=\"paged\",interface=\"brtpf\",status=\"200\"}";
        String bad = "ldf_requests_total{dataset=\"paged\",interface=\"tpf\",status=\"400\"}";
        String index = "ldf_requests_total{dataset=\"\",interface=\"index\",status=\"200\"}";
        String none = "ldf_requests_total{dataset=\"\",interface=\"none\",status=\"404\"}";
        String latency = "ldf_request_duration_seconds_count{dataset=\"paged\",interface=\"tpf\"}";
        String bytes = "ldf_response_bytes_total{dataset=\"paged\",interface=\"tpf\"}";

        Http.get(TestServer.dataset("paged"));
        Http.get(TestServer.dataset("paged") + "?page=2");
        Http.get(Http.url(TestServer.dataset("paged"), "subject", "?s", "values",
                "(?s) { (<http://example.org/library/country/DE>) }"));
        Http.get(TestServer.dataset("paged") + "?page=0");
        Http.get(TestServer.uri().toString());
        Http.get(TestServer.uri() + "nowhere");
        String after = metrics();

        assertEquals(2, value(after, tpf) - value(before, tpf));
        assertEquals(1, value(after, brtpf) - value(before, brtpf));
        assertEquals(1, value(after, bad) - value(before, bad));
        assertEquals(1, value(after, index) - value(before, index));
        assertEquals(1, value(after, none) - value(before, none));
        assertEquals(3, value(after, latency) - value(before, latency), "a 400 is a request of the interface too");
        assertTrue(value(after, bytes) - value(before, bytes) > 1000);
        assertTrue(after.contains("ldf_request_duration_seconds_bucket{dataset=\"paged\",interface=\"tpf\",le=\"0.005\"}"));
        assertEquals(1, value(after, "ldf_requests_in_flight"), "the scrape itself");
        assertEquals(0, value(after, "ldf_requests_rejected_total{reason=\"overload\"}"));
        assertEquals(5625, value(after, "ldf_dataset_triples{dataset=\"library\"}"));
        assertTrue(value(after, "jvm_memory_used_bytes{area=\"heap\"}") > 0);
    }
}
