package dev.ldf.server.live;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A follower applies its primary's feed: same triples, same versions, across its own restarts. */
@Tag("server")
@Tag("slow")
class LiveFollowerTest {

    private static final String TOKEN = Writers.TOKEN;
    private static final String EX = "http://example.org/live/";

    @TempDir
    Path dir;

    @Test
    void aFollowerSeesThePrimarysChangesUnderTheSameVersions() throws Exception {
        Path primaryHdt = copy("primary");
        Path followerHdt = copy("follower");
        ServerConfig primaryConfig = config(primaryHdt, new Writes(true, TOKEN, null, 0L));
        try (FragmentServer primary = FragmentServer.start(primaryConfig)) {
            String primaryUrl = primary.uri() + "library";
            ServerConfig followerConfig = config(followerHdt, new Writes(null, null, null, 0L, primaryUrl));
            try (FragmentServer follower = FragmentServer.start(followerConfig)) {
                String followerUrl = follower.uri() + "library";
                for (int i = 1; i <= 10; i++) {
                    assertEquals(200, write(primaryUrl, "A <" + EX + "s" + i + "> <" + EX + "p> \"v" + i + "\"@en .\n"));
                    awaitVisible(followerUrl, EX + "s" + i, "\"v" + i + "\"@en");
                }
                HttpResponse<String> page = Http.get(subjectFragment(followerUrl, EX + "s10"), "Accept", "application/n-triples");
                assertEquals("10", page.headers().firstValue("Dataset-Version").orElseThrow(), "the primary's version");

                HttpResponse<String> refused = Writers.patch(followerUrl + "/changes", "A <x:s> <x:p> <x:o> .\n");
                assertEquals(405, refused.statusCode());
                assertTrue(refused.body().contains(primaryUrl), refused.body());
            }
            // Changes while the follower is down arrive when it is back, after its own log's.
            assertEquals(200, write(primaryUrl, "D <" + EX + "s1> <" + EX + "p> \"v1\"@en .\n"));
            assertEquals(200, write(primaryUrl, "A <" + EX + "s11> <" + EX + "p> _:blank .\n"));
            try (FragmentServer follower = FragmentServer.start(followerConfig)) {
                String followerUrl = follower.uri() + "library";
                awaitVisible(followerUrl, EX + "s11", "/.well-known/genid/library/blank");
                assertTrue(!Http.get(subjectFragment(followerUrl, EX + "s1"), "Accept", "application/n-triples").body()
                        .contains("\"v1\""), "the delete arrived too");
                assertEquals(12, follower.liveDatasets().get("library").version());
                assertEquals(Http.get(primaryUrl + "/dump.nt").body().lines().count(),
                        Http.get(followerUrl + "/dump.nt").body().lines().count(), "the same number of triples");
            }
        }
    }

