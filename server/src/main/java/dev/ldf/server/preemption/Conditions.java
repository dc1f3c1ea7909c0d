package dev.ldf.server.preemption;

import java.util.List;

import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.function.FunctionEnv;

/**
 * FILTER expressions tested on a row, evaluated by Jena on the variables they mention (decoded from
 * identifiers only for those); an evaluation error counts as false, as SPARQL's FILTER says. The
 * filter operator, an OPTIONAL's own filter and the filters placed in a pattern's pipeline share it.
 */
final class Conditions {

    /** No expressions: every row passes (a plain join's). */
    static final Conditions NONE = new Conditions(List.of(), List.of(), new int[0], null);

    private final List<Expr> expressions;
    private final List<Var> variables;
    private final int[] slots;
    private final FunctionEnv environment;

    private Conditions(List<Expr> expressions, List<Var> variables, int[] slots, FunctionEnv environment) {
        this.expressions = expressions;
        this.variables = variables;
        this.slots = slots;
        this.environment = environment;
    }

    /** {@code expressions} over the query's {@code slots}, evaluated in {@code environment}. */
    static Conditions of(Slots slots, List<Expr> expressions, FunctionEnv environment) {
        List<Var> variables = expressions.stream().flatMap(e -> e.getVarsMentioned().stream()).distinct().toList();
        return new Conditions(List.copyOf(expressions), variables, slots.of(variables), environment);
    }

    /** True when {@code row} satisfies every expression. */
    boolean test(Terms terms, Row row) {
        if (expressions.isEmpty()) {
            return true;
        }
        Binding solution = terms.binding(row, variables, slots);
        for (Expr e : expressions) {
            if (!e.isSatisfied(solution, environment)) {
                return false;
            }
        }
        return true;
    }
}
