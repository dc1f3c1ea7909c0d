package dev.ldf.server.preemption;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;

/** Every variable of a query, numbered: a row is an array indexed by these numbers. */
final class Slots {

    private final Map<Var, Integer> slots = new LinkedHashMap<>();

    static Slots of(PreemptableQuery query) {
        Slots slots = new Slots();
        query.inputs().forEach(slots::add);
        slots.collect(query.where());
        return slots;
    }

    private void collect(PreemptableQuery.Part part) {
        if (part instanceof PreemptableQuery.Bgp bgp) {
            for (Triple t : bgp.patterns()) {
                add(t.getSubject());
                add(t.getPredicate());
                add(t.getObject());
            }
        } else if (part instanceof PreemptableQuery.Filter filter) {
            for (Expr e : filter.expressions()) {
                e.getVarsMentioned().forEach(this::add);
            }
            collect(filter.input());
        } else if (part instanceof PreemptableQuery.Union union) {
            collect(union.left());
            collect(union.right());
        } else if (part instanceof PreemptableQuery.Join join) {
            collect(join.left());
            collect(join.right());
        } else if (part instanceof PreemptableQuery.LeftJoin join) {
            collect(join.left());
            collect(join.right());
            for (Expr e : join.expressions()) {
                e.getVarsMentioned().forEach(this::add);
            }
        } else if (part instanceof PreemptableQuery.Extend extend) {
            add(extend.variable());
            extend.expression().getVarsMentioned().forEach(this::add);
            collect(extend.input());
        } else if (part instanceof PreemptableQuery.Values values) {
            values.variables().forEach(this::add);
        }
    }

    private void add(Node node) {
        if (node instanceof Var var) {
            slots.putIfAbsent(var, slots.size());
        }
    }

    int size() {
        return slots.size();
    }

    /** The slot of a variable of the query. */
    int of(Var var) {
        Integer slot = slots.get(var);
        if (slot == null) {
            throw new IllegalArgumentException("Not a variable of the query: " + var);
        }
        return slot;
    }

    int[] of(List<Var> vars) {
        return vars.stream().mapToInt(this::of).toArray();
    }
}
