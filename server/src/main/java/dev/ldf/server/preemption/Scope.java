package dev.ldf.server.preemption;

import java.util.HashSet;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.expr.Expr;

import dev.ldf.server.preemption.PreemptableQuery.Bgp;
import dev.ldf.server.preemption.PreemptableQuery.Extend;
import dev.ldf.server.preemption.PreemptableQuery.Filter;
import dev.ldf.server.preemption.PreemptableQuery.Join;
import dev.ldf.server.preemption.PreemptableQuery.Part;
import dev.ldf.server.preemption.PreemptableQuery.Union;
import dev.ldf.server.preemption.PreemptableQuery.Values;

/**
 * Which variables a part binds in every one of its solutions, and with it whether a join may run
 * its right side with the left side's bindings on entry. SPARQL evaluates both sides of a join on
 * their own: handing the left's bindings in is only the same when no FILTER on the right could
 * see a variable its own group leaves unbound ({@code { :x :p ?v . { FILTER(?v = 1) } }} has no
 * solution). ARQ makes the same test before it substitutes.
 */
final class Scope {

    private Scope() {}

    /** True when every FILTER inside {@code part} mentions only variables its own input always binds. */
    static boolean takesBindings(Part part) {
        if (part instanceof Filter filter) {
            Set<Var> bound = certain(filter.input());
            for (Expr e : filter.expressions()) {
                if (!bound.containsAll(e.getVarsMentioned())) {
                    return false;
                }
            }
            return takesBindings(filter.input());
        }
        if (part instanceof Union union) {
            return takesBindings(union.left()) && takesBindings(union.right());
        }
        if (part instanceof Join join) {
            return takesBindings(join.left()) && takesBindings(join.right());
        }
        if (part instanceof Extend extend) {
            // A BIND, like a FILTER, sees only its own group's variables.
            return certain(extend.input()).containsAll(extend.expression().getVarsMentioned())
                    && takesBindings(extend.input());
        }
        return true;
    }

    /** The variables bound in every solution of {@code part}. */
    static Set<Var> certain(Part part) {
        Set<Var> vars = new HashSet<>();
        if (part instanceof Bgp bgp) {
            for (Triple t : bgp.patterns()) {
                addVar(vars, t.getSubject());
                addVar(vars, t.getPredicate());
                addVar(vars, t.getObject());
            }
        } else if (part instanceof Filter filter) {
            vars.addAll(certain(filter.input()));
        } else if (part instanceof Extend extend) {
            // The expression may fail: its variable is not certain.
            vars.addAll(certain(extend.input()));
        } else if (part instanceof Join join) {
            vars.addAll(certain(join.left()));
            vars.addAll(certain(join.right()));
        } else if (part instanceof Union union) {
            vars.addAll(certain(union.left()));
            vars.retainAll(certain(union.right()));
        } else if (part instanceof Values values) {
            vars.addAll(values.variables());
            for (Binding row : values.rows()) {
                vars.removeIf(v -> !row.contains(v));
            }
        }
        return vars;
    }

    private static void addVar(Set<Var> vars, Node node) {
        if (node.isVariable()) {
            vars.add(Var.alloc(node));
        }
    }
}
