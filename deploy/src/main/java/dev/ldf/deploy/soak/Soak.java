package dev.ldf.deploy.soak;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import dev.ldf.deploy.local.Replica;

/**
 * A soak run against one server process: latency of a single client on the idle server, the same
 * client while slow connections trickle bytes, then many clients of mixed TPF and brTPF traffic
 * for minutes with the server's memory sampled throughout.
 */
final class Soak {

    /**
     * @param clients      concurrent clients of the main phase
     * @param duration     length of the main phase
     * @param slowClients  connections that send one byte a second in the slow-client phase
     * @param probe        length of the idle and slow-client phases
     * @param sampleEvery  how often memory is sampled during the main phase
     */
    record Settings(int clients, Duration duration, int slowClients, Duration probe, Duration sampleEvery, long seed) {}

    /** A memory sample during the main phase. */
    record Sample(double seconds, MemoryProbe.Reading memory) {}

    /**
     * Everything a run measured. The single client runs on the idle server before and after the
     * slow-client phase, so that drift (JIT, caches) shows and the comparison can take the better one.
     */
    record Result(Settings settings, LoadPhase.Result idle, LoadPhase.Result slow, LoadPhase.Result idleAgain,
            int slowClosedByServer, LoadPhase.Result main, MemoryProbe.Reading before, MemoryProbe.Reading after,
            List<Sample> samples) {

        /** p99 of the single client with slow connections open, over its better p99 on the idle server. */
        double slowClientRatio() {
            return slow.percentileMillis(0.99) / Math.min(idle.percentileMillis(0.99), idleAgain.percentileMillis(0.99));
        }

        List<LoadPhase.Result> phases() {
            return List.of(idle, slow, idleAgain, main);
        }
    }

    private Soak() {}

    static Result run(Replica server, String dataset, Settings settings, Consumer<String> progress)
            throws IOException, InterruptedException {
        RequestMix mix = RequestMix.discover(HttpClient.newHttpClient(), dataset);
        MemoryProbe memory = new MemoryProbe(server.pid(), server.uri());
        // Warm the server up (JIT, caches) so that the baseline is not its first seconds.
        LoadPhase.run("warm-up", mix, Math.min(8, settings.clients()), settings.probe(), settings.seed());
        MemoryProbe.Reading before = memory.afterCollection();
        progress.accept(String.format(Locale.ROOT, "before: RSS %s, heap after GC %s", mb(before.rssBytes()),
                mb(before.heapBytes())));

        LoadPhase.Result idle = LoadPhase.run("idle", mix, 1, settings.probe(), settings.seed() + 1);
        progress.accept(line(idle));
        LoadPhase.Result slow;
        int closed;
        try (SlowClients trickling = new SlowClients(URI.create(dataset), settings.slowClients())) {
            slow = LoadPhase.run("slow-clients", mix, 1, settings.probe(), settings.seed() + 1);
            closed = trickling.closedByServer();
        }
        progress.accept(line(slow) + String.format(Locale.ROOT, "; %d slow connections, %d closed by the server",
                settings.slowClients(), closed));
        LoadPhase.Result idleAgain = LoadPhase.run("idle-again", mix, 1, settings.probe(), settings.seed() + 1);
        progress.accept(line(idleAgain));

        List<Sample> samples = new ArrayList<>();
        ScheduledExecutorService sampler = Executors.newSingleThreadScheduledExecutor();
        long start = System.nanoTime();
        sampler.scheduleAtFixedRate(() -> {
            Sample s = new Sample((System.nanoTime() - start) / 1e9, memory.read());
            synchronized (samples) {
                samples.add(s);
            }
            progress.accept(String.format(Locale.ROOT, "%5.0f s  RSS %s, heap %s", s.seconds(),
                    mb(s.memory().rssBytes()), mb(s.memory().heapBytes())));
        }, 0, settings.sampleEvery().toMillis(), TimeUnit.MILLISECONDS);
        LoadPhase.Result main;
        try {
            main = LoadPhase.run("main", mix, settings.clients(), settings.duration(), settings.seed() + 2);
        } finally {
            sampler.shutdown();
            sampler.awaitTermination(30, TimeUnit.SECONDS);
        }
        progress.accept(line(main));
        MemoryProbe.Reading after = memory.afterCollection();
        progress.accept(String.format(Locale.ROOT, "after: RSS %s, heap after GC %s", mb(after.rssBytes()),
                mb(after.heapBytes())));
        return new Result(settings, idle, slow, idleAgain, closed, main, before, after, List.copyOf(samples));
    }

    static String line(LoadPhase.Result r) {
        return String.format(Locale.ROOT, "%-12s %3d clients %,9d requests %,8.0f/s  p50 %.2f ms  p99 %.2f ms  errors %d %s",
                r.name(), r.clients(), r.requests(), r.requestsPerSecond(), r.percentileMillis(0.5),
                r.percentileMillis(0.99), r.errors(), r.statuses());
    }

    static String mb(long bytes) {
        return bytes < 0 ? "n/a" : String.format(Locale.ROOT, "%.1f MB", bytes / 1048576.0);
    }

}
