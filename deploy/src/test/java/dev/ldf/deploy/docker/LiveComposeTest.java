package dev.ldf.deploy.docker;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.testing.Http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code docker-compose.live.yml} really run: a primary that takes writes through the cache, two
 * followers behind it, a compaction on the primary and a follower restarted after it.
 */
@Tag("container")
class LiveComposeTest {

    private static final String TOKEN = "a-token-for-the-compose-test-0123456789";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();

    @Test
    void writesThroughTheCacheReachEveryFollowerAndSurviveACompactionAndARestart() throws Exception {
        ComposeProject.requireDocker();
        ComposeProject project = new ComposeProject("ldf-live-test", Map.of("LDF_REPLICAS", "2", "LDF_WRITE_TOKEN", TOKEN),
                "docker-compose.yml", "docker-compose.live.yml");
        try (project) {
            project.compose("up", "-d", "--build");
            project.awaitCache(Duration.ofMinutes(3));
            project.awaitHealthy("ldf-server", Duration.ofMinutes(1));
            String primary = ComposeProject.address(project.containers("ldf-primary").get(0));
            List<String> followers = project.containers("ldf-server");
            assertEquals(2, followers.size());

            String first = "http://example.org/live/written-through-docker";
            assertEquals(200, write(project.cache() + "library/changes", first).statusCode());
            awaitVisible(primary, first);
            for (String follower : followers) {
                double seconds = awaitVisible(ComposeProject.address(follower), first);
                System.out.printf("follower %s shows the change after %.3f s%n", follower.substring(0, 12), seconds);
                assertTrue(seconds <= 5, "a follower shows a change within seconds, took " + seconds);
            }

            // A compaction on the primary, asked for through the cache.
            HttpResponse<String> started = send(HttpRequest.newBuilder(URI.create(project.cache() + "library/compaction"))
                    .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.noBody()));
            assertTrue(started.statusCode() == 200 || started.statusCode() == 202, started.statusCode() + " " + started.body());
            String status = awaitCompaction(primary + "library/compaction");
            assertTrue(status.contains("\"folded\":1"), status);

            // A write after the compaction, then a follower restarted: it catches up on both.
            String second = "http://example.org/live/after-the-compaction";
            assertEquals(200, write(project.cache() + "library/changes", second).statusCode());
            ComposeProject.docker("restart", followers.get(1));
            project.awaitHealthy("ldf-server", Duration.ofMinutes(1));
            String restarted = ComposeProject.address(followers.get(1));
            awaitVisible(restarted, first);
            awaitVisible(restarted, second);
            String primaryVersion = Http.get(primary + "library/changes").headers().firstValue("Dataset-Version")
                    .orElseThrow();
            assertEquals(primaryVersion, Http.get(restarted + "library/changes").headers()
                    .firstValue("Dataset-Version").orElseThrow(), "the restarted follower is at the primary's version");
        }
        assertEquals("", project.leftovers(), "docker-compose down leaves no container, volume or network");
    }

    private static HttpResponse<String> write(String url, String subject) {
        return send(HttpRequest.newBuilder(URI.create(url)).header("Content-Type", "application/sparql-update")
                .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.ofString(
                        "INSERT DATA { <" + subject + "> <http://schema.org/name> \"Written through Docker\"@en }")));
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) {
        try {
            return CLIENT.send(request.timeout(Duration.ofSeconds(30)).build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    /** Seconds until the fragment of {@code subject} on {@code server} holds it; fails after 30 s. */
    private static double awaitVisible(String server, String subject) throws InterruptedException {
        long began = System.nanoTime();
        String url = server + "library?subject=" + URLEncoder.encode(subject, StandardCharsets.UTF_8);
        while (System.nanoTime() - began < Duration.ofSeconds(30).toNanos()) {
            try {
                HttpResponse<String> page = Http.get(url, "Accept", "application/n-triples");
                if (page.statusCode() == 200 && page.body().contains("Written through Docker")) {
                    return (System.nanoTime() - began) / 1e9;
                }
            } catch (RuntimeException e) {
                // restarting
            }
            Thread.sleep(20);
        }
        throw new AssertionError(subject + " did not reach " + server + " within 30 s");
    }

    private static String awaitCompaction(String url) throws InterruptedException {
        String status = "";
        for (int i = 0; i < 600; i++) {
            status = Http.get(url, "Authorization", "Bearer " + TOKEN).body();
            if (status.contains("\"running\":false") && status.contains("\"last\"")) {
                return status;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the compaction did not end within 60 s: " + status);
    }
}
