package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import dev.ldf.hdt.jena.HdtGraph;
import dev.ldf.watdiv.workload.ReferenceAnswers;
import dev.ldf.watdiv.workload.Workload;
import dev.ldf.cli.QuietOption;
import dev.ldf.cli.UsageException;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "evaluate", mixinStandardHelpOptions = true,
        description = "Evaluates a workload locally over an HDT file with Jena ARQ and writes each query's result count "
                + "as CSV: the reference answers and the workload's result-size distribution.")
final class EvaluateCommand implements Callable<Integer> {
    @Option(names = "--hdt", required = true, description = "The HDT file (its index is built next to it if missing).")
    Path hdt;

    @Option(names = "--queries", description = "A workload file (.tsv); required.")
    Path queries;

    @Mixin
    QuietOption quiet;

    @Option(names = {"-o", "--output"}, description = "The CSV file to write (default: standard output).")
    Path output;

    @Option(names = "--timeout", defaultValue = "60", description = "Seconds per query (default: ${DEFAULT-VALUE}).")
    long timeoutSeconds;

    @Override
    public Integer call() throws IOException {
        Path file = quiet.oldQueriesFile(System.err).orElse(queries);
        if (file == null) {
            throw new UsageException("Missing required option: '--queries=<queries>'");
        }
        List<Workload.Entry> workload = Workload.read(file);
        long empty = 0;
        long large = 0;
        long timeouts = 0;
        long start = System.nanoTime();
        try (HdtGraph graph = HdtGraph.open(hdt);
             PrintWriter out = output == null ? new PrintWriter(System.out, true) : new PrintWriter(Files.newBufferedWriter(output))) {
            ReferenceAnswers answers = new ReferenceAnswers(graph, Duration.ofSeconds(timeoutSeconds));
            out.println("query,results,time_ms,timed_out");
            int i = 0;
            for (Workload.Entry query : workload) {
                ReferenceAnswers.Answer a = answers.evaluate(query);
                out.printf(Locale.ROOT, "%s,%d,%.1f,%s%n", a.name(), a.results(), a.nanos() / 1e6, a.timedOut());
                empty += !a.timedOut() && a.results() == 0 ? 1 : 0;
                large += a.results() > 1000 ? 1 : 0;
                timeouts += a.timedOut() ? 1 : 0;
                i++;
                if (!quiet.quiet()) {
                    System.err.printf(Locale.ROOT, "[%d/%d] %s: %,d results%s in %.1f s%n", i, workload.size(), a.name(),
                            a.results(), a.timedOut() ? " (timed out)" : "", a.nanos() / 1e9);
                }
            }
        }
        System.err.printf(Locale.ROOT, "%d queries in %.1f s: %d empty (%.0f%%), %d with over 1,000 results, %d timed out%n",
                workload.size(), (System.nanoTime() - start) / 1e9, empty, 100.0 * empty / Math.max(1, workload.size()),
                large, timeouts);
        return 0;
    }
}
