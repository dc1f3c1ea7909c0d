package dev.ldf.watdiv.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import org.jfree.data.category.DefaultCategoryDataset;

import dev.ldf.watdiv.experiment.Charts;
import dev.ldf.watdiv.experiment.Configuration;
import dev.ldf.watdiv.experiment.CsvWriter;
import dev.ldf.watdiv.experiment.LruReplay;
import dev.ldf.watdiv.experiment.NetworkLoad;
import dev.ldf.watdiv.experiment.ReferenceCounts;
import dev.ldf.watdiv.workload.Workload;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;

@Command(name = "cache-hits", mixinStandardHelpOptions = true,
        description = "Experiment 3 (brTPF paper, section 7): experiment 1's request log replayed through LRU caches "
                + "of several sizes, and the hit rate nginx measured in experiment 2.")
final class CacheHitsCommand implements Callable<Integer> {

    @Mixin
    ExperimentOptions experiment;

    @Option(names = {"-o", "--output"}, defaultValue = "watdiv/results/cache-hits",
            description = "Directory for the results (default: ${DEFAULT-VALUE}).")
    Path output;

    @Option(names = "--requests", defaultValue = "watdiv/results/network-load/requests.csv.gz",
            description = "Experiment 1's request log; if it does not exist, the sequence is run here with TPF and "
                    + "brTPF 15 and 30, as in the paper (default: ${DEFAULT-VALUE}).")
    Path requests;

    @Option(names = "--throughput", defaultValue = "watdiv/results/throughput/runs.csv",
            description = "Experiment 2's runs, for the hit rate of the real nginx cache (default: ${DEFAULT-VALUE}).")
    Path throughput;

    @Option(names = "--sizes", split = ",", description = "LRU cache sizes in entries; an unlimited cache is always "
            + "added (default: 100,1000,10000,100000; paper: 2500,5000,...,500000).")
    List<Integer> sizes;

    @Option(names = "--limit", description = "When running the sequence here: only its first N queries.")
    Integer limit;

    @Override
    public Integer call() throws IOException {
        Files.createDirectories(output);
        Path log = requests;
        if (!Files.exists(log)) {
            log = runSequence();
        }
        Map<String, List<String>> keys = LruReplay.read(log);
        List<Long> capacities = new ArrayList<>();
        experiment.list(sizes, new Integer[] {100, 1000, 10_000, 100_000},
                new Integer[] {2_500, 5_000, 10_000, 25_000, 50_000, 100_000, 250_000, 500_000})
                .forEach(s -> capacities.add(s.longValue()));
        capacities.add(LruReplay.UNLIMITED);
        List<LruReplay.Hits> all = new ArrayList<>();
        DefaultCategoryDataset rates = new DefaultCategoryDataset();
        try (CsvWriter csv = new CsvWriter(output.resolve("hits.csv"), "configuration", "cache_entries", "requests",
                "hits", "hit_rate")) {
            for (Map.Entry<String, List<String>> e : keys.entrySet()) {
                for (long size : capacities) {
                    LruReplay.Hits h = LruReplay.replay(e.getKey(), e.getValue(), size);
                    all.add(h);
                    csv.row(h.configuration(), size == LruReplay.UNLIMITED ? "unlimited" : size, h.requests(), h.hits(),
                            h.rate());
                    rates.addValue(100 * h.rate(), label(size), h.configuration());
                }
            }
        }
        Charts.write(Charts.bars("Hit rate of an LRU cache replaying experiment 1's requests", "configuration",
                "hits per request (%)", rates, false), output, "lru-hit-rate");
        Files.writeString(output.resolve("summary.md"), markdown(log, capacities, all));
        System.err.println("wrote " + output);
        return 0;
    }

    private Path runSequence() throws IOException {
        Path hdt = experiment.hdt();
        List<Workload.Entry> sequence = Workload.read(experiment.workload().resolve("sequence-145.tsv"));
        if (limit != null && limit < sequence.size()) {
            sequence = sequence.subList(0, limit);
        }
        List<Configuration> configurations = List.of(Configuration.tpf(100), Configuration.brtpf(15, false, 100),
                Configuration.brtpf(30, false, 100));
        Duration perQuery = experiment.seconds(null, 60, 300);
        Path out = output.resolve("network-load");
        try (ReferenceCounts reference = new ReferenceCounts(hdt, perQuery)) {
            new NetworkLoad(experiment.server(hdt, List.of(100), 30), configurations, perQuery, System.err)
                    .run(sequence, reference, out, experiment.work("cache-hits"));
        }
        return out.resolve("requests.csv.gz");
    }

    private static String label(long size) {
        return size == LruReplay.UNLIMITED ? "unlimited" : String.format(Locale.ROOT, "%,d", size);
    }

    private String markdown(Path log, List<Long> capacities, List<LruReplay.Hits> all) throws IOException {
        StringBuilder md = new StringBuilder("# Experiment 3: cache-hit potential\n\n");
        md.append("Requests of experiment 1 (`").append(log.getFileName()).append("`), one configuration at a time, ")
                .append("replayed through an LRU cache of each size (entries). Hit rate in %.\n\n| configuration | requests |");
        capacities.forEach(c -> md.append(' ').append(label(c)).append(" |"));
        md.append("\n|---|---:|");
        capacities.forEach(c -> md.append("---:|"));
        md.append('\n');
        for (int i = 0; i < all.size(); i += capacities.size()) {
            md.append("| ").append(all.get(i).configuration()).append(" | ")
                    .append(String.format(Locale.ROOT, "%,d", all.get(i).requests())).append(" |");
            for (int j = 0; j < capacities.size(); j++) {
                md.append(String.format(Locale.ROOT, " %.1f |", 100 * all.get(i + j).rate()));
            }
            md.append('\n');
        }
        md.append("\n## Next to the paper\n\nThe paper's LRU simulation (WatDiv 10M, cache sizes 2.5K to 500K entries) ")
                .append("gave hit rates of about 20.7% for TPF and 10.7% / 11.8% for brTPF with maxMpR 15 / 30: ")
                .append("brTPF's requests repeat less, as each carries a different set of bindings.\n\n");
        md.append("## The real nginx cache (experiment 2)\n\n");
        if (Files.exists(throughput)) {
            md.append("| configuration | clients | requests | hits | hit rate |\n|---|---:|---:|---:|---:|\n");
            List<String> lines = Files.readAllLines(throughput);
            List<String> header = List.of(lines.get(0).split(","));
            for (String line : lines.subList(1, lines.size())) {
                String[] f = line.split(",");
                if (Boolean.parseBoolean(f[header.indexOf("cache")])) {
                    md.append(String.format(Locale.ROOT, "| %s | %s | %s | %s | %.1f%% |%n", f[header.indexOf("configuration")],
                            f[header.indexOf("clients")], f[header.indexOf("cache_requests")], f[header.indexOf("cache_hits")],
                            100 * Double.parseDouble(f[header.indexOf("cache_hit_rate")])));
                }
            }
        } else {
            md.append("No results of experiment 2 at `").append(throughput).append("`: run `throughput` first.\n");
        }
        md.append("\nPlot: `lru-hit-rate` (PNG and SVG); figures: `hits.csv`.\n");
        return md.toString();
    }
}
