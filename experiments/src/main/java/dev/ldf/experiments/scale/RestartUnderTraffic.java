package dev.ldf.experiments.scale;

import java.io.IOException;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.LongAdder;

import dev.ldf.deploy.local.NginxCache;
import dev.ldf.deploy.local.Replica;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

/**
 * A restart of the only server behind the nginx cache while clients keep asking for pages the
 * cache has seen: the server's responses live for two seconds only, so nginx must revalidate them
 * all the time and, while the server is down, answer from its stale copies. Every answer that is
 * not 200 counts as a failure.
 */
final class RestartUnderTraffic {

    /** What the clients saw: answers by status code and by cache status, and how long the server was away. */
    record Outcome(long requests, long failures, Map<String, Long> statuses, Map<String, Long> cacheStatuses,
            double downSeconds, double restartSeconds) {}

    private static final int CLIENTS = 4;
    private static final int MAX_AGE_SECONDS = 2;
    private static final Duration START_TIMEOUT = Duration.ofMinutes(30);

    private final List<String> jvmArgs;
    private final PrintStream progress;

    RestartUnderTraffic(List<String> jvmArgs, PrintStream progress) {
        this.jvmArgs = jvmArgs;
        this.progress = progress;
    }

    /** Warms the cache with {@code paths}, then sends them for {@code seconds}, restarting the server a quarter in. */
    Outcome run(Path hdt, List<String> paths, int seconds, Path work) throws IOException, InterruptedException {
        Files.createDirectories(work);
        int port = Replica.freePort();
        Path config = work.resolve("server.json");
        ConfigFile.write(ServerConfig.builder().title("Scale").listener("127.0.0.1", port).cacheMaxAgeSeconds(MAX_AGE_SECONDS)
                .datasets(List.of(DatasetConfig.builder("watdiv", hdt.toAbsolutePath().toString()).title("WatDiv")
                        .prefixes(Map.of()).build()))
                .build(), config);
        Replica server = Replica.start(config, work.resolve("server-1.log"), jvmArgs, port, START_TIMEOUT);
        try (NginxCache cache = NginxCache.start(work.resolve("nginx"), new NginxCache.Settings("127.0.0.1",
                Replica.freePort(), "256k", "1g"), List.of(new InetSocketAddress("127.0.0.1", port)))) {
            HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
            for (String path : paths) {
                get(client, cache.uri(), path);
            }
            Map<String, Long> statuses = new ConcurrentHashMap<>();
            Map<String, Long> cacheStatuses = new ConcurrentHashMap<>();
            LongAdder requests = new LongAdder();
            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong next = new AtomicLong();
            ExecutorService clients = Executors.newFixedThreadPool(CLIENTS);
            for (int c = 0; c < CLIENTS; c++) {
                clients.submit(() -> {
                    while (!stop.get()) {
                        String path = paths.get((int) (next.getAndIncrement() % paths.size()));
                        HttpResponse<Void> response = get(client, cache.uri(), path);
                        requests.increment();
                        statuses.merge(response == null ? "no answer" : Integer.toString(response.statusCode()), 1L, Long::sum);
                        if (response != null) {
                            cacheStatuses.merge(response.headers().firstValue("X-Cache-Status").orElse("-"), 1L, Long::sum);
                        }
                    }
                    return null;
                });
            }
            long begin = System.nanoTime();
            Thread.sleep(seconds * 250L);
            progress.println("restart: stopping the server under traffic");
            long down = System.nanoTime();
            server.close();
            double downSeconds;
            double restartSeconds;
            long up = System.nanoTime();
            server = Replica.start(config, work.resolve("server-2.log"), jvmArgs, port, START_TIMEOUT);
            restartSeconds = (System.nanoTime() - up) / 1e9;
            downSeconds = (System.nanoTime() - down) / 1e9;
            progress.printf(Locale.ROOT, "restart: ready again after %.1f s away%n", downSeconds);
            long left = TimeUnit.SECONDS.toNanos(seconds) - (System.nanoTime() - begin);
            Thread.sleep(Math.max(TimeUnit.SECONDS.toMillis(2), TimeUnit.NANOSECONDS.toMillis(left)));
            stop.set(true);
            clients.shutdown();
            clients.awaitTermination(30, TimeUnit.SECONDS);
            long failures = statuses.entrySet().stream().filter(e -> !e.getKey().equals("200"))
                    .mapToLong(Map.Entry::getValue).sum();
            return new Outcome(requests.sum(), failures, new TreeMap<>(statuses), new TreeMap<>(cacheStatuses),
                    downSeconds, restartSeconds);
        } finally {
            server.close();
        }
    }

    /** The answer to {@code path}, or null when none came. */
    private static HttpResponse<Void> get(HttpClient client, URI base, String path) {
        HttpRequest request = HttpRequest.newBuilder(base.resolve(path.substring(1))).header("Accept", "application/n-triples")
                .timeout(Duration.ofSeconds(30)).build();
        try {
            return client.send(request, HttpResponse.BodyHandlers.discarding());
        } catch (IOException e) {
            return null;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return null;
        }
    }
}
