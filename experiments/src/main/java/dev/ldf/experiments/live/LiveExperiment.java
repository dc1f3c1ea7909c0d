package dev.ldf.experiments.live;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.Spread;
import dev.ldf.server.config.Writes;

/**
 * The live-data benchmarks, side by side in one run against server processes on loopback: ingest
 * of patches of 1,000 triples with the log forced per patch; first-page read throughput read-only,
 * under a steady write load, and read-only again over the grown overlay; how soon a change shows
 * in fragments on the primary and on a follower; a compaction of the base plus many changes while
 * readers go on, counting their errors.
 */
public final class LiveExperiment {

    static final String TOKEN = "live-experiment-token-0123456789";

    /**
     * @param writers        writer counts of the ingest part
     * @param ingestPatches  patches each ingest setting sends, in all
     * @param patchTriples   triples per patch
     * @param readers        concurrent readers of the read parts
     * @param readSeconds    length of each read phase
     * @param rounds         rounds of a read-only and an under-writes phase
     * @param steadyPatches  patches per second of the steady write load
     * @param changes        visibility probes
     * @param compactionChanges changes made before the compaction (a tenth of them deletes)
     */
    public record Settings(List<Integer> writers, int ingestPatches, int patchTriples, int readers, int readSeconds,
            int rounds, int steadyPatches, int changes, int compactionChanges, List<String> jvmArgs, long seed) {}

    /** One figure: part, setting, metric, value, unit. */
    public record Figure(String part, String setting, String metric, double value, String unit) {}

    /** Everything measured; {@code visibility} holds the latencies in ms per server. */
    public record Results(List<Figure> figures, double[] primaryVisibility, double[] followerVisibility) {}

    private final Settings settings;
    private final PrintStream progress;
    private final LiveHttp http = new LiveHttp();
    private final List<Figure> figures = Collections.synchronizedList(new ArrayList<>());

