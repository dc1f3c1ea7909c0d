package dev.ldf.server.preemption;

import java.util.List;

import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * The solutions of its input that satisfy every expression, evaluated by Jena on the variables
 * they mention (decoded from identifiers only for those). Stateless: saved as its input.
 */
final class FilterOperator implements Operator {

    private final Terms terms;
    private final Conditions conditions;
    private final Operator input;

    FilterOperator(Terms terms, Slots slots, List<Expr> expressions, FunctionEnv environment, Operator input) {
        this.terms = terms;
        this.conditions = Conditions.of(slots, expressions, environment);
        this.input = input;
    }

    @Override
    public void start() {
        input.start();
    }

    @Override
    public void restore(PlanState.Reader in) throws InvalidTokenException {
        input.restore(in);
    }

    @Override
    public Step next(Quantum quantum) {
        while (true) {
            Step step = input.next(quantum);
            if (step != Step.SOLUTION || conditions.test(terms, input.current())) {
                return step;
            }
        }
    }

    @Override
    public Row current() {
        return input.current();
    }

    @Override
    public void save(PlanState.Writer out) {
        input.save(out);
    }
}
