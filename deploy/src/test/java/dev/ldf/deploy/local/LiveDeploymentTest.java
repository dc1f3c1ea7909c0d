package dev.ldf.deploy.local;

import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A live dataset deployed as a primary and a follower behind a real nginx: writes sent to the
 * cache reach the primary, and every replica answers with the change soon after.
 */
@Tag("process")
class LiveDeploymentTest {

    private static final String TOKEN = "a-token-for-tests-0123456789";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path work;

    @Test
    void writesThroughTheCacheReachThePrimaryAndTheFollowersFollow() throws Exception {
        LocalDeploymentTest.requireNginx();
        Path hdt = work.resolve("library.hdt");
        Files.copy(TestData.libraryHdt(), hdt);
        DatasetConfig library = DatasetConfig.builder("library", hdt.toString())
                .writes(new Writes(true, TOKEN, null)).build();
        ServerConfig config = ServerConfig.builder()
                .title("Live").cacheMaxAgeSeconds(1).datasets(List.of(library)).build();
        try (LocalDeployment deployment = LocalDeployment.start(config, new LocalDeployment.Options(2, "127.0.0.1", 0,
                "256k", "100m", List.of("-Xmx256m")), work.resolve("deployment"))) {
            String cache = deployment.uri() + "library";
            String subject = "http://example.org/live/through-the-cache";
            HttpResponse<String> written = CLIENT.send(HttpRequest.newBuilder(URI.create(cache + "/changes"))
                    .header("Content-Type", "application/sparql-update").header("Authorization", "Bearer " + TOKEN)
                    .POST(HttpRequest.BodyPublishers.ofString("INSERT DATA { <" + subject
                            + "> <http://schema.org/name> \"Written through nginx\"@en }")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(200, written.statusCode(), written.body());

            String path = "library?subject=" + URLEncoder.encode(subject, StandardCharsets.UTF_8);
            for (Replica replica : deployment.replicas()) {
                awaitVisible(replica.uri() + path);
            }
            awaitVisible(deployment.uri() + path);
            HttpResponse<String> follower = Http.get(deployment.replicas().get(1).uri() + "library/changes?since=0");
            assertEquals("1", follower.headers().firstValue("Dataset-Version").orElseThrow(), "the follower's version");
            HttpResponse<String> refused = CLIENT.send(HttpRequest.newBuilder(
                    URI.create(deployment.replicas().get(1).uri() + "library/changes"))
                    .header("Content-Type", "application/rdf-patch").header("Authorization", "Bearer " + TOKEN)
                    .POST(HttpRequest.BodyPublishers.ofString("A <x:s> <x:p> <x:o> .\n")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertEquals(405, refused.statusCode(), "a follower takes no writes of its own");
        }
    }

    private static void awaitVisible(String url) throws InterruptedException {
        for (int i = 0; i < 300; i++) {
            HttpResponse<String> page = Http.get(url, "Accept", "application/n-triples");
            if (page.statusCode() == 200 && page.body().contains("Written through nginx")) {
                return;
            }
            Thread.sleep(20);
        }
        throw new AssertionError("the change did not reach " + url + " within 6 s");
    }
}
