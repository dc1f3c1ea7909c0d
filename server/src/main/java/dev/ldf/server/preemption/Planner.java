package dev.ldf.server.preemption;

import java.util.List;
import java.util.Set;

import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.function.FunctionEnv;

import dev.ldf.server.preemption.PreemptableQuery.Bgp;
import dev.ldf.server.preemption.PreemptableQuery.Filter;
import dev.ldf.server.preemption.PreemptableQuery.Join;
import dev.ldf.server.preemption.PreemptableQuery.Part;
import dev.ldf.server.preemption.PreemptableQuery.Union;
import dev.ldf.server.preemption.PreemptableQuery.Values;

/** Builds the operators of a query's parts, fresh or from a saved state. */
final class Planner implements SubPlans {

    private final Terms terms;
    private final Slots slots;
    private final FunctionEnv environment;

    /** {@code environment}: where FILTER and BIND expressions are evaluated, one for the whole run. */
    Planner(Terms terms, Slots slots, FunctionEnv environment) {
        this.terms = terms;
        this.slots = slots;
        this.environment = environment;
    }

    @Override
    public Operator start(Part part, Row base) {
        Operator operator = build(part, base);
        operator.start();
        return operator;
    }

    @Override
    public Operator resume(Part part, Row base, PlanState.Reader in) throws InvalidTokenException {
        Operator operator = build(part, base);
        operator.restore(in);
        return operator;
    }

    private Operator build(Part part, Row base) {
        if (part instanceof Bgp bgp) {
            return bgp.patterns().isEmpty()
                    ? new ValuesOperator(terms, slots, List.of(BindingFactory.empty()), base)
                    : new BgpOperator(terms, slots, bgp.patterns(), base);
        }
        if (part instanceof Filter filter && filter.input() instanceof Bgp bgp && !bgp.patterns().isEmpty()) {
            // The filters the pattern can evaluate go into its pipeline; the others run on its solutions.
            Set<Var> bound = Scope.certain(bgp);
            for (Expr e : filter.expressions()) {
                for (Var v : e.getVarsMentioned()) {
                    if (base.bound(slots.of(v))) {
                        bound.add(v);
                    }
                }
            }
            List<Expr> inside = filter.expressions().stream().filter(e -> bound.containsAll(e.getVarsMentioned())).toList();
            List<Expr> after = filter.expressions().stream().filter(e -> !inside.contains(e)).toList();
            Operator pattern = new BgpOperator(terms, slots, bgp.patterns(), base, inside, environment);
            return after.isEmpty() ? pattern : new FilterOperator(terms, slots, after, environment, pattern);
        }
        if (part instanceof Filter filter) {
            return new FilterOperator(terms, slots, filter.expressions(), environment, build(filter.input(), base));
        }
        if (part instanceof Union union) {
            return new UnionOperator(this, union, base);
        }
        if (part instanceof PreemptableQuery.Extend extend) {
            return new ExtendOperator(terms, slots, extend, environment, build(extend.input(), base));
        }
        if (part instanceof Join join) {
            return new JoinOperator(this, terms, join, base);
        }
        if (part instanceof PreemptableQuery.LeftJoin join) {
            return new JoinOperator(this, terms, slots, join, environment, base);
        }
        Values values = (Values) part;
        return new ValuesOperator(terms, slots, values.rows(), base);
    }
}
