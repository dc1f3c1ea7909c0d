package dev.ldf.experiments.live;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.DiskUse;
import dev.ldf.experiments.run.ProcessMemory;
import dev.ldf.server.config.Writes;

/**
 * The live-data experiment's compaction: a copy of the file takes a share of added and deleted
 * triples from four writers at once, then compacts while readers go on; how long it takes, how
 * many reads it served and failed, and whether the count afterwards is exactly the base's plus the
 * adds less the deletes. Before and after the changes, reads on it are compared with reads on the
 * same file served with writes off ({@link ReadsBesideWrites}).
 */
final class LiveCompaction {

    /** Writers sending the changes before the compaction, at once. */
    static final int WRITERS = 4;

    private final LiveExperiment.Settings settings;
    private final LiveHttp http;
    private final PrintStream progress;
    private final Figures figures;

    LiveCompaction(LiveExperiment.Settings settings, LiveHttp http, PrintStream progress, Figures figures) {
        this.settings = settings;
        this.http = http;
        this.progress = progress;
        this.figures = figures;
    }

    /** Sends the adds and the deletes in patches from {@link #WRITERS} writers at once; adds their rate. */
    private void ingest(String dataset, int adds, List<TripleString> deletable) throws InterruptedException {
        int size = settings.patchTriples();
        int addPatches = (adds + size - 1) / size;
        int patches = addPatches + (deletable.size() + size - 1) / size;
        AtomicInteger next = new AtomicInteger();
        ExecutorService writers = Executors.newFixedThreadPool(WRITERS);
        long start = System.nanoTime();
        List<Future<?>> done = new ArrayList<>();
        for (int w = 0; w < WRITERS; w++) {
            done.add(writers.submit(() -> {
                for (int i = next.getAndIncrement(); i < patches; i = next.getAndIncrement()) {
                    http.post(dataset, i < addPatches
                            ? LiveWorkload.patch(Math.min(size, adds - i * size), "compaction", (long) i * size)
                            : deletes(deletable.subList((i - addPatches) * size,
                                    Math.min(deletable.size(), (i - addPatches + 1) * size))));
                }
                return null;
            }));
        }
        try {
            for (Future<?> f : done) {
                f.get();
            }
        } catch (ExecutionException e) {
            throw new IllegalStateException("writing the changes failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            writers.shutdownNow();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        double rate = (adds + deletable.size()) / seconds;
        figures.add("ingest", String.format(Locale.ROOT, "%d writers, %,d changes into the overlay", WRITERS,
                adds + deletable.size()), "triples per second", rate, "1/s");
        progress.printf(Locale.ROOT, "ingest of %,d changes from %d writers: %,.0f triples/s%n", adds + deletable.size(),
                WRITERS, rate);
    }

    private static byte[] deletes(List<TripleString> triples) {
        StringBuilder rows = new StringBuilder("TX .\n");
        for (TripleString t : triples) {
            rows.append("D ").append(LiveWorkload.term(t.getSubject().toString())).append(' ')
                    .append(LiveWorkload.term(t.getPredicate().toString())).append(' ')
                    .append(LiveWorkload.term(t.getObject().toString())).append(" .\n");
        }
        return rows.append("TC .\n").toString().getBytes(StandardCharsets.UTF_8);
    }

    void run(Path hdt, Path dir, List<String> patterns) throws IOException, InterruptedException {
        Files.createDirectories(dir);
        Path copy = LiveServers.copy(hdt, dir);
        long baseTriples;
        List<TripleString> deletable = new ArrayList<>();
        int deletes = settings.compactionChanges() / 10;
        try (HDT file = HDTManager.mapIndexedHDT(hdt)) {
            baseTriples = file.getTriples().getNumberOfElements();
            // Spread over the whole file; only the chosen triples are turned into strings.
            IteratorTripleID all = file.getTriples().searchAll();
            long step = Math.max(1, baseTriples / Math.max(1, deletes));
            for (long i = 0; i < baseTriples && deletable.size() < deletes; i += step) {
                all.goTo(i);
                TripleID id = all.next();
                String s = file.getDictionary().idToString(id.getSubject(), TripleComponentRole.SUBJECT).toString();
                String p = file.getDictionary().idToString(id.getPredicate(), TripleComponentRole.PREDICATE).toString();
                String o = file.getDictionary().idToString(id.getObject(), TripleComponentRole.OBJECT).toString();
                if (!s.startsWith("_:") && !o.startsWith("_:")) {
                    deletable.add(new TripleString(s, p, o));
                }
            }
        }
        try (Replica server = LiveServers.start(settings.jvmArgs(), dir, copy, new Writes(true, LiveExperiment.TOKEN, null, 0L))) {
            String dataset = server.uri() + "watdiv";
            int adds = settings.compactionChanges() - deletable.size();
            // The same file with writes off, beside it: what taking writes costs readers, on the same load.
            ReadsBesideWrites reads = ReadsBesideWrites.prepare(dir.resolve("reads"), patterns, settings.rounds(),
                    Duration.ofSeconds(settings.readSeconds()), progress, figures);
            Path readOnlyDir = Files.createDirectories(dir.resolve("read-only"));
            try (Replica readOnly = LiveServers.start(settings.jvmArgs(), readOnlyDir, hdt, new Writes(false, null, null, 0L))) {
                reads.compare("an empty overlay", readOnly.uri(), server.uri());
                ingest(dataset, adds, deletable);
                reads.compare(String.format(Locale.ROOT, "an overlay of %,d changes", settings.compactionChanges()),
                        readOnly.uri(), server.uri());
            }
            long expected = baseTriples + adds - deletable.size();

            ReadLoad readers = new ReadLoad(http, dataset, patterns, settings.readers(), settings.seed() + 100);
            readers.start();
            ProcessMemory memory = ProcessMemory.sample(ProcessHandle.of(server.pid()).orElseThrow());
            long diskBefore = DiskUse.bytesUnder(dir);
            AtomicLong diskPeak = new AtomicLong(diskBefore);
            ScheduledExecutorService diskSampler = DiskUse.sample(dir, diskPeak);
            double seconds = http.compact(dataset);
            readers.stop();
            memory.close();
            diskSampler.shutdownNow();
            boolean exact = http.count(dataset) == expected;
            figures.add("compaction", baseTriples + " + " + settings.compactionChanges(), "seconds", seconds, "s");
            figures.add("compaction", baseTriples + " + " + settings.compactionChanges(), "reads during", readers.pages(), "");
            figures.add("compaction", baseTriples + " + " + settings.compactionChanges(), "read errors", readers.errors(), "");
            figures.add("compaction", baseTriples + " + " + settings.compactionChanges(), "count after = base + adds - deletes",
                    exact ? 1 : 0, "");
            figures.add("compaction", baseTriples + " + " + settings.compactionChanges(), "server peak RSS",
                    memory.peakBytes() / 1048576.0, "MB");
            figures.add("compaction", baseTriples + " + " + settings.compactionChanges(), "peak extra disk",
                    (diskPeak.get() - diskBefore) / 1048576.0, "MB");
            progress.printf(Locale.ROOT, "compaction of %,d + %,d changes: %.1f s, %,d reads during it, %d errors, "
                    + "count after %s, peak RSS %d MB%n", baseTriples, settings.compactionChanges(), seconds, readers.pages(),
                    readers.errors(), exact ? "exact" : "WRONG", memory.peakBytes() >> 20);
        }
    }
}
