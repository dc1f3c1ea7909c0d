package dev.ldf.server.preemption;

import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprEvalException;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * BIND, and an expression in SELECT: each solution of its input with one more variable, the
 * expression's value as Jena evaluates it; left unbound where the evaluation fails, as SPARQL
 * says. Where the variable came bound on entry (a join handed its left side's solution in), a
 * different value makes the solution incompatible: it is dropped. Stateless: saved as its input.
 */
final class ExtendOperator implements Operator {

    private final Terms terms;
    private final Expr expression;
    private final int slot;
    private final List<Var> variables;
    private final int[] slots;
    private final Operator input;
    private final FunctionEnv environment;
    private Row current;

    ExtendOperator(Terms terms, Slots slots, PreemptableQuery.Extend extend, FunctionEnv environment, Operator input) {
        this.terms = terms;
        this.environment = environment;
        this.expression = extend.expression();
        this.slot = slots.of(extend.variable());
        this.variables = List.copyOf(extend.expression().getVarsMentioned());
        this.slots = slots.of(variables);
        this.input = input;
    }

    @Override
    public void start() {
        input.start();
    }

    @Override
    public void restore(PlanState.Reader in) throws InvalidTokenException {
        input.restore(in);
        // A resume stands on the solution it saved at: a join above rebuilds its right side from it.
        current = input.current() == null ? null : extended(input.current());
    }

    @Override
    public Step next(Quantum quantum) {
        current = null;
        while (true) {
            Step step = input.next(quantum);
            if (step != Step.SOLUTION) {
                return step;
            }
            current = extended(input.current());
            if (current != null) {
                return step;
            }
        }
    }

    @Override
    public Row current() {
        return current;
    }

    @Override
    public void save(PlanState.Writer out) {
        input.save(out);
    }

    /** {@code row} with the expression's value, or null where it clashes with a value bound on entry. */
    private Row extended(Row row) {
        Node value;
        try {
            value = expression.eval(terms.binding(row, variables, slots), environment).asNode();
        } catch (ExprEvalException e) {
            value = null;
        }
        if (row.bound(slot)) {
            return value == null || value.equals(terms.node(row, slot)) ? row : null;
        }
        Row extended = row.copy();
        if (value != null) {
            extended.bind(slot, value);
        }
        return extended;
    }
}
