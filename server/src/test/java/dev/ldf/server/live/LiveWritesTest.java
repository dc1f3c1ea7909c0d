package dev.ldf.server.live;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Writes over HTTP on a real server: authorisation, formats, visibility, caching, the feed, replay. */
@Tag("server")
@Tag("slow")
class LiveWritesTest {

    private static final String TOKEN = Writers.TOKEN;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
    private static final String SUBJECT = "http://example.org/library/new-book";

    @TempDir
    Path dir;

    @Test
    void writesNeedTheTokenAndApplyWholePatches() throws Exception {
        try (FragmentServer server = FragmentServer.start(config(true))) {
            String changes = server.uri() + "library/changes";
            String patch = "TX .\nA <" + SUBJECT + "> <http://schema.org/name> \"New book\" .\nTC .\n";
            assertEquals(401, post(changes, patch, "application/rdf-patch", null).statusCode());
            assertEquals(403, post(changes, patch, "application/rdf-patch", "wrong-token-wrong-token").statusCode());
            assertEquals(415, post(changes, patch, "text/turtle", TOKEN).statusCode());

            String fragment = server.uri() + "library?subject=" + URLEncoder.encode(SUBJECT, StandardCharsets.UTF_8);
            HttpResponse<String> before = Http.get(fragment, "Accept", "application/n-triples");
            String etag = before.headers().firstValue("ETag").orElseThrow();
            assertFalse(before.body().contains("New book"));

            HttpResponse<String> ok = post(changes, patch, "application/rdf-patch", TOKEN);
            assertEquals(200, ok.statusCode(), ok.body());
            assertEquals("{\"version\":1,\"changes\":1,\"added\":1,\"deleted\":0}", ok.body().strip());

            HttpResponse<String> after = Http.get(fragment, "Accept", "application/n-triples", "If-None-Match", etag);
            assertEquals(200, after.statusCode(), "the old entity tag no longer matches");
            assertTrue(after.body().contains("\"New book\""), after.body());
            assertEquals("1", after.headers().firstValue("Dataset-Version").orElseThrow(), "pages say their version");
            String newTag = after.headers().firstValue("ETag").orElseThrow();
            assertEquals(304, Http.get(fragment, "Accept", "application/n-triples", "If-None-Match", newTag).statusCode());

            // A bad row refuses the whole patch: the good row before it is not applied.
            HttpResponse<String> bad = post(changes, "A <" + SUBJECT + "> <http://schema.org/about> \"x\" .\nA oops .\n",
                    "application/rdf-patch", TOKEN);
            assertEquals(400, bad.statusCode());
            assertTrue(bad.body().contains("Line 2"), bad.body());
            assertFalse(Http.get(fragment, "Accept", "application/n-triples").body().contains("about"));

            // SPARQL Update, gzip-encoded.
            HttpResponse<String> update = postBytes(changes, gzip("DELETE DATA { <" + SUBJECT
                    + "> <http://schema.org/name> \"New book\" } ; INSERT DATA { <" + SUBJECT
                    + "> <http://schema.org/name> \"Renamed\" }"), "application/sparql-update", TOKEN, "gzip");
            assertEquals(200, update.statusCode(), update.body());
            assertTrue(update.body().contains("\"version\":2"), update.body());
            String now = Http.get(fragment, "Accept", "application/n-triples").body();
            assertTrue(now.contains("\"Renamed\"") && !now.contains("\"New book\""), now);

            HttpResponse<String> where = post(changes, "DELETE WHERE { ?s ?p ?o }", "application/sparql-update", TOKEN);
            assertEquals(400, where.statusCode());
            assertTrue(where.body().contains("only INSERT DATA and DELETE DATA are accepted, not DELETE WHERE"), where.body());
            assertFalse(where.body().contains("@"), "no Java object's text: " + where.body());
            HttpResponse<String> modify = post(changes, "DELETE { ?s ?p ?o } INSERT { ?s ?p 1 } WHERE { ?s ?p ?o }",
                    "application/sparql-update", TOKEN);
            assertTrue(modify.body().contains("not DELETE … INSERT … WHERE"), modify.body());
            assertTrue(post(changes, "CLEAR DEFAULT", "application/sparql-update", TOKEN).body().contains("not CLEAR"));
        }
    }

