package dev.ldf.server.preemption;

import java.util.List;

import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * The solutions of its input that satisfy every expression, evaluated by Jena on the variables
 * they mention (decoded from identifiers only for those). Stateless: saved as its input.
 */
final class FilterOperator implements Operator {

    private final Terms terms;
    private final List<Expr> expressions;
    private final List<Var> variables;
    private final int[] slots;
    private final Operator input;
    private final FunctionEnv environment;

    FilterOperator(Terms terms, Slots slots, List<Expr> expressions, FunctionEnv environment, Operator input) {
        this.terms = terms;
        this.environment = environment;
        this.expressions = expressions;
        this.variables = expressions.stream().flatMap(e -> e.getVarsMentioned().stream()).distinct().toList();
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
    }

    @Override
    public Step next(Quantum quantum) {
        while (true) {
            Step step = input.next(quantum);
            if (step != Step.SOLUTION || accepts(input.current())) {
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

    private boolean accepts(Row row) {
        var solution = terms.binding(row, variables, slots);
        for (Expr e : expressions) {
            // Jena counts an evaluation error as false, as SPARQL's FILTER does.
            if (!e.isSatisfied(solution, environment)) {
                return false;
            }
        }
        return true;
    }
}
