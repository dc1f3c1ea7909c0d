package dev.ldf.experiments.verify;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import dev.ldf.experiments.run.CsvTable;

/**
 * A rerun's rows next to the committed ones: the counts that must not change (results, requests,
 * triples, bytes) compared exactly, row by row, and the timings summed per group beside each other.
 * A rerun may cover a subset of the committed rows; a row the committed results lack is a difference.
 */
public final class Reproduction {

    /** One count that came out differently. */
    public record Difference(String row, String column, String committed, String rerun) {}

    /** The rows of one group (a configuration): how many were compared, how many agreed, their time. */
    public record Group(String name, int rows, int equal, double committedSeconds, double rerunSeconds) {}

    public record Report(List<Group> groups, List<Difference> differences) {

        public boolean reproduced() {
            return differences.isEmpty();
        }

        public int rows() {
            return groups.stream().mapToInt(Group::rows).sum();
        }

        /** The per-group table and the first differences, as Markdown. */
        public String markdown(int maxDifferences) {
            StringBuilder md = new StringBuilder();
            md.append("| configuration | rows | counts equal | committed time (s) | rerun time (s) | rerun / committed |\n");
            md.append("|---|---:|---:|---:|---:|---:|\n");
            for (Group g : groups) {
                md.append(String.format(Locale.ROOT, "| %s | %d | %d | %.1f | %.1f | %.2f |%n", g.name(), g.rows(),
                        g.equal(), g.committedSeconds(), g.rerunSeconds(),
                        g.committedSeconds() == 0 ? 0 : g.rerunSeconds() / g.committedSeconds()));
            }
            if (!differences.isEmpty()) {
                md.append("\n").append(differences.size()).append(" counts differ:\n\n");
                md.append("| row | column | committed | rerun |\n|---|---|---:|---:|\n");
                differences.stream().limit(maxDifferences).forEach(d -> md.append("| ").append(d.row()).append(" | ")
                        .append(d.column()).append(" | ").append(d.committed()).append(" | ").append(d.rerun()).append(" |\n"));
                if (differences.size() > maxDifferences) {
                    md.append("| … ").append(differences.size() - maxDifferences).append(" more | | | |\n");
                }
            }
            return md.toString();
        }
    }

    private Reproduction() {}

    /**
     * Compares {@code rerun} with {@code committed}: rows matched by the {@code keys} columns, the
     * {@code exact} columns compared as text, the {@code millis} column summed per {@code group}.
     */
    public static Report compare(CsvTable committed, CsvTable rerun, List<String> keys, String group, List<String> exact,
            String millis) {
        Map<String, Map<String, String>> byKey = new HashMap<>();
        for (Map<String, String> row : committed.rows()) {
            byKey.put(key(row, keys), row);
        }
        Map<String, int[]> counts = new LinkedHashMap<>();
        Map<String, double[]> seconds = new LinkedHashMap<>();
        List<Difference> differences = new ArrayList<>();
        for (Map<String, String> row : rerun.rows()) {
            String key = key(row, keys);
            String name = row.get(group);
            int[] count = counts.computeIfAbsent(name, n -> new int[2]);
            double[] time = seconds.computeIfAbsent(name, n -> new double[2]);
            count[0]++;
            time[1] += millis(row.get(millis));
            Map<String, String> old = byKey.get(key);
            if (old == null) {
                differences.add(new Difference(key, "(row)", "absent", "present"));
                continue;
            }
            time[0] += millis(old.get(millis));
            boolean equal = true;
            for (String column : exact) {
                if (!old.getOrDefault(column, "").equals(row.getOrDefault(column, ""))) {
                    differences.add(new Difference(key, column, old.get(column), row.get(column)));
                    equal = false;
                }
            }
            count[1] += equal ? 1 : 0;
        }
        List<Group> groups = new ArrayList<>();
        counts.forEach((name, c) -> groups.add(new Group(name, c[0], c[1], seconds.get(name)[0], seconds.get(name)[1])));
        return new Report(groups, differences);
    }

    private static String key(Map<String, String> row, List<String> keys) {
        return String.join(" ", keys.stream().map(k -> row.getOrDefault(k, "")).toList());
    }

    private static double millis(String value) {
        return value == null || value.isEmpty() ? 0 : Double.parseDouble(value) / 1000;
    }
}
