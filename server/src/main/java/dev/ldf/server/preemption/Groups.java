package dev.ldf.server.preemption;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.expr.NodeValue;
import org.apache.jena.sparql.expr.aggregate.Accumulator;
import org.apache.jena.sparql.expr.aggregate.Aggregator;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * The groups of a query with GROUP BY or aggregates, and each group's aggregates, computed by
 * Jena's own accumulators from the solutions of the query's pattern. A complete answer folds the
 * solutions of all its quanta into one {@code Groups}; a client that reads continuations gets the
 * groups of each quantum: partial aggregates, as in Grall et al., "Processing SPARQL Aggregate
 * Queries with Web Preemption" (ESWC 2020), which it merges: counts and sums add up, minima and
 * maxima keep the extreme. An average has no such partial form, so it is refused there. At most
 * {@code maxGroups} groups: the answer is held until every solution is in. Not thread-safe.
 */
public final class Groups {

    private final PreemptableQuery.Grouping grouping;
    private final int maxGroups;
    private final Map<List<Node>, Accumulator[]> groups = new LinkedHashMap<>();
    private final FunctionEnv environment = Functions.environment();

    private Groups(PreemptableQuery.Grouping grouping, int maxGroups) {
        this.grouping = grouping;
        this.maxGroups = maxGroups;
    }

    /** The groups of a whole answer, at most {@code maxGroups} of them. */
    public static Groups complete(PreemptableQuery query, int maxGroups) {
        return new Groups(query.grouping(), maxGroups);
    }

    /**
     * The partial groups of one quantum, for a client that merges them.
     *
     * @throws QueryRefusedException when an aggregate is an average
     */
    public static Groups partial(PreemptableQuery query) {
        if (query.grouping().hasAverage()) {
            throw new QueryRefusedException(400, "AVG has no partial aggregate that a client can merge: ask for SUM and "
                    + "COUNT in its place, or for the complete answer (without 'Prefer: continuation').");
        }
        return new Groups(query.grouping(), Integer.MAX_VALUE);
    }

    /**
     * Adds a solution of the pattern to its group.
     *
     * @throws QueryRefusedException when it would make more than {@code maxGroups} groups
     */
    public void add(Binding solution) {
        List<Node> key = Arrays.asList(new Node[grouping.by().size()]);
        for (int i = 0; i < key.size(); i++) {
            key.set(i, solution.get(grouping.by().get(i)));
        }
        Accumulator[] accumulators = groups.get(key);
        if (accumulators == null) {
            if (groups.size() >= maxGroups) {
                throw new QueryRefusedException(503, "The answer has more than " + maxGroups + " groups, more than one "
                        + "response may hold; ask with the header 'Prefer: continuation' for the groups of each quantum.");
            }
            accumulators = new Accumulator[grouping.aggregates().size()];
            int i = 0;
            for (Aggregator aggregator : grouping.aggregates().values()) {
                accumulators[i++] = aggregator.createAccumulator();
            }
            groups.put(key, accumulators);
        }
        for (Accumulator accumulator : accumulators) {
            accumulator.accumulate(solution, environment);
        }
    }

    /** One solution per group; without GROUP BY, one solution even when no solution came (COUNT 0). */
    public List<Binding> solutions() {
        List<Binding> solutions = new ArrayList<>(Math.max(1, groups.size()));
        if (groups.isEmpty() && grouping.by().isEmpty()) {
            BindingBuilder empty = BindingBuilder.create();
            grouping.aggregates().forEach((v, aggregator) -> {
                Node value = aggregator.getValueEmpty();
                if (value != null) {
                    empty.add(v, value);
                }
            });
            solutions.add(empty.build());
            return solutions;
        }
        List<Var> outputs = List.copyOf(grouping.aggregates().keySet());
        groups.forEach((key, accumulators) -> {
            BindingBuilder solution = BindingBuilder.create();
            for (int i = 0; i < key.size(); i++) {
                if (key.get(i) != null) {
                    solution.add(grouping.by().get(i), key.get(i));
                }
            }
            for (int i = 0; i < accumulators.length; i++) {
                NodeValue value = accumulators[i].getValue();
                if (value != null) {
                    solution.add(outputs.get(i), value.asNode());
                }
            }
            solutions.add(solution.build());
        });
        return solutions;
    }
}
