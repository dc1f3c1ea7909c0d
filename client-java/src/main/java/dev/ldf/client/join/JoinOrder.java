package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;

/**
 * The order of a left-deep pipeline: start from the pattern with the smallest count, then take
 * the smallest of the patterns that share a variable with what is already bound, and only when
 * none does (a cartesian product) the smallest of the rest.
 */
final class JoinOrder {

    private JoinOrder() {}

    /**
     * @param counts each pattern's count, same order as {@code patterns}
     * @param bound  variables the input bindings already bind
     * @return positions in {@code patterns}, in evaluation order
     */
    static List<Integer> order(List<Triple> patterns, List<Long> counts, Set<Var> bound) {
        Set<Var> known = new HashSet<>(bound);
        List<Integer> remaining = new ArrayList<>();
        for (int i = 0; i < patterns.size(); i++) {
            remaining.add(i);
        }
        List<Integer> order = new ArrayList<>();
        while (!remaining.isEmpty()) {
            Integer best = null;
            boolean bestConnected = false;
            for (Integer i : remaining) {
                boolean connected = Matching.variables(patterns.get(i)).stream().anyMatch(known::contains);
                if (best == null || (connected && !bestConnected)
                        || (connected == bestConnected && counts.get(i) < counts.get(best))) {
                    best = i;
                    bestConnected = connected;
                }
            }
            order.add(best);
            remaining.remove(best);
            known.addAll(Matching.variables(patterns.get(best)));
        }
        return order;
    }
}