    @Test
    void aFollowerThatFellBehindTheCompactionsCopiesThePrimarysFileAndFollowsOn() throws Exception {
        Path primaryHdt = copy("primary");
        Path followerHdt = copy("follower");
        try (FragmentServer primary = FragmentServer.start(config(primaryHdt, new Writes(true, TOKEN, null, 0L)))) {
            String primaryUrl = primary.uri() + "library";
            ServerConfig followerConfig = config(followerHdt, new Writes(null, null, null, 0L, primaryUrl));
            try (FragmentServer follower = FragmentServer.start(followerConfig)) {
                assertEquals(200, write(primaryUrl, "A <" + EX + "s1> <" + EX + "p> \"v1\" .\n"));
                awaitVisible(follower.uri() + "library", EX + "s1", "\"v1\"");
            }
            // While the follower is down, two compactions fold its next versions into the primary's file.
            LiveDataset live = primary.liveDatasets().get("library");
            for (int round = 2; round <= 3; round++) {
                assertEquals(200, write(primaryUrl, "A <" + EX + "s" + round + "> <" + EX + "p> \"v" + round + "\" .\n"));
                live.compact().get();
            }
            assertEquals(200, write(primaryUrl, "D <" + EX + "s1> <" + EX + "p> \"v1\" .\n"));
            assertTrue(live.oldestReplayable() > 1, "the feed no longer has version 2");
            try (FragmentServer follower = FragmentServer.start(followerConfig)) {
                String followerUrl = follower.uri() + "library";
                awaitVisible(followerUrl, EX + "s3", "\"v3\"");
                awaitVersion(follower, live.version());
                assertTrue(!Http.get(subjectFragment(followerUrl, EX + "s1"), "Accept", "application/n-triples").body()
                        .contains("\"v1\""), "the delete after the copy arrived through the feed");
                assertEquals(200, write(primaryUrl, "A <" + EX + "s4> <" + EX + "p> \"v4\" .\n"));
                awaitVisible(followerUrl, EX + "s4", "\"v4\"");
                // Blank nodes are Skolem IRIs under each server's own address.
                assertEquals(Http.get(primaryUrl + "/dump.nt").body().replace(primary.uri().toString(), "/").lines().sorted().toList(),
                        Http.get(followerUrl + "/dump.nt").body().replace(follower.uri().toString(), "/").lines().sorted().toList(),
                        "the same triples");
            }
            // The copy is the follower's own file now: a restart starts from it.
            try (FragmentServer follower = FragmentServer.start(followerConfig)) {
                assertEquals(live.version(), follower.liveDatasets().get("library").version());
                assertTrue(Files.notExists(Compaction.downloadFile(followerHdt)), "no download left behind");
            }
        }
    }

    @Test
    void theBaseFileIsOneWholeHdtFileForGetOnly() throws Exception {
        Path primaryHdt = copy("primary");
        try (FragmentServer primary = FragmentServer.start(config(primaryHdt, new Writes(true, TOKEN, null, 0L)))) {
            HttpResponse<byte[]> file = Http.getBytes(primary.uri() + "library/base");
            assertEquals(200, file.statusCode());
            assertEquals("application/vnd.hdt", file.headers().firstValue("Content-Type").orElseThrow());
            assertEquals("no-store", file.headers().firstValue("Cache-Control").orElseThrow());
            assertTrue(Arrays.equals(Files.readAllBytes(primaryHdt), file.body()), "the file, byte for byte");
            assertEquals(405, Writers.patch(primary.uri() + "library/base", "A <x:s> <x:p> <x:o> .\n").statusCode());
        }
    }

    private static void awaitVersion(FragmentServer follower, long version) throws InterruptedException {
        for (int i = 0; i < 1000 && follower.liveDatasets().get("library").version() < version; i++) {
            Thread.sleep(10);
        }
        assertEquals(version, follower.liveDatasets().get("library").version());
    }

    private void awaitVisible(String dataset, String subject, String expected) throws InterruptedException {
        for (int i = 0; i < 500; i++) {
            if (Http.get(subjectFragment(dataset, subject), "Accept", "application/n-triples").body().contains(expected)) {
                return;
            }
            Thread.sleep(10);
        }
        throw new AssertionError(subject + " did not reach the follower in 5 s");
    }

    private static String subjectFragment(String dataset, String subject) {
        return dataset + "?subject=" + URLEncoder.encode(subject, StandardCharsets.UTF_8);
    }

    private static int write(String dataset, String rows) throws Exception {
        return Writers.patch(dataset + "/changes", rows).statusCode();
    }

    private Path copy(String name) throws Exception {
        Path hdt = Files.createDirectories(dir.resolve(name)).resolve("library.hdt");
        Files.copy(TestData.libraryHdt(), hdt);
        return hdt;
    }

    private static ServerConfig config(Path hdt, Writes writes) {
        return ServerConfig.of(List.of(DatasetConfig.builder("library", hdt.toString())
                .pageSize(50).writes(writes).build())).toBuilder().listener("127.0.0.1", 0).build();
    }
}
