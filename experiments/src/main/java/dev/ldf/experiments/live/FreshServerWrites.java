package dev.ldf.experiments.live;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import com.sun.net.httpserver.HttpServer;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;

import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.ProcessMemory;
import dev.ldf.server.config.Writes;

/**
 * The live-data issue's check as an operator would make it: a server just started (no request
 * before, so its code runs cold) with a bounded heap takes added triples from several writers at
 * once, is asked to compact, and must then count exactly the base plus the adds. Each repeat is a
 * new server on a new link to the file. The client's own code is warmed first against a sink on
 * loopback that discards what it is sent, so that the rate is the server's, not the client JVM's
 * start.
 */
public final class FreshServerWrites {

    /**
     * @param repeats         fresh servers, one after the other
     * @param writers         writers sending at once
     * @param patches         patches in all, shared among the writers
     * @param patchTriples    triples per patch
     * @param clientWarmUp    patches sent to the sink before the first repeat (0: a cold client)
     * @param jvmArgs         the server's JVM options
     */
    public record Settings(int repeats, int writers, int patches, int patchTriples, int clientWarmUp,
            List<String> jvmArgs) {}

    /** One fresh server's figures. */
    public record Run(int repeat, double triplesPerSecond, double compactionSeconds, long peakRss, long peakRssAnonymous,
            long countAfter, long expected) {

        public boolean exact() {
            return countAfter == expected;
        }
    }

    private static final Pattern COUNT = Pattern.compile("void#triples> \"(\\d+)\"");

    private final Settings settings;
    private final PrintStream progress;
    private final LiveHttp http = new LiveHttp();

    public FreshServerWrites(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public List<Run> run(Path hdt, Path work) throws IOException, InterruptedException {
        long base;
        try (HDT file = HDTManager.mapHDT(hdt.toString())) {
            base = file.getTriples().getNumberOfElements();
        }
        warmClient();
        List<Run> runs = new ArrayList<>();
        for (int repeat = 1; repeat <= settings.repeats(); repeat++) {
            Path dir = Files.createDirectories(work.resolve("repeat-" + repeat));
            Path copy = LiveServers.copy(hdt, dir);
            try (Replica server = LiveServers.start(settings.jvmArgs(), dir, copy,
                    new Writes(true, LiveExperiment.TOKEN, null, 0L));
                    ProcessMemory memory = ProcessMemory.sample(ProcessHandle.of(server.pid()).orElseThrow())) {
                String dataset = server.uri() + "watdiv";
                double rate = ingest(dataset, "fresh" + repeat);
                double seconds = compact(dataset);
                long count = count(dataset);
                memory.close();
                Run run = new Run(repeat, rate, seconds, memory.peakBytes(), memory.peakAnonymousBytes(), count,
                        base + (long) settings.patches() * settings.patchTriples());
                runs.add(run);
                progress.printf(Locale.ROOT, "fresh server %d: %,.0f triples/s from %d writers, compaction %.1f s, "
                        + "peak RSS %,d MB, count after %s%n", repeat, rate, settings.writers(), seconds,
                        run.peakRss() >> 20, run.exact() ? "exact" : run.countAfter() + ", not " + run.expected());
            }
        }
        return runs;
    }

    /** Triples per second from the first patch sent to the last one acknowledged. */
    private double ingest(String dataset, String tag) throws InterruptedException {
        List<byte[]> bodies = new ArrayList<>();
        for (int i = 0; i < settings.patches(); i++) {
            bodies.add(LiveWorkload.patch(settings.patchTriples(), tag, i));
        }
        long start = System.nanoTime();
        send(dataset, bodies);
        double seconds = (System.nanoTime() - start) / 1e9;
        return (double) settings.patches() * settings.patchTriples() / seconds;
    }

    /** The patches from {@link Settings#writers()} writers at once, each taking the next one unsent. */
    private void send(String dataset, List<byte[]> bodies) throws InterruptedException {
        ExecutorService pool = Executors.newFixedThreadPool(settings.writers());
        List<Future<?>> done = new ArrayList<>();
        AtomicInteger next = new AtomicInteger();
        for (int w = 0; w < settings.writers(); w++) {
            done.add(pool.submit(() -> {
                for (int i = next.getAndIncrement(); i < bodies.size(); i = next.getAndIncrement()) {
                    http.post(dataset, bodies.get(i));
                }
                return null;
            }));
        }
        try {
            for (Future<?> f : done) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("writing failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }

    private double compact(String dataset) throws InterruptedException {
        long start = System.nanoTime();
        HttpResponse<String> started = http.send(HttpRequest.newBuilder(URI.create(dataset + "/compaction"))
                .header("Authorization", "Bearer " + LiveExperiment.TOKEN).POST(HttpRequest.BodyPublishers.noBody()).build());
        if (started.statusCode() != 202) {
            throw new IllegalStateException("compaction not started: " + started.statusCode() + " " + started.body());
        }
        String status;
        do {
            Thread.sleep(50);
            status = http.send(HttpRequest.newBuilder(URI.create(dataset + "/compaction"))
                    .header("Authorization", "Bearer " + LiveExperiment.TOKEN).build()).body();
        } while (!(status.contains("\"running\":false") && status.contains("\"last\"")));
        return (System.nanoTime() - start) / 1e9;
    }

    private long count(String dataset) {
        Matcher m = COUNT.matcher(http.get(dataset));
        if (!m.find()) {
            throw new IllegalStateException("no void:triples in the first page of " + dataset);
        }
        return Long.parseLong(m.group(1));
    }

    /**
     * The client's code, JIT-compiled before anything is timed: the same patches to a loopback sink
     * that reads each body and answers 200, so that no server under test sees them.
     */
    private void warmClient() throws IOException, InterruptedException {
        if (settings.clientWarmUp() == 0) {
            return;
        }
        HttpServer sink = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 64);
        sink.createContext("/", exchange -> {
            try (InputStream body = exchange.getRequestBody()) {
                body.transferTo(OutputStream.nullOutputStream());
            }
            exchange.sendResponseHeaders(200, -1);
            exchange.close();
        });
        sink.setExecutor(Executors.newFixedThreadPool(settings.writers()));
        sink.start();
        try {
            List<byte[]> bodies = new ArrayList<>();
            for (int i = 0; i < settings.clientWarmUp(); i++) {
                bodies.add(LiveWorkload.patch(settings.patchTriples(), "warm-up", i));
            }
            send("http://127.0.0.1:" + sink.getAddress().getPort() + "/sink", bodies);
        } finally {
            sink.stop(0);
            ((ExecutorService) sink.getExecutor()).shutdownNow();
        }
    }
}
