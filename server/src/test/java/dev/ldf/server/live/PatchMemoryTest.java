package dev.ldf.server.live;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
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
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

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
 * Issue 32: a patch the heap cannot hold is a 413 that names the limit, refused while it is read,
 * and never an out-of-memory error. A server with a 256 MB heap takes patches up to 8 MB (a
 * thirty-second of it): a 7 MB patch of new terms is applied and survives a restart, a 9 MB one
 * and a small gzip body that inflates to 1 GB are refused, and fragment requests meanwhile all
 * succeed.
 */
@Tag("process")
class PatchMemoryTest {

    private static final String HEAP = "-Xmx256m";
    private static final long LIMIT = 8L << 20;
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();

    @TempDir
    Path dir;

    @Test
    void patchesPastWhatTheHeapHoldsAre413AndNothingRunsOutOfMemory() throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        DatasetConfig library = DatasetConfig.builder("library", hdt.toString())
                .prefixes(Map.of("schema", "http://schema.org/")).writes(new Writes(true, Writers.TOKEN, null)).build();
        ServerConfig config = ServerConfig.of(List.of(library));
        long accepted;
        try (ServerProcess server = ServerProcess.start(config, dir, HEAP)) {
            assertTrue(server.log().contains("Patches up to 8 MB (decoded): a thirty-second of the heap"), server.log());
            String changes = server.uri() + "library/changes";
            AtomicBoolean bombing = new AtomicBoolean(true);
            AtomicInteger fragments = new AtomicInteger();
            List<String> failed = new ArrayList<>();
            ExecutorService readers = Executors.newFixedThreadPool(4);
            List<Future<?>> reading = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                reading.add(readers.submit(() -> {
                    while (bombing.get()) {
                        HttpResponse<String> page = get(server.uri() + "library?predicate=http%3A%2F%2Fschema.org%2Fname");
                        fragments.incrementAndGet();
                        if (page.statusCode() != 200) {
                            synchronized (failed) {
                                failed.add(page.statusCode() + " " + page.body());
                            }
                        }
                    }
                    return null;
                }));
            }
            byte[] bomb = gzip(1L << 30);
            assertTrue(bomb.length < 8 << 20, "a small body: " + bomb.length);
            HttpResponse<String> refused = post(changes, bomb, "gzip");
            bombing.set(false);
            for (Future<?> f : reading) {
                f.get();
            }
            readers.shutdown();
            assertEquals(413, refused.statusCode(), refused.body());
            assertTrue(refused.body().contains("at most 8,388,608 bytes (decoded) on this server, whose memory bounds it"),
                    refused.body());
            assertTrue(failed.isEmpty(), () -> failed.size() + " of " + fragments.get() + " fragment requests failed: "
                    + failed.get(0) + "\n" + server.log());

            HttpResponse<String> tooLarge = post(changes, rows(LIMIT + (1 << 20)), null);
            assertEquals(413, tooLarge.statusCode(), tooLarge.body());

            byte[] fits = rows(LIMIT - (1 << 20));
            HttpResponse<String> ok = post(changes, fits, null);
            assertEquals(200, ok.statusCode(), () -> ok.body() + server.log());
            accepted = Long.parseLong(ok.body().replaceAll(".*\"changes\":(\\d+).*", "$1").strip());
            assertTrue(accepted > 100_000, ok.body());
            assertTrue(server.isAlive());
            String log = server.log();
            assertTrue(!log.contains("OutOfMemoryError") && !log.contains("Out of memory") && !log.contains("ERROR"), log);
        }
        // Every acknowledged row is replayed from the log under the same heap.
        try (ServerProcess again = ServerProcess.start(config, dir, HEAP)) {
            HttpResponse<String> page = get(again.uri() + "library?subject=http%3A%2F%2Fex.org%2Fs&predicate="
                    + "http%3A%2F%2Fex.org%2Fp", "application/n-triples");
            assertTrue(page.body().contains("\"" + accepted + "\"^^<http://www.w3.org/2001/XMLSchema#integer>"),
                    "hydra:totalItems says " + accepted + ": " + page.body().lines().filter(l -> l.contains("totalItems")).toList());
        }
    }

    /** RDF Patch rows adding {@code <s> <p> "row i"} until about {@code bytes}. */
    private static byte[] rows(long bytes) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream((int) bytes + 200);
        writeRows(out, bytes);
        return out.toByteArray();
    }

    private static void writeRows(OutputStream out, long bytes) throws IOException {
        StringBuilder block = new StringBuilder(1 << 16);
        long written = 0;
        for (long i = 0; written < bytes; i++) {
            block.append("A <http://ex.org/s> <http://ex.org/p> \"row ").append(i).append("\" .\n");
            if (block.length() > 60_000) {
                byte[] b = block.toString().getBytes(StandardCharsets.UTF_8);
                out.write(b);
                written += b.length;
                block.setLength(0);
            }
        }
    }

    /**
     * {@code bytes} of rows, gzipped: one member of 16 MB, compressed once and repeated (gzip
     * readers read concatenated members as one stream), a few megabytes in all.
     */
    private static byte[] gzip(long bytes) throws IOException {
        byte[] row = "A <http://ex.org/s> <http://ex.org/p> \"the same row again and again\" .\n".getBytes(StandardCharsets.UTF_8);
        int member = 16 << 20;
        ByteArrayOutputStream compressed = new ByteArrayOutputStream();
        try (GZIPOutputStream gzip = new GZIPOutputStream(compressed, 1 << 16) {
            {
                def.setLevel(Deflater.BEST_COMPRESSION);
            }
        }) {
            for (int written = 0; written < member; written += row.length) {
                gzip.write(row);
            }
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        for (long written = 0; written < bytes; written += member) {
            compressed.writeTo(out);
        }
        return out.toByteArray();
    }

    private static HttpResponse<String> post(String url, byte[] body, String encoding) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(120))
                .header("Content-Type", "application/rdf-patch").header("Authorization", "Bearer " + Writers.TOKEN)
                .POST(HttpRequest.BodyPublishers.ofByteArray(body));
        if (encoding != null) {
            request.header("Content-Encoding", encoding);
        }
        try {
            return CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new IOException("no answer to a POST of " + body.length + " bytes", e);
        }
    }

    private static HttpResponse<String> get(String url) throws Exception {
        return get(url, "text/turtle");
    }

    private static HttpResponse<String> get(String url, String accept) throws Exception {
        return CLIENT.send(HttpRequest.newBuilder(URI.create(url)).header("Accept", accept).timeout(Duration.ofSeconds(60))
                .build(), HttpResponse.BodyHandlers.ofString());
    }
}
