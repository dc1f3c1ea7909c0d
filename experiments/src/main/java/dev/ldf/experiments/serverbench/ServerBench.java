package dev.ldf.experiments.serverbench;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import dev.ldf.experiments.run.ProcessMemory;
import dev.ldf.hdt.files.Directories;

/**
 * The side-by-side run: every server in turn on the same HDT file, each path list after a warm-up,
 * the whole sequence repeated for several rounds so that drift on a noisy machine shows.
 */
public final class ServerBench {

    /**
     * One path list: which requests, whether they are brTPF (only servers that speak it get them),
     * deep pages (shorter runs), and sent by one client one after another rather than by all connections.
     */
    public record Load(String name, Path paths, boolean brtpf, boolean deep, boolean oneClient) {}

    /** How long and how hard. */
    public record Settings(int rounds, Duration warmUp, Duration duration, Duration deepWarmUp, Duration deepDuration,
            int threads, int connections, String accept, List<String> dumps, int downloads, Duration dumpLimit) {}

    /** One measured run, with the server's peak resident memory: all of it, and its anonymous part. */
    public record Run(int round, String server, String load, Wrk.Result result, long peakRssBytes,
            long peakAnonymousRssBytes) {

        double p95Millis() {
            return result.p95Micros() / 1000.0;
        }

        double p99Millis() {
            return result.p99Micros() / 1000.0;
        }
    }

    /** One measured download of a dump. */
    public record Download(int round, String server, String file, int repeat, DumpDownload.Result result) {}

    /** Everything measured. */
    public record Results(List<Run> runs, List<Download> downloads) {}

    /** The dumps downloaded from servers that offer them, each once to warm up, then measured. */
    public static final List<String> DUMPS = List.of("dump.nt", "dump.nt.gz");
    /** A limit no dump of the sizes this benchmark serves comes near: dumps read whole. */
    public static final Duration WHOLE_DUMPS = Duration.ofHours(24);
    public static final int DOWNLOADS = 3;

    private static final String DATASET = "watdiv";

    private final Settings settings;
    private final PrintStream progress;

    public ServerBench(Settings settings, PrintStream progress) {
        this.settings = settings;
        this.progress = progress;
    }

    /** The dataset name every server serves the HDT file under. */
    static String dataset() {
        return DATASET;
    }

    /** Runs every load on every server, round after round; server files go under {@code work}. */
    public Results run(Path hdt, List<Contender> servers, List<Load> loads, Path work)
            throws IOException, InterruptedException {
        work = work.toAbsolutePath();
        Wrk wrk = Wrk.prepare(Files.createDirectories(work), settings.threads(), settings.connections());
        List<Run> runs = new ArrayList<>();
        List<Download> downloads = new ArrayList<>();
        for (int round = 1; round <= settings.rounds(); round++) {
            for (Contender server : servers) {
                Path dir = work.resolve(server.name().replaceAll("[^A-Za-z0-9.]+", "-").toLowerCase(Locale.ROOT));
                Directories.deleteRecursively(dir);
                Files.createDirectories(dir);
                progress.printf(Locale.ROOT, "round %d/%d: starting %s%n", round, settings.rounds(), server.name());
                try (Contender.Running running = server.start(hdt, DATASET, dir)) {
                    for (Load load : loads) {
                        if ((load.brtpf() && !server.brtpf()) || (!server.fragments() && (load.brtpf() || load.deep()))) {
                            continue;
                        }
                        check(running.uri(), load, server.negotiates());
                        Duration warmUp = load.deep() ? settings.deepWarmUp() : settings.warmUp();
                        Duration duration = load.deep() ? settings.deepDuration() : settings.duration();
                        Wrk driver = load.oneClient() ? wrk.oneClient() : wrk;
                        driver.run(running.uri(), load.paths(), warmUp, settings.accept());
                        ProcessMemory memory = ProcessMemory.sample(running.process());
                        Wrk.Result result;
                        try {
                            result = driver.run(running.uri(), load.paths(), duration, settings.accept());
                        } finally {
                            memory.close();
                        }
                        long rss = memory.peakBytes();
                        Run run = new Run(round, server.name(), load.name(), result, rss, memory.peakAnonymousBytes());
                        runs.add(run);
                        progress.printf(Locale.ROOT, "  %-18s %9.0f req/s  p50 %6.2f ms  p95 %6.2f ms  p99 %6.2f ms  %s errors  "
                                + "RSS %d MB (anonymous %d MB)%n", load.name(), result.requestsPerSecond(),
                                result.p50Micros() / 1000.0, result.p95Micros() / 1000.0, result.p99Micros() / 1000.0,
                                result.errors(), rss >> 20, memory.peakAnonymousBytes() >> 20);
                    }
                    if (server.dumps()) {
                        downloads.addAll(dumps(round, server.name(), running));
                    }
                }
            }
        }
        return new Results(runs, downloads);
    }

    private List<Download> dumps(int round, String server, Contender.Running running) throws IOException {
        List<Download> downloads = new ArrayList<>();
        for (String file : settings.dumps()) {
            DumpDownload.measure(running.uri(), DATASET, file, running.process(), settings.dumpLimit());
            for (int repeat = 1; repeat <= settings.downloads(); repeat++) {
                DumpDownload.Result result = DumpDownload.measure(running.uri(), DATASET, file, running.process(),
                        settings.dumpLimit());
                downloads.add(new Download(round, server, file, repeat, result));
                progress.printf(Locale.ROOT, "  %-18s %,d bytes in %.2f s: %.0f MB/s  RSS %d MB (anonymous %d MB)%n", file,
                        result.bytes(), result.seconds(), result.megabytesPerSecond(), result.peakRssBytes() >> 20,
                        result.peakAnonymousRssBytes() >> 20);
            }
        }
        return downloads;
    }

    /**
     * The first path of the list must give 200, in the format asked for where the server negotiates:
     * a benchmark of errors is no benchmark.
     */
    private void check(URI server, Load load, boolean negotiates) throws IOException, InterruptedException {
        String path;
        try (BufferedReader lines = Files.newBufferedReader(load.paths())) {
            path = lines.readLine();
        }
        if (path == null) {
            throw new IllegalStateException(load.paths() + " is empty");
        }
        HttpRequest request = HttpRequest.newBuilder(server.resolve(path)).header("Accept", settings.accept())
                .timeout(Duration.ofSeconds(30)).build();
        HttpResponse<String> response = HttpClient.newHttpClient().send(request, HttpResponse.BodyHandlers.ofString());
        String type = response.headers().firstValue("Content-Type").orElse("");
        if (response.statusCode() != 200 || negotiates && !type.startsWith(settings.accept())) {
            throw new IllegalStateException(server.resolve(path) + " answered " + response.statusCode() + " " + type
                    + " for " + load.name() + ", not 200 " + settings.accept());
        }
    }
}
