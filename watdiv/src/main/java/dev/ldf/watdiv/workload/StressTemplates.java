package dev.ldf.watdiv.workload;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
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
 *
 * <p>A walk is a tree, so its result size for one constant is estimated by the product, over its
 * edges taken away from the constant, of the mean fan-out (or fan-in) the data has along that
 * edge. Walks whose estimated largest intermediate result exceeds a bound for every choice of
 * constant are dropped: otherwise a few templates through the social graph (users following users
 * who are friends of users...) would have results in the tens of millions, which no
 * published WatDiv workload has and no single-client experiment can finish.
 */
public final class StressTemplates {

    /**
     * An edge of the schema graph: {@code objectType} null for an attribute (a literal); the classes,
     * where not null, restrict the instances at either end (e.g. only products of one category).
     */
    private record Edge(String subjectType, String subjectClass, String predicate, String objectType, String objectClass) {}

    /** One triple pattern of a walk: {@code ?v<subject> <edge.predicate> ?v<object>}. */
    private record Step(int subject, Edge edge, int object) {}

    private StressTemplates() {}

    /**
     * @param maxSize the largest number of triple patterns per template (WatDiv: 10)
     * @param maxIntermediate the largest estimated intermediate result a template may have
     */
    public static List<Template> generate(Model model, DataIndex data, int count, int maxSize, double maxIntermediate,
            long seed) {
        Set<Edge> distinct = new LinkedHashSet<>();
        for (Model.Association a : model.associations()) {
            distinct.add(new Edge(a.subjectType(), a.subjectClass(), a.predicate(), a.objectType(), a.objectClass()));
        }
        for (Model.Attribute a : model.attributes()) {
            for (Model.Value v : a.values()) {
                distinct.add(new Edge(a.subjectType(), a.where(), v.predicate(), null, null));
            }
        }
        List<Edge> edges = List.copyOf(distinct);
        SplittableRandom random = new SplittableRandom(seed);
        List<Template> templates = new ArrayList<>();
        Set<String> patterns = new LinkedHashSet<>();
        int attempts = 0;
        while (templates.size() < count && attempts++ < count * 1000) {
            Template t = walk(model, data, edges, 1 + random.nextInt(maxSize), maxIntermediate, random,
                    "T" + (templates.size() + 1));
            if (t != null && patterns.add(t.pattern())) {
                templates.add(t);
            }
        }
        if (templates.size() < count) {
            throw new IllegalArgumentException("Only " + templates.size() + " of " + count
                    + " templates stay within an intermediate result of " + maxIntermediate);
        }
        return templates;
    }

    private static Template walk(Model model, DataIndex data, List<Edge> edges, int size, double maxIntermediate,
            SplittableRandom random, String name) {
        List<String> variableTypes = new ArrayList<>(); // ?v<i> has type variableTypes[i]; null: a literal
        List<String> variableClasses = new ArrayList<>(); // and, once an edge restricts it, that class
        List<Step> steps = new ArrayList<>();
        List<Edge> starts = edges.stream().filter(e -> e.objectType() != null).toList();
        variableTypes.add(starts.get(random.nextInt(starts.size())).subjectType());
        variableClasses.add(null);
        for (int attempt = 0; attempt < size * 10 && steps.size() < size; attempt++) {
            int at = random.nextInt(variableTypes.size());
            String type = variableTypes.get(at);
            String restriction = variableClasses.get(at);
            if (type == null) {
                continue;
            }
            List<Edge> out = edges.stream().filter(e -> e.subjectType().equals(type)
                    && fits(restriction, e.subjectClass())).toList();
            List<Edge> in = edges.stream().filter(e -> type.equals(e.objectType())
                    && fits(restriction, e.objectClass())).toList();
            boolean forward = in.isEmpty() || (!out.isEmpty() && random.nextBoolean());
            List<Edge> choices = forward ? out : in;
            if (choices.isEmpty()) {
                continue;
            }
            Edge edge = choices.get(random.nextInt(choices.size()));
            if (restriction == null) {
                variableClasses.set(at, forward ? edge.subjectClass() : edge.objectClass());
            }
            int other = variableTypes.size();
            variableTypes.add(forward ? edge.objectType() : edge.subjectType());
            variableClasses.add(forward ? edge.objectClass() : edge.subjectClass());
            steps.add(forward ? new Step(at, edge, other) : new Step(other, edge, at));
        }
        if (steps.isEmpty()) {
            return null;
        }
        // One constant, as in WatDiv: the first entity variable, in random order, that some instance
        // can fill (it has all the constant's edges) and that keeps the estimate within bounds.
        List<Integer> entities = new ArrayList<>();
        for (int v = 0; v < variableTypes.size(); v++) {
            if (variableTypes.get(v) != null) {
                entities.add(v);
            }
        }
        for (int i = entities.size() - 1; i > 0; i--) {
            Collections.swap(entities, i, random.nextInt(i + 1));
        }
        for (int constant : entities) {
            List<Template.Position> where = steps.stream().filter(st -> st.subject() == constant || st.object() == constant)
                    .map(st -> new Template.Position(st.edge().predicate(), st.subject() == constant)).toList();
            if (data.occursIn(variableTypes.get(constant), where)
                    && largestIntermediate(steps, constant, data) <= maxIntermediate) {
                StringBuilder pattern = new StringBuilder();
                for (Step step : steps) {
                    pattern.append(pattern.isEmpty() ? "" : " ").append(term(step.subject(), constant)).append(" <")
                            .append(step.edge().predicate()).append("> ").append(term(step.object(), constant)).append(" .");
                }
                Map<String, String> placeholders = new LinkedHashMap<>();
                placeholders.put("v" + constant, variableTypes.get(constant));
                return new Template(name, placeholders, pattern.toString(), model.prefixes());
            }
        }
        return null;
    }

    /** Whether an edge end restricted to {@code edgeClass} can meet a variable restricted to {@code variableClass}. */
    private static boolean fits(String variableClass, String edgeClass) {
        return variableClass == null || edgeClass == null || variableClass.equals(edgeClass);
    }

    private static String term(int variable, int constant) {
        return variable == constant ? "%v" + variable + "%" : "?v" + variable;
    }

    /**
     * The estimated size of the largest result of a connected part of the walk that contains the
     * constant: the product of every edge's fan-out away from the constant, where fan-outs below one
     * count as one (they shrink the final result, not the parts before them). The constant's own
     * edges take the mean degree of instances that have the edge (constants are drawn from those);
     * edges further out the size-biased mean, as the join arrives at popular instances more often.
     */
    static double largestIntermediate(List<Step> steps, int constant, DataIndex data) {
        double product = 1;
        Set<Integer> reached = new LinkedHashSet<>(List.of(constant));
        List<Step> left = new ArrayList<>(steps);
        while (!left.isEmpty()) {
            for (Iterator<Step> it = left.iterator(); it.hasNext(); ) {
                Step step = it.next();
                boolean fromSubject = reached.contains(step.subject());
                if (!fromSubject && !reached.contains(step.object())) {
                    continue;
                }
                Edge e = step.edge();
                int near = fromSubject ? step.subject() : step.object();
                String type = fromSubject ? e.subjectType() : e.objectType();
                Template.Position position = new Template.Position(e.predicate(), fromSubject);
                double fanOut = near == constant ? data.meanDegree(type, position) : data.sizeBiasedDegree(type, position);
                product *= Math.max(1, fanOut);
                reached.add(fromSubject ? step.object() : step.subject());
                it.remove();
            }
        }
        return product;
    }
}