    public LiveExperiment(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public Results run(Path hdt, Path work) throws IOException, InterruptedException {
        List<String> patterns = LiveWorkload.patterns(hdt, 2_000, settings.seed());
        Path primaryDir = Files.createDirectories(work.resolve("primary"));
        Path followerDir = Files.createDirectories(work.resolve("follower"));
        Path primaryHdt = LiveServers.copy(hdt, primaryDir);
        Path followerHdt = LiveServers.copy(hdt, followerDir);
        double[] primaryVisibility;
        double[] followerVisibility;
        try (Replica primary = LiveServers.start(settings.jvmArgs(), primaryDir, primaryHdt, new Writes(true, TOKEN, null, 0L))) {
            String primaryUrl = primary.uri() + "watdiv";
            // The primary alone: no follower's work on the same cores while reads and ingest are measured.
            reads("warm-up (not counted)", primaryUrl, patterns, null);
            figures.removeIf(f -> f.setting().startsWith("warm-up"));
            // Rounds alternate, so that drift of the machine and the overlay's growth touch both alike.
            double[] readOnly = new double[settings.rounds()];
            double[] underWrites = new double[settings.rounds()];
            double[] ratios = new double[settings.rounds()];
            for (int round = 0; round < settings.rounds(); round++) {
                readOnly[round] = reads("read-only, round " + (round + 1), primaryUrl, patterns, null);
                underWrites[round] = reads("under writes, round " + (round + 1), primaryUrl, patterns,
                        () -> steadyWrites(primaryUrl));
                ratios[round] = underWrites[round] / readOnly[round];
            }
            Spread perRound = Spread.of(ratios);
            double readOnlyMedian = Spread.of(readOnly).median();
            double underWritesMedian = Spread.of(underWrites).median();
            figure("reads", "read-only, median", "first pages per second", readOnlyMedian, "1/s");
            figure("reads", "under writes, median", "first pages per second", underWritesMedian, "1/s");
            figure("reads", "under writes / read-only", "ratio", underWritesMedian / readOnlyMedian, "");
            figure("reads", "under writes / read-only, per round", "lowest ratio", perRound.min(), "");
            figure("reads", "under writes / read-only, per round", "highest ratio", perRound.max(), "");
            for (int writers : settings.writers()) {
                ingest(primaryUrl, writers);
            }
            // The feed without since: from the oldest patch it still has (since=0 is 410 once a compaction dropped some).
            long version = Long.parseLong(http.send(HttpRequest.newBuilder(URI.create(primaryUrl + "/changes"))
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build()).headers()
                    .firstValue("Dataset-Version").orElseThrow());
            long start = System.nanoTime();
            try (Replica follower = LiveServers.start(settings.jvmArgs(), followerDir, followerHdt, new Writes(null, null, null, 0L, primaryUrl))) {
                String followerUrl = follower.uri() + "watdiv";
                awaitVersion(followerUrl, version);
                double seconds = (System.nanoTime() - start) / 1e9;
                figure("follower", "start and catch up", "seconds", seconds, "s");
                figure("follower", "start and catch up", "patches applied", version, "");
                progress.printf(Locale.ROOT, "follower: started and caught up with %,d patches in %.1f s%n", version, seconds);
                primaryVisibility = new double[settings.changes()];
                followerVisibility = new double[settings.changes()];
                visibility(primaryUrl, followerUrl, primaryVisibility, followerVisibility);
            }
        }
        new LiveCompaction(settings, http, progress, this::figure).run(hdt, work.resolve("compaction"), patterns);
        return new Results(List.copyOf(figures), primaryVisibility, followerVisibility);
    }

    // --- reads ----------------------------------------------------------------------------------

    /** First pages of random patterns by {@code readers} clients for the read time; pages per second. */
    private double reads(String setting, String dataset, List<String> patterns, Runnable background)
            throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        Thread writer = background == null ? null : new Thread(() -> {
            while (!stop.get()) {
                background.run();
            }
        }, "steady-writer");
        long patchesBefore = steadyCounter.get();
        if (writer != null) {
            writer.start();
            Thread.sleep(1_000); // the write load is steady before reads are counted
            patchesBefore = steadyCounter.get();
        }
        ReadLoad readers = new ReadLoad(http, dataset, patterns, settings.readers(), settings.seed());
        long start = System.nanoTime();
        readers.start();
        Thread.sleep(settings.readSeconds() * 1_000L);
        stop.set(true);
        readers.stop();
        double seconds = (System.nanoTime() - start) / 1e9;
        long written = (steadyCounter.get() - patchesBefore) * settings.patchTriples();
        if (writer != null) {
            writer.join();
            figure("reads", setting, "triples written per second meanwhile", written / seconds, "1/s");
        }
        double rate = readers.pages() / seconds;
        figure("reads", setting, "first pages per second", rate, "1/s");
        figure("reads", setting, "errors", readers.errors(), "");
        progress.printf(Locale.ROOT, "reads, %s: %,.0f first pages/s (%d errors)%n", setting, rate, readers.errors());
        return rate;
    }

