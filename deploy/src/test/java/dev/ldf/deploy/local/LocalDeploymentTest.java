package dev.ldf.deploy.local;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The nginx cache in front of two real replicas, as deployed. */
@Tag("process")
class LocalDeploymentTest {

    private static LocalDeployment deployment;
    private static String cache;

    /** nginx is needed; without it these tests are skipped, unless LDF_REQUIRE_TOOLS=1 (as in CI). */
    static void requireNginx() {
        if (!NginxCache.installed()) {
            RequiredTools.missing("nginx is not installed (apt-get install -y nginx)");
        }
    }

    static ServerConfig config(int maxAgeSeconds) {
        return ServerConfig.builder()
                .title("Cached").cacheMaxAgeSeconds(maxAgeSeconds)
                .datasets(List.of(DatasetConfig.of("library", TestData.libraryHdt()))).build();
    }

    @TempDir
    static Path work;

    static LocalDeployment deploy(int replicas, int maxAgeSeconds, String name) throws Exception {
        Path dir = Files.createDirectories(work.resolve(name));
        return LocalDeployment.start(config(maxAgeSeconds), new LocalDeployment.Options(replicas, "127.0.0.1", 0, "256k",
                "100m", List.of("-Xmx256m")), dir);
    }

    @BeforeAll
    static void start() throws Exception {
        requireNginx();
        deployment = deploy(2, 3600, "main");
        cache = deployment.uri().toString();
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    @Test
    void replicasStartAsTheReadmeStartsTheServer() throws Exception {
        String log = Files.readString(work.resolve("main").resolve("replica-1.log"));
        assertTrue(log.contains("Memory: serial GC (chosen by bin/ldf-server") && log.contains("heap up to 256 MB (-Xmx)"),
                log);
    }

    private static String status(HttpResponse<?> response) {
        return response.headers().firstValue("X-Cache-Status").orElse("(none)");
    }

    /** The same request straight to a replica, with the Host the cache would forward. */
    private static HttpResponse<byte[]> direct(String path, String accept) {
        String replica = deployment.replicas().get(0).uri().toString();
        return Http.getBytes(replica + path, "Accept", accept, "X-Forwarded-Host", deployment.uri().getAuthority());
    }

    @Test
    void operatorEndpointsAreOnTheReplicasOnly() {
        for (String endpoint : List.of("-/ready", "-/metrics")) {
            assertEquals(200, Http.get(deployment.replicas().get(0).uri() + endpoint).statusCode());
            assertEquals(404, Http.get(cache + endpoint).statusCode(), "the cache does not pass " + endpoint);
        }
    }

    @Test
    void repeatedGetIsAHitWithTheReplicasAnswer() {
        String path = "library?predicate=http%3A%2F%2Fschema.org%2Fname&page=2";
        HttpResponse<byte[]> first = Http.getBytes(cache + path, "Accept", "application/n-quads");
        HttpResponse<byte[]> second = Http.getBytes(cache + path, "Accept", "application/n-quads");
        assertEquals("MISS", status(first));
        assertEquals("HIT", status(second));
        HttpResponse<byte[]> replica = direct(path, "application/n-quads");
        assertArrayEquals(replica.body(), first.body(), "the cache passes the replica's answer on unchanged");
        assertArrayEquals(first.body(), second.body());
        assertEquals(replica.headers().firstValue("Content-Type"), second.headers().firstValue("Content-Type"));
        assertEquals(replica.headers().firstValue("ETag"), second.headers().firstValue("ETag"));
        assertTrue(new String(second.body()).contains("<" + cache + path + ">"), "links name the cache, not a replica");
    }

    @Test
    void eachRepresentationIsItsOwnEntryAndEquivalentHeadersShareOne() {
        String path = "library?predicate=http%3A%2F%2Fschema.org%2Fauthor";
        HttpResponse<String> nquads = Http.get(cache + path, "Accept", "application/n-quads");
        HttpResponse<String> turtle = Http.get(cache + path, "Accept", "text/turtle");
        assertEquals("MISS", status(nquads));
        assertEquals("MISS", status(turtle));
        assertEquals("text/turtle;charset=utf-8", Http.get(cache + path, "Accept", "text/turtle").headers()
                .firstValue("Content-Type").orElseThrow());
        HttpResponse<String> client = Http.get(cache + path, "Accept", "application/n-quads,application/trig;q=0.9,"
                + "text/turtle;q=0.6,application/n-triples;q=0.5,application/ld+json;q=0.4,application/rdf+xml;q=0.3");
        assertEquals("HIT", status(client), "ldf-query's header is the n-quads entry");
        assertEquals("application/n-quads;charset=utf-8", client.headers().firstValue("Content-Type").orElseThrow());
        HttpResponse<String> odd = Http.get(cache + path, "Accept", "text/turtle;q=0.5, application/rdf+xml");
        assertEquals("MISS", status(odd), "an unknown spelling is its own entry");
        assertEquals("application/rdf+xml;charset=utf-8", odd.headers().firstValue("Content-Type").orElseThrow());
    }

    @Test
    void identicalPostsHitAndADifferentBodyMissesWithItsOwnAnswer() {
        String a = Http.form("subject", "?s", "predicate", "http://schema.org/author", "values",
                "(?s) { (<http://example.org/library/book/1>) (<http://example.org/library/book/2>) }");
        String b = Http.form("subject", "?s", "predicate", "http://schema.org/author", "values",
                "(?s) { (<http://example.org/library/book/3>) }");
        HttpResponse<String> first = Http.post(cache + "library", a, "Accept", "application/n-quads");
        HttpResponse<String> again = Http.post(cache + "library", a, "Accept", "application/n-quads");
        HttpResponse<String> other = Http.post(cache + "library", b, "Accept", "application/n-quads");
        assertEquals("MISS", status(first));
        assertEquals("HIT", status(again));
        assertEquals(first.body(), again.body());
        assertEquals("MISS", status(other));
        assertNotEquals(first.body(), other.body());
        assertTrue(other.body().contains("<http://example.org/library/book/3> <http://schema.org/author>"));
        assertFalse(other.body().contains("<http://example.org/library/book/1> <http://schema.org/author>"));
    }

    /** {@code count} bindings of unknown IRIs padded to {@code padding} characters, then {@code last}. */
    private static String bigForm(int count, int padding, String last) {
        StringBuilder rows = new StringBuilder();
        for (int i = 1; i < count; i++) {
            rows.append(" (<http://example.org/unknown/").append(i).append('?').append("x".repeat(padding)).append(">)");
        }
        return Http.form("subject", "?s", "values", "(?s) {" + rows + " (<" + last + ">) }");
    }

    private static void assertOwnAnswers(HttpResponse<String> r1, HttpResponse<String> r2) {
        assertTrue(r1.body().contains("<http://example.org/library/book/1> <http://schema.org/name>"));
        assertFalse(r1.body().contains("<http://example.org/library/book/2> <http://schema.org/name>"));
        assertTrue(r2.body().contains("<http://example.org/library/book/2> <http://schema.org/name>"));
        assertFalse(r2.body().contains("<http://example.org/library/book/1> <http://schema.org/name>"));
    }

    @Test
    void bodiesUpToTheCacheableSizeAreCachedAndNeverCollide() {
        // Two bodies of about 45 KB that differ only at the very end.
        String one = bigForm(100, 390, "http://example.org/library/book/1");
        String two = bigForm(100, 390, "http://example.org/library/book/2");
        assertTrue(one.length() > 44_000 && one.length() < 48_000, "just under the cacheable size: " + one.length());
        for (int round = 0; round < 2; round++) {
            HttpResponse<String> r1 = Http.post(cache + "library", one, "Accept", "application/n-quads");
            HttpResponse<String> r2 = Http.post(cache + "library", two, "Accept", "application/n-quads");
            assertEquals(round == 0 ? "MISS" : "HIT", status(r1));
            assertEquals(round == 0 ? "MISS" : "HIT", status(r2));
            assertOwnAnswers(r1, r2);
        }
    }

    @Test
    void largerBodiesGoToTheReplicasUncachedAndNeverCollide() throws Exception {
        // Two bodies of about 200 KB (within the 256 KB limit) that differ only at the very end.
        String one = bigForm(100, 1900, "http://example.org/library/book/1");
        String two = bigForm(100, 1900, "http://example.org/library/book/2");
        assertTrue(one.length() > 190_000 && one.length() < 256 * 1024, "within the limit: " + one.length());
        for (int round = 0; round < 2; round++) {
            HttpResponse<String> r1 = Http.post(cache + "library", one, "Accept", "application/n-quads");
            HttpResponse<String> r2 = Http.post(cache + "library", two, "Accept", "application/n-quads");
            assertEquals("BYPASS", status(r1));
            assertEquals("BYPASS", status(r2));
            assertOwnAnswers(r1, r2);
        }
        String errors = Files.readString(deployment.cache().directory().resolve("logs/error.log"));
        assertFalse(errors.contains("too small") || errors.contains("not enough for cache key"), errors);
    }

    @Test
    void limitsAgreeWithTheServers() {
        String huge = Http.form("subject", "?s", "values", "(?s) { " + "(<http://example.org/x>) ".repeat(12_000) + "}");
        assertTrue(huge.length() > 256 * 1024);
        assertEquals(413, Http.post(cache + "library", huge).statusCode());
        String longUrl = cache + "library?subject=http%3A%2F%2Fex.org%2F" + "a".repeat(20_000);
        assertEquals(414, Http.get(longUrl).statusCode());
        assertEquals(200, Http.get(cache + "library?subject=http%3A%2F%2Fex.org%2F" + "a".repeat(10_000)).statusCode(),
                "a URL the servers accept passes the cache too");
    }

    @Test
    void clientsCannotPoisonTheCacheWithForwardedHeaders() {
        String path = "library?object=http%3A%2F%2Fschema.org%2FCity";
        HttpResponse<String> forged = Http.get(cache + path, "Accept", "application/n-quads",
                "X-Forwarded-Host", "evil.example", "Forwarded", "host=evil.example;proto=https");
        assertFalse(forged.body().contains("evil.example"));
        assertTrue(forged.body().contains("<" + cache + path + ">"));
    }

    @Test
    void cacheStatusesAreCountedFromTheAccessLog() {
        String path = "library?subject=http%3A%2F%2Fexample.org%2Flibrary%2Fperson%2F7";
        Map<NginxCache.Status, Long> before = deployment.cache().statuses();
        Http.get(cache + path);
        Http.get(cache + path);
        Map<NginxCache.Status, Long> after = deployment.cache().statuses();
        assertEquals(before.get(NginxCache.Status.MISS) + 1, after.get(NginxCache.Status.MISS));
        assertEquals(before.get(NginxCache.Status.HIT) + 1, after.get(NginxCache.Status.HIT));
    }

    @Test
    void staleEntriesAreServedWhenTheReplicasAreDown() throws Exception {
        try (LocalDeployment shortLived = deploy(1, 1, "stale")) {
            String base = shortLived.uri().toString();
            String path = "library?predicate=http%3A%2F%2Fschema.org%2Fknows";
            String form = Http.form("subject", "?s", "values", "(?s) { (<http://example.org/library/person/1>) }");
            HttpResponse<String> get = Http.get(base + path, "Accept", "application/n-quads");
            HttpResponse<String> post = Http.post(base + "library", form, "Accept", "application/n-quads");
            assertEquals("MISS", status(get));
            assertEquals("MISS", status(post));
            Thread.sleep(2_500); // max-age is 1 s: both entries are expired now
            shortLived.stopReplicas();
            HttpResponse<String> staleGet = Http.get(base + path, "Accept", "application/n-quads");
            HttpResponse<String> stalePost = Http.post(base + "library", form, "Accept", "application/n-quads");
            assertEquals(200, staleGet.statusCode());
            assertEquals("STALE", status(staleGet));
            assertEquals(get.body(), staleGet.body());
            assertEquals("STALE", status(stalePost));
            assertEquals(post.body(), stalePost.body());
            HttpResponse<String> uncached = Http.get(base + "library?predicate=http%3A%2F%2Fschema.org%2Fprice");
            assertEquals(502, uncached.statusCode(), "what was never cached cannot be served");
        }
    }

    @Test
    void headIsAnsweredFromTheCache() {
        String path = "library?predicate=http%3A%2F%2Fschema.org%2Fisbn";
        Http.get(cache + path);
        HttpResponse<String> head = Http.send(HttpRequest.newBuilder(URI.create(cache + path))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()));
        assertEquals(200, head.statusCode());
        assertEquals("HIT", status(head));
        assertEquals("", head.body());
    }
}
