package dev.ldf.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 32: two clients that read dumps at 1 KB/s hold both dump places only until they fall
 * behind {@code limits.minResponseBytesPerSecond}; meanwhile the base file that followers copy to
 * catch up has places of its own. Issue 47: with the default rate, the places were taken for 25
 * to 40 s, since the socket buffers' megabytes counted in an average since the start; taken over
 * the last 5 s, the readers are cut off after the 10 s of grace.
 */
@Tag("server")
@Tag("slow")
class SlowReadersTest {

    private static final String TOKEN = "a-token-for-tests-0123456789";

    @TempDir
    Path dir;

    @Test
    void slowDumpReadersAreCutOffAndNeverKeepFollowersFromTheBaseFile() throws Exception {
        Path hdt = Files.copy(TestData.largeHdt(), dir.resolve("large.hdt"));
        DatasetConfig large = DatasetConfig.builder("large", hdt.toString())
                .writes(new Writes(true, TOKEN, null)).build();
        Limits limits = Limits.builder().maxConcurrentDumps(2).build(); // the default rate, 64 KB/s
        long begun = System.nanoTime();
        ServerConfig config = ServerConfig.of(List.of(large)).toBuilder().listener("127.0.0.1", 0).limits(limits).build();
        try (FragmentServer server = FragmentServer.start(config)) {
            AtomicBoolean reading = new AtomicBoolean(true);
            CompletableFuture<Void> first = CompletableFuture.runAsync(() -> readSlowly(server.port(), reading));
            CompletableFuture<Void> second = CompletableFuture.runAsync(() -> readSlowly(server.port(), reading));
            awaitBothPlacesTaken(server);

            assertEquals(503, Http.get(server.uri() + "large/dump.nt").statusCode(), "both dump places are taken");
            var base = Http.getBytes(server.uri() + "large/base");
            assertEquals(200, base.statusCode(), "the base file has places of its own");
            assertEquals(Files.size(hdt), base.body().length);

            // The slow readers are cut off once behind: their places are free while they still read what reached them.
            int status = 503;
            for (long end = begun + TimeUnit.SECONDS.toNanos(22); status == 503 && System.nanoTime() < end; ) {
                Thread.sleep(500);
                status = Http.get(server.uri() + "large/dump.nt?predicate=http%3A%2F%2Fexample.org%2Flarge%2Fp1")
                        .statusCode();
            }
            assertEquals(200, status, "a dump place is free again within 22 s of the start (grace 10 s, window 5 s)");
            System.out.printf("a dump place was free again after %,d ms%n",
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - begun));
            reading.set(false);
            first.get(10, TimeUnit.SECONDS);
            second.get(10, TimeUnit.SECONDS);
        }
    }

    /** Reads a dump at about 1 KB/s while {@code reading}. */
    private static void readSlowly(int port, AtomicBoolean reading) {
        try (Socket socket = new Socket()) {
            socket.setReceiveBufferSize(4096);
            socket.connect(new InetSocketAddress("127.0.0.1", port));
            socket.setSoTimeout(60_000);
            socket.getOutputStream().write("GET /large/dump.nt HTTP/1.1\r\nHost: localhost\r\n\r\n"
                    .getBytes(StandardCharsets.US_ASCII));
            InputStream in = socket.getInputStream();
            byte[] buffer = new byte[1024];
            while (reading.get() && in.read(buffer) >= 0) {
                Thread.sleep(1000);
            }
        } catch (IOException e) {
            // reset by the server: cut off
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static void awaitBothPlacesTaken(FragmentServer server) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            String metrics = Http.get(server.uri() + "-/metrics").body();
            if (metrics.lines().filter(l -> l.startsWith("ldf_requests_in_flight"))
                    .mapToDouble(l -> Double.parseDouble(l.substring(l.lastIndexOf(' ') + 1))).sum() >= 2) {
                return;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("the two dumps did not start");
    }
}
