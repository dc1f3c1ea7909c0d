package dev.ldf.experiments.live;

import java.io.IOException;
import java.io.PrintStream;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

import dev.ldf.experiments.run.Spread;
import dev.ldf.experiments.serverbench.Wrk;

/**
 * What taking writes costs readers, measured fairly: the same wrk load (first pages, 16
 * connections) on the same file served by a server with writes off and by one with writes on,
 * in rounds that alternate which goes first, so that the machine's drift touches both alike.
 */
final class ReadsBesideWrites {

    static final int CONNECTIONS = 16;
    private static final String NT = "application/n-triples";

    private final Wrk wrk;
    private final Path paths;
    private final int rounds;
    private final Duration each;
    private final PrintStream progress;
    private final Figures figures;

    private ReadsBesideWrites(Wrk wrk, Path paths, int rounds, Duration each, PrintStream progress,
            Figures figures) {
        this.wrk = wrk;
        this.paths = paths;
        this.rounds = rounds;
        this.each = each;
        this.progress = progress;
        this.figures = figures;
    }

    /** The first pages of {@code patterns} (query strings) of the dataset {@code watdiv}, as wrk's paths. */
    static ReadsBesideWrites prepare(Path dir, List<String> patterns, int rounds, Duration each, PrintStream progress,
            Figures figures) throws IOException {
        Files.createDirectories(dir);
        Path paths = dir.resolve("first-pages.txt");
        Files.write(paths, patterns.stream().map(p -> "/watdiv?" + p).toList());
        return new ReadsBesideWrites(Wrk.prepare(dir, 2, CONNECTIONS), paths, rounds, each, progress, figures);
    }

    /**
     * Runs the rounds against both servers; adds each run's rate and the ratio of the medians,
     * writes on against writes off, under {@code setting}; returns that ratio.
     */
    double compare(String setting, URI writesOff, URI writesOn) throws IOException, InterruptedException {
        double[] off = new double[rounds];
        double[] on = new double[rounds];
        long errors = 0;
        // Both warmed up first (not counted): the code paths of a new overlay are compiled at its first reads.
        wrk.run(writesOff, paths, each, NT);
        wrk.run(writesOn, paths, each, NT);
        for (int round = 0; round < rounds; round++) {
            boolean offFirst = round % 2 == 0;
            for (int turn = 0; turn < 2; turn++) {
                boolean isOff = (turn == 0) == offFirst;
                Wrk.Result result = wrk.run(isOff ? writesOff : writesOn, paths, each, NT);
                (isOff ? off : on)[round] = result.requestsPerSecond();
                errors += result.errors();
                figures.add("reads beside writes", setting + ", writes " + (isOff ? "off" : "on") + ", round " + (round + 1),
                        "first pages per second", result.requestsPerSecond(), "1/s");
            }
        }
        double ratio = Spread.of(on).median() / Spread.of(off).median();
        figures.add("reads beside writes", setting + ", writes off", "median first pages per second",
                Spread.of(off).median(), "1/s");
        figures.add("reads beside writes", setting + ", writes on", "median first pages per second",
                Spread.of(on).median(), "1/s");
        figures.add("reads beside writes", setting, "writes on / writes off", ratio, "");
        figures.add("reads beside writes", setting, "errors", errors, "");
        progress.printf(Locale.ROOT, "reads beside writes, %s: %,.0f first pages/s with writes off, %,.0f with writes on "
                + "(%.1f%%), %d errors%n", setting, Spread.of(off).median(), Spread.of(on).median(), 100 * ratio, errors);
        return ratio;
    }
}
