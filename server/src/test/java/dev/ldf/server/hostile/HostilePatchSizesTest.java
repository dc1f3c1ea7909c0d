package dev.ldf.server.hostile;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, item 5: patches under the byte limit whose rows are short and all new (two blank nodes
 * each) cost about 600 bytes of heap a row once applied: with a 256 MB heap, 300,000 such rows
 * (7.7 MB, under the 8 MB limit) ran the server out of memory after they were logged, and every
 * restart with the same heap died replaying them. Such a patch is refused before it is logged
 * (413); smaller ones are applied until the overlay leaves no room, then refused with 503, and
 * the server never runs out of memory. The log holds exactly the acknowledged patches: a restart
 * with the same heap reaches the last acknowledged version.
 */
@Tag("process")
class HostilePatchSizesTest {

    private static final String TOKEN = "a-token-for-hostile-patch-sizes";
    private static final String HEAP = "-Xmx256m";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    Path dir;

    @Test
    void patchesTheHeapCannotTakeAreRefusedBeforeTheyAreLogged() throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.builder("library", hdt.toString())
                .writes(new Writes(true, TOKEN, null)).build()));
        long acknowledged = 0;
        List<Integer> statuses = new ArrayList<>();
        try (ServerProcess server = ServerProcess.start(config, dir, HEAP)) {
            String changes = server.uri() + "library/changes";
            HttpResponse<String> huge = post(changes, rows(0, 300_000));
            assertEquals(413, huge.statusCode(), huge.body());
            assertTrue(huge.body().contains("send it in parts"), huge.body());

            for (int patch = 1; patch <= 40 && !statuses.contains(503); patch++) {
                HttpResponse<String> answer = post(changes, rows(patch, 100_000));
                statuses.add(answer.statusCode());
                if (answer.statusCode() == 200) {
                    acknowledged = patch;
                } else {
                    assertEquals(503, answer.statusCode(), answer.body());
                    assertTrue(answer.body().contains("compaction"), answer.body());
                }
            }
            System.out.printf(Locale.ROOT, "patches of 100,000 new rows: %s%n", statuses);
            assertTrue(statuses.contains(503), "the overlay never filled: " + statuses);
            assertTrue(server.isAlive(), server.log());
            assertTrue(!server.log().contains("Out of memory"), server.log());
            assertEquals(acknowledged, version(server), "every acknowledged patch, and nothing else, is a version");
        }
        try (ServerProcess restarted = ServerProcess.start(config, dir, HEAP)) {
            assertEquals(acknowledged, version(restarted), "the same heap replays the log");
        }
        // A heap too small for the log: the replay runs out of memory on several threads, which
        // ends the process with the documented exit code 3, not 1.
        try (ServerProcess starved = ServerProcess.launch(config, dir, "-Xmx48m")) {
            assertEquals(3, starved.awaitExit(Duration.ofSeconds(120)), starved.log());
        }
    }

    /** {@code count} rows, each adding a triple of two blank nodes no other patch has. */
    private static String rows(int patch, int count) {
        StringBuilder b = new StringBuilder(count * 30);
        for (int i = 0; i < count; i++) {
            String label = Integer.toString(i, 36);
            b.append("A _:p").append(patch).append('b').append(label).append(" <x:p> _:p").append(patch).append('c')
                    .append(label).append(" .\n");
        }
        return b.toString();
    }

    private static HttpResponse<String> post(String url, String patch) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/rdf-patch").header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofString(patch, StandardCharsets.UTF_8)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private static long version(ServerProcess server) throws Exception {
        HttpResponse<String> feed = CLIENT.send(HttpRequest.newBuilder(URI.create(server.uri() + "library/changes?since=0"))
                .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.ofString());
        return Long.parseLong(feed.headers().firstValue("Dataset-Version").orElseThrow());
    }
}