    /** One second of the steady write load: {@code steadyPatches} patches spread over it. */
    private void steadyWrites(String dataset) {
        long start = System.nanoTime();
        for (int i = 0; i < settings.steadyPatches(); i++) {
            http.post(dataset, LiveWorkload.patch(settings.patchTriples(), "steady", steadyCounter.getAndIncrement()));
            long due = start + (i + 1) * 1_000_000_000L / settings.steadyPatches();
            long wait = due - System.nanoTime();
            if (wait > 0) {
                try {
                    Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
    }

    private final AtomicLong steadyCounter = new AtomicLong();

    // --- ingest ---------------------------------------------------------------------------------

    private void ingest(String dataset, int writers) throws InterruptedException {
        int perWriter = settings.ingestPatches() / writers;
        List<List<byte[]>> bodies = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            List<byte[]> mine = new ArrayList<>();
            for (int i = 0; i < perWriter; i++) {
                mine.add(LiveWorkload.patch(settings.patchTriples(), "ingest" + writers + "-" + w, i));
            }
            bodies.add(mine);
        }
        double[] latencies = new double[writers * perWriter];
        ExecutorService pool = Executors.newFixedThreadPool(writers);
        long start = System.nanoTime();
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < writers; w++) {
            int writer = w;
            done.add(pool.submit(() -> {
                for (int i = 0; i < perWriter; i++) {
                    long sent = System.nanoTime();
                    http.post(dataset, bodies.get(writer).get(i));
                    latencies[writer * perWriter + i] = (System.nanoTime() - sent) / 1e6;
                }
            }));
        }
        for (Future<?> f : done) {
            try {
                f.get();
            } catch (ExecutionException e) {
                throw new IllegalStateException("ingest failed: " + e.getCause().getMessage(), e.getCause());
            }
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        pool.shutdown();
        double rate = (double) writers * perWriter * settings.patchTriples() / seconds;
        String setting = writers + (writers == 1 ? " writer" : " writers");
        figure("ingest", setting, "triples per second", rate, "1/s");
        figure("ingest", setting, "patch latency p50", Spread.quantile(latencies, 0.5), "ms");
        figure("ingest", setting, "patch latency p99", Spread.quantile(latencies, 0.99), "ms");
        progress.printf(Locale.ROOT, "ingest, %s: %,.0f triples/s (patch p50 %.1f ms, p99 %.1f ms)%n", setting, rate,
                Spread.quantile(latencies, 0.5), Spread.quantile(latencies, 0.99));
    }

    // --- visibility -----------------------------------------------------------------------------

    /** For each probe: from sending a one-triple patch to the first fragment that shows it. */
    private void visibility(String primary, String follower, double[] onPrimary, double[] onFollower)
            throws InterruptedException {
        for (int i = 0; i < settings.changes(); i++) {
            String subject = LiveWorkload.NS + "probe-" + i;
            String fragment = "?subject=" + URLEncoder.encode(subject, StandardCharsets.UTF_8);
            long start = System.nanoTime();
            http.post(primary, ("A <" + subject + "> <" + LiveWorkload.NS + "seen> \"" + i + "\" .\n").getBytes(StandardCharsets.UTF_8));
            onPrimary[i] = awaitVisible(primary + fragment, subject, start);
            onFollower[i] = awaitVisible(follower + fragment, subject, start);
            Thread.sleep(20);
        }
        for (String server : List.of("primary", "follower")) {
            double[] values = server.equals("primary") ? onPrimary : onFollower;
            figure("visibility", server, "p50", Spread.quantile(values, 0.5), "ms");
            figure("visibility", server, "p99", Spread.quantile(values, 0.99), "ms");
            figure("visibility", server, "max", Spread.quantile(values, 1.0), "ms");
        }
        progress.printf(Locale.ROOT, "visibility: primary p99 %.1f ms, follower p99 %.1f ms%n", Spread.quantile(onPrimary, 0.99),
                Spread.quantile(onFollower, 0.99));
    }

    private void awaitVersion(String dataset, long version) throws InterruptedException {
        for (int i = 0; i < 6_000; i++) {
            HttpResponse<String> feed = http.send(HttpRequest.newBuilder(URI.create(dataset + "/changes"))
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build());
            if (feed.headers().firstValue("Dataset-Version").map(Long::parseLong).orElse(-1L) >= version) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IllegalStateException("the follower did not reach version " + version + " in 5 minutes");
    }

    private double awaitVisible(String url, String subject, long start) throws InterruptedException {
        while (true) {
            String body = http.get(url);
            if (body.contains(subject)) {
                return (System.nanoTime() - start) / 1e6;
            }
            if (System.nanoTime() - start > 30_000_000_000L) {
                throw new IllegalStateException(subject + " not visible at " + url + " after 30 s");
            }
            Thread.sleep(1);
        }
    }

    private void figure(String part, String setting, String metric, double value, String unit) {
        figures.add(new Figure(part, setting, metric, value, unit));
    }
}
