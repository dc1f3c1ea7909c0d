package dev.ldf.watdiv.workload;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import dev.ldf.watdiv.generate.Model;

/**
 * Stress-test templates made as WatDiv makes them: random walks over the model's schema graph
 * (entity types joined by association predicates, with attribute predicates as dead ends), each
 * step adding one triple pattern at a variable already in the query, up to a size; then one
 * entity variable becomes a placeholder for a constant.
 */
public final class StressTemplates {


    /** An edge of the schema graph: {@code objectType} null for an attribute (a literal). */
    private record Edge(String subjectType, String predicate, String objectType) {}

    private StressTemplates() {}

    /**
     * @param maxSize the largest number of triple patterns per template (WatDiv: 10)
     */
    public static List<Template> generate(Model model, int count, int maxSize, long seed) {
        List<Edge> edges = new ArrayList<>();
        Set<String> seen = new LinkedHashSet<>();
        for (Model.Association a : model.associations()) {
            if (seen.add(a.subjectType() + a.predicate() + a.objectType())) {
                edges.add(new Edge(a.subjectType(), a.predicate(), a.objectType()));
            }
        }
        for (Model.Attribute a : model.attributes()) {
            for (Model.Value v : a.values()) {
                if (seen.add(a.subjectType() + v.predicate())) {
                    edges.add(new Edge(a.subjectType(), v.predicate(), null));
                }
            }
        }
        SplittableRandom random = new SplittableRandom(seed);
        List<Template> templates = new ArrayList<>();
        Set<String> patterns = new LinkedHashSet<>();
        int attempts = 0;
        while (templates.size() < count && attempts++ < count * 100) {
            Template t = walk(model, edges, 1 + random.nextInt(maxSize), random, "T" + (templates.size() + 1));
            if (t != null && patterns.add(t.pattern())) {
                templates.add(t);
            }
        }
        return templates;
    }

    private static Template walk(Model model, List<Edge> edges, int size, SplittableRandom random, String name) {
        List<String> variableTypes = new ArrayList<>(); // ?v<i> has type variableTypes[i]; null: a literal
        List<String> triples = new ArrayList<>();
        List<Edge> starts = edges.stream().filter(e -> e.objectType() != null).toList();
        variableTypes.add(starts.get(random.nextInt(starts.size())).subjectType());
        for (int step = 0; step < size * 10 && triples.size() < size; step++) {
            int at = random.nextInt(variableTypes.size());
            String type = variableTypes.get(at);
            if (type == null) {
                continue;
            }
            List<Edge> out = edges.stream().filter(e -> e.subjectType().equals(type)).toList();
            List<Edge> in = edges.stream().filter(e -> type.equals(e.objectType())).toList();
            boolean forward = in.isEmpty() || (!out.isEmpty() && random.nextBoolean());
            List<Edge> choices = forward ? out : in;
            if (choices.isEmpty()) {
                continue;
            }
            Edge edge = choices.get(random.nextInt(choices.size()));
            int other = variableTypes.size();
            variableTypes.add(forward ? edge.objectType() : edge.subjectType());
            String triple = forward ? "?v" + at + " <" + edge.predicate() + "> ?v" + other + " ."
                    : "?v" + other + " <" + edge.predicate() + "> ?v" + at + " .";
            triples.add(triple);
        }
        if (triples.isEmpty()) {
            return null;
        }
        // One constant, as in WatDiv: one of the entity variables.
        List<Integer> entities = new ArrayList<>();
        for (int v = 0; v < variableTypes.size(); v++) {
            if (variableTypes.get(v) != null) {
                entities.add(v);
            }
        }
        int constant = entities.get(random.nextInt(entities.size()));
        String pattern = String.join(" ", triples).replaceAll("\\?v" + constant + "(?![0-9])", "%v" + constant + "%");
        Map<String, String> placeholders = new LinkedHashMap<>();
        placeholders.put("v" + constant, variableTypes.get(constant));
        return new Template(name, placeholders, pattern, model.prefixes());
    }

}
