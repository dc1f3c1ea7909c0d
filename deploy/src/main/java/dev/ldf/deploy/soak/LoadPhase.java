package dev.ldf.deploy.soak;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.http.HttpClient;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Clients that send requests from a {@link RequestMix} back to back for a while, each on its own
 * keep-alive connection, reading every answer whole. Records every latency, every status, and
 * every failure to get an answer at all.
 */
final class LoadPhase {

    /** What a phase measured. */
    record Result(String name, int clients, Duration duration, long requests, long errors,
            Map<String, Long> statuses, long[] latencyNanos) {

        /** The latency at quantile {@code q} (0..1), in milliseconds. */
        double percentileMillis(double q) {
            if (latencyNanos.length == 0) {
                return Double.NaN;
            }
            int i = (int) Math.min(latencyNanos.length - 1, Math.ceil(q * latencyNanos.length) - 1);
            return latencyNanos[Math.max(0, i)] / 1e6;
        }

        double requestsPerSecond() {
            return requests / (duration.toMillis() / 1000.0);
        }
    }

    private LoadPhase() {}

    static Result run(String name, RequestMix mix, int clients, Duration duration, long seed) throws InterruptedException {
        Map<String, Long> statuses = new ConcurrentHashMap<>();
        AtomicLong errors = new AtomicLong();
        List<long[]> latencies = new ArrayList<>();
        List<Thread> threads = new ArrayList<>();
        long end = System.nanoTime() + duration.toNanos();
        for (int c = 0; c < clients; c++) {
            Random random = new Random(seed * 1_000 + c);
            long[][] mine = {new long[4096]};
            int[] count = {0};
            Thread t = new Thread(() -> {
                HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
                        .connectTimeout(Duration.ofSeconds(10)).build();
                while (System.nanoTime() < end) {
                    long start = System.nanoTime();
                    String key;
                    try {
                        HttpResponse<InputStream> response = client.send(mix.next(random), HttpResponse.BodyHandlers.ofInputStream());
                        try (InputStream body = response.body()) {
                            body.transferTo(OutputStream.nullOutputStream());
                        }
                        key = Integer.toString(response.statusCode());
                        if (response.statusCode() >= 400) {
                            errors.incrementAndGet();
                        }
                    } catch (IOException e) {
                        key = e.getClass().getSimpleName();
                        errors.incrementAndGet();
                    } catch (InterruptedException e) {
                        Thread.currentThread().interrupt();
                        return;
                    }
                    statuses.merge(key, 1L, Long::sum);
                    if (count[0] == mine[0].length) {
                        mine[0] = Arrays.copyOf(mine[0], 2 * count[0]);
                    }
                    mine[0][count[0]++] = System.nanoTime() - start;
                }
                synchronized (latencies) {
                    latencies.add(Arrays.copyOf(mine[0], count[0]));
                }
            }, name + "-client-" + c);
            threads.add(t);
            t.start();
        }
        for (Thread t : threads) {
            t.join();
        }
        long[] all = latencies.stream().flatMapToLong(Arrays::stream).sorted().toArray();
        return new Result(name, clients, duration, all.length, errors.get(), new TreeMap<>(statuses), all);
    }
}
