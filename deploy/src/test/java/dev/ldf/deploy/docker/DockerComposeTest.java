package dev.ldf.deploy.docker;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;

import dev.ldf.server.testing.Http;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code docker-compose.yml} really run: two server replicas and the nginx cache, built from this
 * checkout's jar, reached only through the cache's port, then taken down.
 */
@Tag("container")
class DockerComposeTest {

    private static final String AUTHOR = "library?predicate=" + URLEncoder.encode("http://schema.org/author", StandardCharsets.UTF_8);

    @TempDir
    Path work;

    @Test
    void replicasBehindTheCacheServeFailOverAndLeaveNothingBehind() throws Exception {
        ComposeProject.requireDocker();
        // The shipped configuration, with responses living 2 s so that stale copies can be seen.
        ObjectNode config = (ObjectNode) new ObjectMapper().readTree(ComposeProject.ROOT.resolve("docker/server.json").toFile());
        config.put("cacheMaxAgeSeconds", 2);
        Path file = work.resolve("server.json");
        new ObjectMapper().writeValue(file.toFile(), config);
        ComposeProject project = new ComposeProject("ldf-compose-test", Map.of("LDF_REPLICAS", "2",
                "LDF_CONFIG", ComposeProject.readable(file).toString()), "docker-compose.yml");
        try (project) {
            long began = System.nanoTime();
            project.compose("up", "-d", "--build");
            project.awaitCache(Duration.ofMinutes(3));
            System.out.printf("docker-compose up: the cache answered after %.1f s%n", (System.nanoTime() - began) / 1e9);
            project.awaitHealthy("ldf-server", Duration.ofMinutes(1));
            project.awaitHealthy("cache", Duration.ofMinutes(1));
            List<String> replicas = project.containers("ldf-server");
            assertEquals(2, replicas.size());
            String cache = project.cache();

            HttpResponse<String> miss = Http.get(cache + AUTHOR, "Accept", "text/turtle");
            HttpResponse<String> hit = Http.get(cache + AUTHOR, "Accept", "text/turtle");
            assertEquals(200, miss.statusCode(), miss.body());
            assertEquals("MISS", ComposeProject.cacheStatus(miss));
            assertEquals("HIT", ComposeProject.cacheStatus(hit));
            assertEquals(miss.body(), hit.body());
            assertTrue(miss.body().contains("void:triples"), "a fragment with its count");
            assertTrue(miss.body().contains("<" + cache + AUTHOR + ">"), "links name the cache");

            String form = Http.form("subject", "?s", "predicate", "http://schema.org/author", "values",
                    "(?s) { (<http://example.org/library/book/3>) }");
            HttpResponse<String> brtpf = Http.post(cache + "library", form, "Accept", "application/n-triples");
            assertEquals(200, brtpf.statusCode(), brtpf.body());
            assertTrue(brtpf.body().contains("<http://example.org/library/book/3> <http://schema.org/author>"), brtpf.body());

            HttpResponse<String> sparql = Http.get(Http.url(cache + "library/sparql", "query",
                    "SELECT ?b WHERE { ?b <http://schema.org/author> <http://example.org/library/person/1> }"),
                    "Accept", "application/sparql-results+json");
            assertEquals(200, sparql.statusCode(), sparql.body());
            assertTrue(new ObjectMapper().readTree(sparql.body()).path("results").path("bindings").size() > 0, sparql.body());

            // One replica stopped: the other answers what the cache never saw.
            ComposeProject.docker("stop", replicas.get(0));
            for (int book = 1; book <= 6; book++) {
                HttpResponse<String> page = Http.get(cache + "library?subject="
                        + URLEncoder.encode("http://example.org/library/book/" + book, StandardCharsets.UTF_8));
                assertEquals(200, page.statusCode(), "book " + book + " with one replica down");
                assertEquals("MISS", ComposeProject.cacheStatus(page));
            }

            // Every replica stopped: what the cache holds is served stale, what it never saw fails.
            ComposeProject.docker("stop", replicas.get(1));
            Thread.sleep(2_500);  // the copies are 2 s old at least: expired
            HttpResponse<String> stale = Http.get(cache + AUTHOR, "Accept", "text/turtle");
            assertEquals(200, stale.statusCode());
            assertEquals("STALE", ComposeProject.cacheStatus(stale));
            assertEquals(miss.body(), stale.body());
            assertEquals(502, Http.get(cache + "library?predicate=" + URLEncoder.encode("http://schema.org/isbn",
                    StandardCharsets.UTF_8)).statusCode());
        }
        assertEquals("", project.leftovers(), "docker-compose down leaves no container, volume or network");
        assertTrue(Files.exists(file));
    }
}
