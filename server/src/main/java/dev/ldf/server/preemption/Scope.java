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
import dev.ldf.server.preemption.PreemptableQuery.LeftJoin;
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

    /**
     * True when {@code part} may run with bindings on entry of some of {@code outer}, the
     * variables the solutions handed in may bind: every FILTER and BIND inside it mentions only
     * variables its own input always binds, and every OPTIONAL inside it shares with those outer
     * variables only ones its left side always binds. Otherwise an outer binding would restrict
     * the OPTIONAL's right side, and a left solution that SPARQL extends (and then drops, as
     * incompatible) would come out alone ({@code :a :p ?v OPTIONAL { :b :q ?w OPTIONAL { :c :p ?v } }}).
     */
    static boolean takesBindings(Part part, Set<Var> outer) {
        if (part instanceof Filter filter) {
            Set<Var> bound = certain(filter.input());
            for (Expr e : filter.expressions()) {
                if (!bound.containsAll(e.getVarsMentioned())) {
                    return false;
                }
            }
            return takesBindings(filter.input(), outer);
        }
        if (part instanceof Union union) {
            return takesBindings(union.left(), outer) && takesBindings(union.right(), outer);
        }
        if (part instanceof Join join) {
            return takesBindings(join.left(), outer) && takesBindings(join.right(), union(outer, mentioned(join.left())));
        }
        if (part instanceof LeftJoin join) {
            // The OPTIONAL's filter sees only the variables of its two sides.
            Set<Var> own = union(mentioned(join.left()), mentioned(join.right()));
            Set<Var> shared = new HashSet<>(mentioned(join.right()));
            shared.retainAll(outer);
            return join.expressions().stream().allMatch(e -> own.containsAll(e.getVarsMentioned()))
                    && certain(join.left()).containsAll(shared)
                    && takesBindings(join.left(), outer) && takesBindings(join.right(), union(outer, mentioned(join.left())));
        }
        if (part instanceof Extend extend) {
            // A BIND, like a FILTER, sees only its own group's variables.
            return certain(extend.input()).containsAll(extend.expression().getVarsMentioned())
                    && takesBindings(extend.input(), outer);
        }
        return true;
    }

    private static Set<Var> union(Set<Var> a, Set<Var> b) {
        Set<Var> all = new HashSet<>(a);
        all.addAll(b);
        return all;
    }

    /** The variables bound in every solution of {@code part}. */
    static Set<Var> certain(Part part) {
        Set<Var> vars = new HashSet<>();
        if (part instanceof Bgp bgp) {
            vars.addAll(variables(bgp));
        } else if (part instanceof Filter filter) {
            vars.addAll(certain(filter.input()));
        } else if (part instanceof LeftJoin join) {
            vars.addAll(certain(join.left()));
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

    /** Every variable {@code part} may bind. */
    static Set<Var> mentioned(Part part) {
        Set<Var> vars = new HashSet<>();
        if (part instanceof Bgp bgp) {
            vars.addAll(variables(bgp));
        } else if (part instanceof Filter filter) {
            vars.addAll(mentioned(filter.input()));
        } else if (part instanceof Join join) {
            return union(mentioned(join.left()), mentioned(join.right()));
        } else if (part instanceof LeftJoin join) {
            return union(mentioned(join.left()), mentioned(join.right()));
        } else if (part instanceof Union union) {
            return union(mentioned(union.left()), mentioned(union.right()));
        } else if (part instanceof Values values) {
            vars.addAll(values.variables());
        } else if (part instanceof Extend extend) {
            vars.add(extend.variable());
            vars.addAll(mentioned(extend.input()));
        }
        return vars;
    }

    private static Set<Var> variables(Bgp bgp) {
        Set<Var> vars = new HashSet<>();
        for (Triple t : bgp.patterns()) {
            addVar(vars, t.getSubject());
            addVar(vars, t.getPredicate());
            addVar(vars, t.getObject());
        }
        return vars;
    }

    private static void addVar(Set<Var> vars, Node node) {
        if (node.isVariable()) {
            vars.add(Var.alloc(node));
        }
    }
}
