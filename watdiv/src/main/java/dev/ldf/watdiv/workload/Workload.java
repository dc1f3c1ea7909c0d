package dev.ldf.watdiv.workload;

import java.io.BufferedWriter;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpProject;

/**
 * Query workloads in this project's file format: one query per line, {@code name<TAB>query},
 * each query a {@code SELECT} over one basic graph pattern with full IRIs.
 */
public final class Workload {

    /** One named query. */
    public record Entry(String name, String sparql) {}

    private Workload() {}

    /** {@code instances} instantiations of every template, constants sampled from the data. */
    public static List<Entry> instantiate(List<Template> templates, int instances, DataIndex data, long seed) {
        SplittableRandom random = new SplittableRandom(seed);
        List<Entry> queries = new ArrayList<>();
        for (Template t : templates) {
            Map<String, List<Template.Position>> positions = new LinkedHashMap<>();
            t.placeholders().keySet().forEach(name -> positions.put(name, t.positions(name)));
            for (int i = 1; i <= instances; i++) {
                Map<String, String> constants = new LinkedHashMap<>();
                t.placeholders().forEach((name, type) -> constants.put(name, data.sample(type, positions.get(name), random)));
                queries.add(new Entry(t.name() + "#" + i, t.instantiate(constants)));
            }
        }
        return queries;
    }

    /** {@code n} queries of the pool drawn uniformly at random without replacement, in drawing order. */
    public static List<Entry> sample(List<Entry> pool, int n, long seed) {
        List<Entry> shuffled = new ArrayList<>(pool);
        SplittableRandom random = new SplittableRandom(seed);
        int k = Math.min(n, shuffled.size());
        for (int i = 0; i < k; i++) {
            int j = i + random.nextInt(shuffled.size() - i);
            Entry tmp = shuffled.get(i);
            shuffled.set(i, shuffled.get(j));
            shuffled.set(j, tmp);
        }
        return List.copyOf(shuffled.subList(0, k));
    }

    public static void write(Path file, List<Entry> queries) throws IOException {
        Path parent = file.toAbsolutePath().getParent();
        Files.createDirectories(parent);
        try (BufferedWriter out = Files.newBufferedWriter(file)) {
            for (Entry q : queries) {
                out.write(q.name() + "\t" + q.sparql() + "\n");
            }
        }
    }

    /**
     * The queries of a workload file ({@code name TAB query} per line, as {@link #write} makes it).
     *
     * @throws IllegalArgumentException naming the file and line when it is not such a file, or empty
     */
    public static List<Entry> read(Path file) throws IOException {
        List<Entry> queries = new ArrayList<>();
        List<String> lines = Files.readAllLines(file);
        for (int n = 0; n < lines.size(); n++) {
            String line = lines.get(n);
            int tab = line.indexOf('\t');
            if (tab > 0) {
                queries.add(new Entry(line.substring(0, tab), line.substring(tab + 1)));
            } else if (!line.isBlank()) {
                throw new IllegalArgumentException(file + ", line " + (n + 1) + ": not a workload line (a name, a tab, "
                        + "a SPARQL query); ldf-watdiv import-queries converts WatDiv's own query files");
            }
        }
        if (queries.isEmpty()) {
            throw new IllegalArgumentException(file + " holds no queries");
        }
        return queries;
    }

    /**
     * Queries from WatDiv's own workload files: one query per line (as WatDiv writes them), or a
     * query over several lines; every query must be a SELECT over one basic graph pattern.
     *
     * @throws IllegalArgumentException naming the file and line of text that is not such a query
     */
    public static List<Entry> importQueries(List<Path> files) throws IOException {
        List<Entry> queries = new ArrayList<>();
        for (Path file : files) {
            String name = file.getFileName().toString().replaceAll("\\.[A-Za-z0-9]+$", "");
            StringBuilder pending = new StringBuilder();
            int start = 0;
            List<String> lines = Files.readAllLines(file);
            for (int n = 0; n < lines.size(); n++) {
                String line = lines.get(n).strip();
                if (line.isEmpty() && pending.length() == 0) {
                    continue;
                }
                if (pending.length() == 0) {
                    start = n + 1;
                }
                pending.append(line).append(' ');
                String text = pending.toString().strip();
                if (!text.contains("{") || !balanced(text)) {
                    continue;
                }
                queries.add(new Entry(name + "#" + (queries.size() + 1), normalise(text, file, start)));
                pending.setLength(0);
            }
            if (pending.length() > 0) {
                throw new IllegalArgumentException(file + " line " + start + ": an incomplete query");
            }
        }
        return queries;
    }

    /** The query on one line, checked to be a SELECT over one basic graph pattern. */
    static String normalise(String text, Path file, int line) {
        try {
            Query query = QueryFactory.create(text);
            if (!isBasicGraphPattern(query)) {
                throw new IllegalArgumentException(file + " line " + line + ": not a SELECT over one basic graph pattern");
            }
            return query.serialize().replaceAll("\\s+", " ").trim();
        } catch (QueryParseException e) {
            throw new IllegalArgumentException(file + " line " + line + ": " + e.getMessage().lines().findFirst().orElse(""), e);
        }
    }

    /** True for SELECT queries whose algebra is a basic graph pattern, possibly projected. */
    public static boolean isBasicGraphPattern(Query query) {
        if (!query.isSelectType()) {
            return false;
        }
        Op op = Algebra.compile(query);
        if (op instanceof OpProject project) {
            op = project.getSubOp();
        }
        return op instanceof OpBGP;
    }

    private static boolean balanced(String text) {
        int depth = 0;
        for (char c : text.toCharArray()) {
            depth += c == '{' ? 1 : c == '}' ? -1 : 0;
        }
        return depth == 0;
    }
}
