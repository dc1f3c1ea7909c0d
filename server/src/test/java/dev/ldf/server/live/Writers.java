package dev.ldf.server.live;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Sending changes to a test server as a writer does, with the token the tests configure. */
final class Writers {

    static final String TOKEN = "a-token-for-tests-0123456789";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    private Writers() {}

    /** POSTs RDF Patch rows with the token. */
    static HttpResponse<String> patch(String url, String rows) throws Exception {
        return post(url, rows.getBytes(StandardCharsets.UTF_8), "application/rdf-patch", TOKEN, null);
    }

    /** POSTs {@code body}; {@code token} and {@code encoding} are left out when null. */
    static HttpResponse<String> post(String url, byte[] body, String type, String token, String encoding)
            throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).header("Content-Type", type)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (token != null) {
            request.header("Authorization", "Bearer " + token);
        }
        if (encoding != null) {
            request.header("Content-Encoding", encoding);
        }
        return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    /** GETs {@code url} with the token (the compaction's state). */
    static HttpResponse<String> getWithToken(String url) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(url)).header("Authorization", "Bearer " + TOKEN).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    /** Waits for the compaction that folds in {@code version} to end; its state as the server gives it. */
    static String awaitCompaction(String base, long version) throws Exception {
        String last = null;
        for (int i = 0; i < 600; i++) {
            HttpResponse<String> status = getWithToken(base + "/compaction");
            last = status.body();
            assertEquals(200, status.statusCode(), status.body());
            if (status.body().contains("\"running\":false") && status.body().contains("\"last\":{\"version\":" + version + ",")) {
                return status.body();
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the compaction of version " + version + " did not end within a minute: " + last);
    }
}
