package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;

import dev.ldf.cli.ExitCode;
import dev.ldf.cli.ProgressLine;
import dev.ldf.watdiv.generate.ExpectedCounts;
import dev.ldf.watdiv.generate.TripleProgress;
import dev.ldf.watdiv.generate.WatDivGenerator;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "stats", mixinStandardHelpOptions = true,
        description = "Generates in memory and compares every predicate's count with what the model expects.")
final class StatsCommand implements Callable<Integer> {
    @Mixin
    DataOptions data;

    @Option(names = {"-q", "--quiet"}, description = "No progress.")
    boolean quiet;

    @Override
    public Integer call() throws IOException {
        WatDivGenerator generator = data.generator();
        Map<String, long[]> counts = new TreeMap<>();
        long start = System.nanoTime();
        ProgressLine line = ProgressLine.standardError(quiet);
        TripleProgress progress = new TripleProgress(line);
        long triples = generator.generate((s, p, o, literal) -> {
            counts.computeIfAbsent(p, k -> new long[1])[0]++;
            progress.tick();
        });
        line.clear();
        Map<String, ExpectedCounts.Expected> expected = ExpectedCounts.of(generator);
        int outside = 0;
        System.out.println("predicate,generated,expected_low,expected_high,deviation_percent,within_10_percent");
        for (Map.Entry<String, ExpectedCounts.Expected> e : expected.entrySet()) {
            long observed = counts.getOrDefault(e.getKey(), new long[1])[0];
            ExpectedCounts.Expected x = e.getValue();
            double reference = observed < x.low() ? x.low() : observed > x.high() ? x.high() : observed;
            boolean ok = x.contains(observed, 0.10);
            outside += ok ? 0 : 1;
            System.out.printf(Locale.ROOT, "%s,%d,%.0f,%.0f,%.1f,%s%n", e.getKey(), observed, x.low(), x.high(),
                    reference == 0 ? 0 : 100.0 * (observed - reference) / reference, ok);
        }
        System.err.printf(Locale.ROOT, "%,d triples, %d predicates, %d outside 10%% of the model, %.1f s%n", triples,
                counts.size(), outside, (System.nanoTime() - start) / 1e9);
        return outside == 0 ? ExitCode.OK : ExitCode.FAILURE;
    }
}
