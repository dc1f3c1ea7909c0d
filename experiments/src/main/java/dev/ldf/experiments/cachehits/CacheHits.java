package dev.ldf.experiments.cachehits;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.jfree.data.category.DefaultCategoryDataset;

import dev.ldf.experiments.run.Charts;
import dev.ldf.experiments.run.CsvTable;
import dev.ldf.experiments.run.CsvWriter;

/**
 * Experiment 3 of the brTPF paper (section 6): how often an LRU cache of each size would answer
 * the requests of experiment 1, one configuration at a time, beside the hit rate the real nginx
 * cache had in experiment 2. Writes {@code hits.csv}, the {@code lru-hit-rate} plot and
 * {@code summary.md}.
 */
public final class CacheHits {

    private CacheHits() {}

    /**
     * @param requests   experiment 1's request log
     * @param capacities cache sizes in entries ({@link LruReplay#UNLIMITED} for no limit)
     * @param throughput experiment 2's runs (may not exist)
     */
    public static void run(Path requests, List<Long> capacities, Path throughput, Path output) throws IOException {
        Files.createDirectories(output);
        Map<String, List<String>> keys = LruReplay.read(requests);
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
        Files.writeString(output.resolve("summary.md"), markdown(requests, capacities, all, throughput));
    }

    private static String label(long size) {
        return size == LruReplay.UNLIMITED ? "unlimited" : String.format(Locale.ROOT, "%,d", size);
    }

    private static String markdown(Path log, List<Long> capacities, List<LruReplay.Hits> all, Path throughput)
            throws IOException {
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
            // Summed over the repeats of each cell.
            Map<String, long[]> cells = new LinkedHashMap<>();
            for (Map<String, String> run : CsvTable.read(throughput).rows()) {
                if (Boolean.parseBoolean(run.get("cache"))) {
                    long[] sums = cells.computeIfAbsent(String.join(" | ", run.get("configuration"),
                            run.getOrDefault("placement", "shared"), run.get("clients")), k -> new long[2]);
                    sums[0] += Long.parseLong(run.get("cache_requests"));
                    sums[1] += Long.parseLong(run.get("cache_hits"));
                }
            }
            md.append("Requests and hits summed over the repeats of each cell.\n\n")
                    .append("| configuration | placement | clients | requests | hits | hit rate |\n")
                    .append("|---|---|---:|---:|---:|---:|\n");
            cells.forEach((cell, sums) -> md.append(String.format(Locale.ROOT, "| %s | %,d | %,d | %.1f%% |%n", cell,
                    sums[0], sums[1], sums[0] == 0 ? 0 : 100.0 * sums[1] / sums[0])));
        } else {
            md.append("No results of experiment 2 at `").append(throughput).append("`: run `throughput` first.\n");
        }
        md.append("\nPlot: `lru-hit-rate` (PNG and SVG); figures: `hits.csv`.\n");
        return md.toString();
    }
}