    @Test
    void brokenAndInflatingBodiesAreRefused() throws Exception {
        try (FragmentServer server = FragmentServer.start(config(true))) {
            String changes = server.uri() + "library/changes";
            HttpResponse<String> garbage = postBytes(changes, "not gzip at all".getBytes(StandardCharsets.UTF_8),
                    "application/rdf-patch", TOKEN, "gzip");
            assertEquals(400, garbage.statusCode(), garbage.body());
            assertEquals(415, postBytes(changes, new byte[1], "application/rdf-patch", TOKEN, "br").statusCode());
            // 300 MB of line breaks in 300 KB: cut off at the decoded limit, not read to the end.
            ByteArrayOutputStream bytes = new ByteArrayOutputStream();
            try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
                byte[] lines = new byte[1 << 20];
                Arrays.fill(lines, (byte) '\n');
                for (int i = 0; i < 300; i++) {
                    out.write(lines);
                }
            }
            HttpResponse<String> bomb = postBytes(changes, bytes.toByteArray(), "application/rdf-patch", TOKEN, "gzip");
            assertEquals(413, bomb.statusCode(), bomb.body());
            assertEquals("", Http.get(changes + "?since=0").body(), "nothing was applied");
        }
    }

    @Test
    void theFeedListsPatchesAndLongPollsForTheNext() throws Exception {
        try (FragmentServer server = FragmentServer.start(config(true))) {
            String changes = server.uri() + "library/changes";
            assertFalse(Http.get(server.uri() + "library", "Accept", "application/n-quads").body()
                    .contains("propertyPartition"), "a live dataset does not list predicates that a write makes wrong");
            post(changes, "A <" + SUBJECT + "> <http://schema.org/name> \"one\" .\n", "application/rdf-patch", TOKEN);
            HttpResponse<String> feed = Http.get(changes + "?since=0");
            assertEquals(200, feed.statusCode());
            assertEquals("1", feed.headers().firstValue("Dataset-Version").orElseThrow());
            assertTrue(feed.body().startsWith("H id <urn:ldf:version:1> .\nTX .\nA <" + SUBJECT), feed.body());
            assertEquals("", Http.get(changes + "?since=1").body());
            assertEquals(400, Http.get(changes + "?since=5").statusCode());
            assertEquals(400, Http.get(changes + "?since=-1").statusCode());

            CompletableFuture<HttpResponse<String>> waiting = CLIENT.sendAsync(
                    HttpRequest.newBuilder(URI.create(changes + "?since=1&wait=30")).build(),
                    HttpResponse.BodyHandlers.ofString());
            Thread.sleep(200);
            assertFalse(waiting.isDone(), "nothing after version 1 yet: the request waits");
            post(changes, "A <" + SUBJECT + "> <http://schema.org/name> \"two\" .\n", "application/rdf-patch", TOKEN);
            HttpResponse<String> next = waiting.get(10, TimeUnit.SECONDS);
            assertTrue(next.body().contains("H id <urn:ldf:version:2> .\nH prev <urn:ldf:version:1> .\n"), next.body());
            assertTrue(next.body().contains("\"two\""));
            long began = System.nanoTime();
            HttpResponse<String> timedOut = Http.get(changes + "?since=2&wait=1");
            assertEquals(200, timedOut.statusCode());
            assertEquals("", timedOut.body(), "no change within the wait: an empty answer");
            assertEquals("2", timedOut.headers().firstValue("Dataset-Version").orElseThrow());
            assertTrue(System.nanoTime() - began >= 900_000_000L, "it waited for the change first");

            post(changes, "A <" + SUBJECT + "> <http://schema.org/description> \"" + "long ".repeat(200) + "\" .\n",
                    "application/rdf-patch", TOKEN);
            HttpResponse<byte[]> compressed = Http.getBytes(changes + "?since=0", "Accept-Encoding", "gzip");
            assertEquals("gzip", compressed.headers().firstValue("Content-Encoding").orElse("none"));
        }
    }

    @Test
    void acknowledgedPatchesSurviveARestartAndWritesOff() throws Exception {
        try (FragmentServer server = FragmentServer.start(config(true))) {
            assertEquals(200, post(server.uri() + "library/changes",
                    "A <" + SUBJECT + "> <http://schema.org/name> \"kept\" .\n", "application/rdf-patch", TOKEN).statusCode());
        }
        // Writes off now: the log is still replayed, and the feed is still there; writing is refused.
        try (FragmentServer server = FragmentServer.start(config(false))) {
            String fragment = server.uri() + "library?subject=" + URLEncoder.encode(SUBJECT, StandardCharsets.UTF_8);
            assertTrue(Http.get(fragment, "Accept", "application/n-triples").body().contains("\"kept\""));
            assertEquals(405, post(server.uri() + "library/changes", "A <" + SUBJECT + "> <http://schema.org/name> \"no\" .\n",
                    "application/rdf-patch", TOKEN).statusCode());
            assertEquals("1", Http.get(server.uri() + "library/changes").headers().firstValue("Dataset-Version").orElseThrow());
        }
    }

    /** Issue 32: what the log could not replay or a compaction would change is refused, and nothing is written. */
    @Test
    void refusedChangesChangeNothingAndSayWhy() throws Exception {
        try (FragmentServer server = FragmentServer.start(config(true))) {
            String changes = server.uri() + "library/changes";
            String genid = server.uri() + ".well-known/genid/library/";
            List<String[]> refused = List.of(
                    new String[] {"A <_:a\\u003Eb> <http://schema.org/name> \"x\" .\n", "blank node label"},
                    new String[] {"A <" + genid + "a%3Eb> <http://schema.org/name> \"x\" .\n", "blank node label"},
                    new String[] {"A <" + genid + "a%0Ab> <http://schema.org/name> \"x\" .\n", "blank node label"},
                    new String[] {"A <" + genid + "%zz> <http://schema.org/name> \"x\" .\n", "is not a valid IRI"},
                    new String[] {"D <" + genid + "%zz> <http://schema.org/name> \"x\" .\n", "is no blank node's name"},
                    new String[] {"A <" + SUBJECT + "> <http://schema.org/name> \"a\\u0000b\" .\n", "U+0000"},
                    new String[] {"A <" + SUBJECT + "> <http://schema.org/name> <http://ex.org/a\\u0001> .\n", "U+0001"},
                    new String[] {"PA \"ex\" <http://ex.org/>\nA <" + SUBJECT + "> <http://schema.org/name> \"x\" .\n", "Line 2"},
                    new String[] {"TX .\nA <" + SUBJECT + "> <http://schema.org/name> \"x\" .\nTC .\nTA .\n", "none was begun"});
            for (String[] patch : refused) {
                HttpResponse<String> answer = post(changes, patch[0], "application/rdf-patch", TOKEN);
                assertEquals(400, answer.statusCode(), patch[0] + " -> " + answer.body());
                assertTrue(answer.body().contains(patch[1]), answer.body());
            }
            HttpResponse<String> relative = post(changes, "INSERT DATA { <rel> <http://schema.org/name> \"x\" }",
                    "application/sparql-update", TOKEN);
            assertEquals(400, relative.statusCode(), relative.body());
            assertTrue(relative.body().contains("<rel> is a relative IRI"), relative.body());
            assertFalse(relative.body().contains("file:"), "the server's directory stays private: " + relative.body());
            assertEquals("0", Http.get(changes).headers().firstValue("Dataset-Version").orElseThrow(), "nothing was written");

            HttpResponse<String> anonymous = post(changes, "A <" + SUBJECT + "> <http://schema.org/name> \"x\" .\n",
                    "application/rdf-patch", null);
            assertEquals(401, anonymous.statusCode());
            assertEquals("Bearer realm=\"library\"", anonymous.headers().firstValue("WWW-Authenticate").orElse("missing"));
        }
    }

    /** Issue 32: a dataset that never took changes refuses them as writes off do, with 405 (its feed is a 404). */
    @Test
    void aDatasetWithoutWritesOrLogAnswers405() throws Exception {
        try (FragmentServer server = FragmentServer.start(config(false))) {
            for (String path : new String[] {"library/changes", "library/compaction", "library/base"}) {
                HttpResponse<String> answer = post(server.uri() + path, "A <" + SUBJECT + "> <http://schema.org/name> \"x\" .\n",
                        "application/rdf-patch", TOKEN);
                assertEquals(405, answer.statusCode(), path);
                assertTrue(answer.body().contains("takes no changes"), answer.body());
                assertTrue(answer.headers().firstValue("Allow").isPresent(), "405 says what is allowed (nothing)");
            }
        }
    }

    @Test
    void skolemIrisFromFragmentsNameTheBlankNodesInPatches() throws Exception {
        try (FragmentServer server = FragmentServer.start(config(true))) {
            String fragment = server.uri() + "library?predicate=" + URLEncoder.encode("http://schema.org/address",
                    StandardCharsets.UTF_8);
            String line = Http.get(fragment, "Accept", "application/n-triples").body().lines()
                    .filter(l -> l.contains("/.well-known/genid/library/") && l.contains("schema.org/address"))
                    .findFirst().orElseThrow();
            String address = line.substring(line.indexOf("<", line.indexOf("schema.org/address")));
            address = address.substring(0, address.indexOf('>') + 1);
            // Delete the address's triple as read, and give the blank node a new one.
            String patch = "TX .\nD " + line + "\nA " + address + " <http://schema.org/name> \"Head office\" .\nTC .\n";
            HttpResponse<String> ok = post(server.uri() + "library/changes", patch, "application/rdf-patch", TOKEN);
            assertEquals(200, ok.statusCode(), ok.body());
            assertTrue(ok.body().contains("\"added\":1,\"deleted\":1"), "both changes took effect: " + ok.body());
            assertFalse(Http.get(fragment, "Accept", "application/n-triples").body().contains(line));
            String byAddress = Http.get(server.uri() + "library?subject=" + URLEncoder.encode(
                    address.substring(1, address.length() - 1), StandardCharsets.UTF_8), "Accept", "application/n-triples").body();
            assertTrue(byAddress.contains("\"Head office\""), "the new triple is about the same blank node: " + byAddress);
        }
    }

    @Test
    void longPollsHoldNeitherAPlaceNorAThread() throws Exception {
        // One request at a time, none queued: a long poll that took the place would make the page a 503.
        ServerConfig config = config(true).toBuilder().limits(Limits.builder()
                .maxConcurrentRequests(1).maxQueuedRequests(0).build()).build();
        try (FragmentServer server = FragmentServer.start(config)) {
            String changes = server.uri() + "library/changes";
            List<CompletableFuture<HttpResponse<String>>> polls = new ArrayList<>();
            for (int i = 0; i < 20; i++) {
                polls.add(CLIENT.sendAsync(HttpRequest.newBuilder(URI.create(changes + "?since=0&wait=30")).build(),
                        HttpResponse.BodyHandlers.ofString()));
            }
            Thread.sleep(300);
            assertTrue(polls.stream().noneMatch(CompletableFuture::isDone), "the polls wait");
            assertEquals(200, Http.get(server.uri() + "library?page=2").statusCode(), "a page while 20 polls wait");
            // The page's place is given back once its handler returns, which may be just after its answer came.
            HttpResponse<String> sent;
            int tries = 0;
            do {
                if (tries++ > 0) {
                    Thread.sleep(20);
                }
                sent = post(changes, "A <" + SUBJECT + "> <http://schema.org/name> \"polled\" .\n",
                        "application/rdf-patch", TOKEN);
            } while (sent.statusCode() == 503 && tries < 50);
            assertEquals(200, sent.statusCode(), sent.body());
            for (CompletableFuture<HttpResponse<String>> poll : polls) {
                HttpResponse<String> answer = poll.get(10, TimeUnit.SECONDS);
                assertEquals(200, answer.statusCode());
                assertTrue(answer.body().contains("\"polled\""), answer.body());
            }
        }
    }

    @Test
    void aDatasetWithoutWritesHasNoChangesEndpoint() throws Exception {
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.of("library", copyOfLibrary())))
                .toBuilder().listener("127.0.0.1", 0).build();
        try (FragmentServer server = FragmentServer.start(config)) {
            assertEquals(404, Http.get(server.uri() + "library/changes").statusCode());
        }
    }

    private ServerConfig config(boolean writes) throws IOException {
        Path hdt = dir.resolve("library.hdt");
        if (!Files.exists(hdt)) {
            hdt = copyOfLibrary();
        }
        DatasetConfig library = DatasetConfig.builder("library", hdt.toString())
                .writes(new Writes(writes, TOKEN, null)).build();
        return ServerConfig.of(List.of(library)).toBuilder().listener("127.0.0.1", 0).build();
    }

    private Path copyOfLibrary() throws IOException {
        Path hdt = dir.resolve("library.hdt");
        Files.copy(TestData.libraryHdt(), hdt);
        return hdt;
    }

    private static HttpResponse<String> post(String url, String body, String type, String token) throws Exception {
        return Writers.post(url, body.getBytes(StandardCharsets.UTF_8), type, token, null);
    }

    private static HttpResponse<String> postBytes(String url, byte[] body, String type, String token, String encoding)
            throws Exception {
        return Writers.post(url, body, type, token, encoding);
    }

    private static byte[] gzip(String text) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (GZIPOutputStream out = new GZIPOutputStream(bytes)) {
            out.write(text.getBytes(StandardCharsets.UTF_8));
        }
        return bytes.toByteArray();
    }
}
