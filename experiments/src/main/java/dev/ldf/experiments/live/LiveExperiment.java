package dev.ldf.experiments.live;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Random;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.Spread;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
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
    private static final String NS = "http://ldf.dev/live/";

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
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(5)).build();
    private final List<Figure> figures = Collections.synchronizedList(new ArrayList<>());

    public LiveExperiment(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    public Results run(Path hdt, Path work) throws IOException, InterruptedException {
        List<String> patterns = patterns(hdt, 2_000, settings.seed());
        Path primaryDir = Files.createDirectories(work.resolve("primary"));
        Path followerDir = Files.createDirectories(work.resolve("follower"));
        Path primaryHdt = copy(hdt, primaryDir);
        Path followerHdt = copy(hdt, followerDir);
        double[] primaryVisibility;
        double[] followerVisibility;
        try (Replica primary = start(primaryDir, primaryHdt, new Writes(true, TOKEN, null, 0L))) {
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
            long version = Long.parseLong(send(HttpRequest.newBuilder(URI.create(primaryUrl + "/changes?since=0"))
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build()).headers()
                    .firstValue("Dataset-Version").orElseThrow());
            long start = System.nanoTime();
            try (Replica follower = start(followerDir, followerHdt, new Writes(null, null, null, 0L, primaryUrl))) {
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
        compaction(hdt, work.resolve("compaction"), patterns);
        return new Results(List.copyOf(figures), primaryVisibility, followerVisibility);
    }

    // --- reads ----------------------------------------------------------------------------------

    /** First pages of random patterns by {@code readers} clients for the read time; pages per second. */
    private double reads(String setting, String dataset, List<String> patterns, Runnable background)
            throws InterruptedException {
        AtomicBoolean stop = new AtomicBoolean();
        AtomicLong pages = new AtomicLong();
        AtomicLong errors = new AtomicLong();
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
        List<Thread> readers = new ArrayList<>();
        for (int r = 0; r < settings.readers(); r++) {
            Random random = new Random(settings.seed() + r);
            Thread reader = new Thread(() -> {
                while (!stop.get()) {
                    String url = dataset + "?" + patterns.get(random.nextInt(patterns.size()));
                    try {
                        HttpResponse<Void> page = http.send(HttpRequest.newBuilder(URI.create(url))
                                .header("Accept", "application/n-triples").build(), HttpResponse.BodyHandlers.discarding());
                        if (page.statusCode() == 200) {
                            pages.incrementAndGet();
                        } else {
                            errors.incrementAndGet();
                        }
                    } catch (IOException e) {
                        errors.incrementAndGet();
                    } catch (InterruptedException e) {
                        return;
                    }
                }
            });
            readers.add(reader);
        }
        long start = System.nanoTime();
        readers.forEach(Thread::start);
        Thread.sleep(settings.readSeconds() * 1_000L);
        stop.set(true);
        for (Thread reader : readers) {
            reader.join();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long written = (steadyCounter.get() - patchesBefore) * settings.patchTriples();
        if (writer != null) {
            writer.join();
            figure("reads", setting, "triples written per second meanwhile", written / seconds, "1/s");
        }
        double rate = pages.get() / seconds;
        figure("reads", setting, "first pages per second", rate, "1/s");
        figure("reads", setting, "errors", errors.get(), "");
        progress.printf(Locale.ROOT, "reads, %s: %,.0f first pages/s (%d errors)%n", setting, rate, errors.get());
        return rate;
    }

    /** One second of the steady write load: {@code steadyPatches} patches spread over it. */
    private void steadyWrites(String dataset) {
        long start = System.nanoTime();
        for (int i = 0; i < settings.steadyPatches(); i++) {
            post(dataset, patch(settings.patchTriples(), "steady", steadyCounter.getAndIncrement()));
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
                mine.add(patch(settings.patchTriples(), "ingest" + writers + "-" + w, i));
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
                    post(dataset, bodies.get(writer).get(i));
                    latencies[writer * perWriter + i] = (System.nanoTime() - sent) / 1e6;
                }
            }));
        }
        for (Future<?> f : done) {
            try {
                f.get();
            } catch (java.util.concurrent.ExecutionException e) {
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
            String subject = NS + "probe-" + i;
            String fragment = "?subject=" + URLEncoder.encode(subject, StandardCharsets.UTF_8);
            long start = System.nanoTime();
            post(primary, ("A <" + subject + "> <" + NS + "seen> \"" + i + "\" .\n").getBytes(StandardCharsets.UTF_8));
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
            HttpResponse<String> feed = send(HttpRequest.newBuilder(URI.create(dataset + "/changes?since=0"))
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
            String body = get(url);
            if (body.contains(subject)) {
                return (System.nanoTime() - start) / 1e6;
            }
            if (System.nanoTime() - start > 30_000_000_000L) {
                throw new IllegalStateException(subject + " not visible at " + url + " after 30 s");
            }
            Thread.sleep(1);
        }
    }

    // --- compaction -----------------------------------------------------------------------------

    private void compaction(Path hdt, Path dir, List<String> patterns) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path copy = copy(hdt, dir);
        long baseTriples;
        List<TripleString> deletable = new ArrayList<>();
        int deletes = settings.compactionChanges() / 10;
        try (HDT file = HDTManager.mapIndexedHDT(hdt)) {
            baseTriples = file.getTriples().getNumberOfElements();
            var it = file.search("", "", "");
            long step = Math.max(1, baseTriples / Math.max(1, deletes));
            for (long i = 0; it.hasNext() && deletable.size() < deletes; i++) {
                TripleString t = it.next();
                if (i % step == 0 && !t.getSubject().toString().startsWith("_:") && !t.getObject().toString().startsWith("_:")) {
                    deletable.add(new TripleString(t.getSubject().toString(), t.getPredicate().toString(),
                            t.getObject().toString()));
                }
            }
        } catch (org.rdfhdt.hdt.exceptions.NotFoundException e) {
            throw new IOException(e);
        }
        try (Replica server = start(dir, copy, new Writes(true, TOKEN, null, 0L))) {
            String dataset = server.uri() + "watdiv";
            int adds = settings.compactionChanges() - deletable.size();
            for (int i = 0; i < adds; i += settings.patchTriples()) {
                post(dataset, patch(Math.min(settings.patchTriples(), adds - i), "compaction", i));
            }
            StringBuilder rows = new StringBuilder("TX .\n");
            for (TripleString t : deletable) {
                rows.append("D ").append(term(t.getSubject().toString())).append(' ').append(term(t.getPredicate().toString()))
                        .append(' ').append(term(t.getObject().toString())).append(" .\n");
            }
            post(dataset, rows.append("TC .\n").toString().getBytes(StandardCharsets.UTF_8));
            long expected = baseTriples + adds - deletable.size();

            AtomicBoolean stop = new AtomicBoolean();
            AtomicLong reads = new AtomicLong();
            AtomicLong errors = new AtomicLong();
            List<Thread> readers = new ArrayList<>();
            for (int r = 0; r < settings.readers(); r++) {
                Random random = new Random(settings.seed() + 100 + r);
                Thread reader = new Thread(() -> {
                    while (!stop.get()) {
                        try {
                            HttpResponse<Void> page = http.send(HttpRequest.newBuilder(URI.create(dataset + "?"
                                    + patterns.get(random.nextInt(patterns.size())))).header("Accept", "application/n-triples")
                                    .build(), HttpResponse.BodyHandlers.discarding());
                            (page.statusCode() == 200 ? reads : errors).incrementAndGet();
                        } catch (IOException e) {
                            errors.incrementAndGet();
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                });
                readers.add(reader);
                reader.start();
            }
            long start = System.nanoTime();
            HttpResponse<String> started = send(HttpRequest.newBuilder(URI.create(dataset + "/compaction"))
                    .header("Authorization", "Bearer " + TOKEN).POST(HttpRequest.BodyPublishers.noBody()).build());
            if (started.statusCode() != 202) {
                throw new IllegalStateException("compaction not started: " + started.statusCode() + " " + started.body());
            }
            String status;
            do {
                Thread.sleep(100);
                status = send(HttpRequest.newBuilder(URI.create(dataset + "/compaction"))
                        .header("Authorization", "Bearer " + TOKEN).build()).body();
            } while (!(status.contains("\"running\":false") && status.contains("\"last\"")));
            double seconds = (System.nanoTime() - start) / 1e9;
            stop.set(true);
            for (Thread reader : readers) {
                reader.join();
            }
            String total = get(dataset);
            boolean exact = total.contains("\"" + expected + "\"^^<http://www.w3.org/2001/XMLSchema#integer>");
            figure("compaction", baseTriples + " + " + settings.compactionChanges(), "seconds", seconds, "s");
            figure("compaction", baseTriples + " + " + settings.compactionChanges(), "reads during", reads.get(), "");
            figure("compaction", baseTriples + " + " + settings.compactionChanges(), "read errors", errors.get(), "");
            figure("compaction", baseTriples + " + " + settings.compactionChanges(), "count after = base + adds - deletes",
                    exact ? 1 : 0, "");
            progress.printf(Locale.ROOT, "compaction of %,d + %,d changes: %.1f s, %,d reads during it, %d errors, "
                    + "count after %s%n", baseTriples, settings.compactionChanges(), seconds, reads.get(), errors.get(),
                    exact ? "exact" : "WRONG");
        }
    }

    private static String term(String hdt) {
        return hdt.startsWith("\"") ? hdt : "<" + hdt + ">";
    }

    // --- plumbing -------------------------------------------------------------------------------

    /** A patch of {@code triples} new triples about new subjects, with WatDiv's vocabulary. */
    private static byte[] patch(int triples, String batch, long number) {
        StringBuilder rows = new StringBuilder(triples * 110).append("TX .\n");
        for (int i = 0; i < triples; i++) {
            String subject = NS + batch + "/" + number + "/" + (i / 10);
            rows.append("A <").append(subject).append("> <http://db.uwaterloo.ca/~galuc/wsdbm/likes> <")
                    .append("http://db.uwaterloo.ca/~galuc/wsdbm/Product").append((number * 31 + i) % 25_000)
                    .append("> .\n");
        }
        return rows.append("TC .\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    private void post(String dataset, byte[] patch) {
        HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(dataset + "/changes"))
                .header("Content-Type", "application/rdf-patch").header("Authorization", "Bearer " + TOKEN)
                .POST(HttpRequest.BodyPublishers.ofByteArray(patch)).build());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException("patch refused: " + answer.statusCode() + " " + answer.body());
        }
    }

    private String get(String url) {
        return send(HttpRequest.newBuilder(URI.create(url)).header("Accept", "application/n-triples").build()).body();
    }

    private HttpResponse<String> send(HttpRequest request) {
        try {
            return http.send(request, HttpResponse.BodyHandlers.ofString());
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted", e);
        }
    }

    private Replica start(Path dir, Path hdt, Writes writes) throws IOException {
        DatasetConfig dataset = new DatasetConfig("watdiv", "WatDiv, live", null, hdt.toAbsolutePath().toString(), 100,
                DatasetConfig.Loading.LOAD, null, null, 30, null, writes);
        Path config = dir.resolve("server.json");
        new ServerConfig("Live experiment", null, "127.0.0.1", 0, null, 60, null, null, List.of(dataset)).validated()
                .write(config);
        return Replica.start(config, dir.resolve("server.log"), settings.jvmArgs());
    }

    private static Path copy(Path hdt, Path dir) throws IOException {
        Path copy = dir.resolve(hdt.getFileName());
        Files.copy(hdt, copy, StandardCopyOption.REPLACE_EXISTING);
        Files.copy(HdtFiles.indexFile(hdt), HdtFiles.indexFile(copy), StandardCopyOption.REPLACE_EXISTING);
        return copy;
    }

    /** Query strings of first pages: ?s p ?o, s ?p ?o and ?s p o from triples spread over the file. */
    private static List<String> patterns(Path hdt, int count, long seed) throws IOException {
        List<String> patterns = new ArrayList<>();
        Random random = new Random(seed);
        try (HDT file = HDTManager.mapIndexedHDT(hdt)) {
            long n = file.getTriples().getNumberOfElements();
            var it = file.search("", "", "");
            long step = Math.max(1, n / count);
            for (long i = 0; it.hasNext() && patterns.size() < count; i++) {
                TripleString t = it.next();
                if (i % step != 0) {
                    continue;
                }
                String s = t.getSubject().toString();
                String p = t.getPredicate().toString();
                String o = t.getObject().toString();
                patterns.add(switch (random.nextInt(3)) {
                    case 0 -> "predicate=" + enc(p);
                    case 1 -> s.startsWith("_:") ? "predicate=" + enc(p) : "subject=" + enc(s);
                    default -> "predicate=" + enc(p) + "&object=" + enc(o.startsWith("\"") ? o.replace("^^<", "^^")
                            .replaceAll(">$", "") : o);
                });
            }
        } catch (org.rdfhdt.hdt.exceptions.NotFoundException e) {
            throw new IOException(e);
        }
        return patterns;
    }

    private static String enc(String term) {
        return URLEncoder.encode(term, StandardCharsets.UTF_8);
    }

    private void figure(String part, String setting, String metric, double value, String unit) {
        figures.add(new Figure(part, setting, metric, value, unit));
    }
}
