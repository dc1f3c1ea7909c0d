package dev.ldf.experiments.live;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;

import dev.ldf.deploy.local.Replica;
import dev.ldf.experiments.run.ProcessMemory;
import dev.ldf.server.config.Writes;

/**
 * The live-data issue's check as an operator would make it: a server just started (no request
 * before, so its code runs cold) with a bounded heap takes added triples from several writers at
 * once, is asked to compact, and must then count exactly the base plus the adds. Each repeat is a
 * new server on a new link to the file.
 */
public final class FreshServerWrites {

    /**
     * @param repeats         fresh servers, one after the other
     * @param writers         writers sending at once
     * @param patches         patches in all, shared among the writers
     * @param patchTriples    triples per patch
     * @param jvmArgs         the server's JVM options
     */
    public record Settings(int repeats, int writers, int patches, int patchTriples, List<String> jvmArgs) {}

    /** One fresh server's figures. */
    public record Run(int repeat, double triplesPerSecond, double compactionSeconds, long peakRss, long peakRssAnonymous,
            long countAfter, long expected) {

        public boolean exact() {
            return countAfter == expected;
        }
    }

    private final Settings settings;
    private final String curl;
    private final PrintStream progress;
    private final LiveHttp http = new LiveHttp();

    /** @param curl the curl executable that sends the patches */
    public FreshServerWrites(Settings settings, String curl, PrintStream progress) {
        this.settings = settings;
        this.curl = curl;
        this.progress = progress;
    }

    public List<Run> run(Path hdt, Path work) throws IOException, InterruptedException {
        long base;
        try (HDT file = HDTManager.mapHDT(hdt.toString())) {
            base = file.getTriples().getNumberOfElements();
        }
        List<Run> runs = new ArrayList<>();
        for (int repeat = 1; repeat <= settings.repeats(); repeat++) {
            Path dir = Files.createDirectories(work.resolve("repeat-" + repeat));
            Path copy = LiveServers.copy(hdt, dir);
            try (Replica server = LiveServers.start(settings.jvmArgs(), dir, copy,
                    new Writes(true, LiveExperiment.TOKEN, null, 0L));
                    ProcessMemory memory = ProcessMemory.sample(ProcessHandle.of(server.pid()).orElseThrow())) {
                String dataset = server.uri() + "watdiv";
                double rate = ingest(dataset, "fresh" + repeat, dir);
                double seconds = http.compact(dataset);
                long count = http.count(dataset);
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

    /**
     * Triples per second from the first patch sent to the last one acknowledged: {@link
     * Settings#writers()} curl processes at once, each sending its share of the patches in turn on
     * one kept-alive connection. curl, as wrk for reads, takes little CPU from the server on two
     * cores and has no JIT of its own to warm; a JVM client's cost showed in the figures.
     */
    private double ingest(String dataset, String tag, Path dir) throws IOException, InterruptedException {
        Path patches = Files.createDirectories(dir.resolve("patches"));
        List<List<String>> configs = new ArrayList<>();
        for (int w = 0; w < settings.writers(); w++) {
            configs.add(new ArrayList<>());
        }
        for (int i = 0; i < settings.patches(); i++) {
            Path file = patches.resolve("patch-" + i + ".rdfp");
            Files.write(file, LiveWorkload.patch(settings.patchTriples(), tag, i));
            List<String> config = configs.get(i % settings.writers());
            if (!config.isEmpty()) {
                config.add("next");
            }
            config.addAll(List.of("url = \"" + dataset + "/changes\"", "data-binary = \"@" + file.toAbsolutePath() + "\"",
                    "header = \"Content-Type: application/rdf-patch\"",
                    "header = \"Authorization: Bearer " + LiveExperiment.TOKEN + "\"", "output = \"/dev/null\"",
                    "write-out = \"%{http_code}\\n\"", "silent", "show-error"));
        }
        List<ProcessBuilder> writers = new ArrayList<>();
        List<Path> codes = new ArrayList<>();
        for (int w = 0; w < settings.writers(); w++) {
            Path config = Files.write(dir.resolve("writer-" + w + ".curl"), configs.get(w));
            Path out = dir.resolve("writer-" + w + ".codes");
            codes.add(out);
            writers.add(new ProcessBuilder(curl, "--config", config.toString()).redirectOutput(out.toFile())
                    .redirectError(ProcessBuilder.Redirect.appendTo(dir.resolve("writers.err").toFile())));
        }
        // The clock starts with the first writer: the files are written before it.
        List<Process> running = new ArrayList<>();
        long start = System.nanoTime();
        for (ProcessBuilder writer : writers) {
            running.add(writer.start());
        }
        for (Process writer : running) {
            writer.waitFor();
        }
        double seconds = (System.nanoTime() - start) / 1e9;
        long accepted = 0;
        for (Path out : codes) {
            accepted += Files.readAllLines(out).stream().filter("200"::equals).count();
        }
        if (accepted != settings.patches()) {
            throw new IllegalStateException((settings.patches() - accepted) + " of " + settings.patches()
                    + " patches were not answered 200; see " + dir);
        }
        return (double) settings.patches() * settings.patchTriples() / seconds;
    }

}
