package dev.ldf.server.preemption;

import org.apache.jena.sparql.function.FunctionEnv;

import dev.ldf.server.preemption.PreemptableQuery.Join;
import dev.ldf.server.preemption.PreemptableQuery.LeftJoin;
import dev.ldf.server.preemption.PreemptableQuery.Part;

/**
 * A nested-loop join of two parts: the right side runs once per solution of the left. Where
 * {@link Scope#takesBindings} allows (VALUES joined with a pattern, in practice), it runs with that
 * solution's bindings on entry; otherwise on its own, and its solutions are merged with the left's
 * where compatible. As OPTIONAL, a left solution that no right solution extends (with the
 * OPTIONAL's filter true) is a solution alone. Saved: the left side's state, then what stands
 * after it: nothing, the right side's state with whether a right solution matched, or that the
 * left solution was just given alone; the left then stands on the solution it belongs to.
 */
final class JoinOperator implements Operator {

    private static final int BETWEEN = 0;
    private static final int RIGHT_RUNNING = 1;
    private static final int LEFT_ALONE = 2;

    private final SubPlans parts;
    private final Terms terms;
    private final Part left;
    private final Part right;
    private final boolean optional;
    /** The OPTIONAL's own FILTER on a joined solution; none for a plain join. */
    private final Conditions conditions;
    private final Row base;
    private final boolean substitutes;
    private Operator outer;
    private Operator inner;
    private boolean matched;
    private boolean leftAlone;
    private Row current;

    JoinOperator(SubPlans parts, Terms terms, Join join, Row base) {
        this(parts, terms, join.left(), join.right(), false, Conditions.NONE, base);
    }

    JoinOperator(SubPlans parts, Terms terms, Slots slots, LeftJoin join, FunctionEnv environment, Row base) {
        this(parts, terms, join.left(), join.right(), true, Conditions.of(slots, join.expressions(), environment), base);
    }

    private JoinOperator(SubPlans parts, Terms terms, Part left, Part right, boolean optional, Conditions conditions,
            Row base) {
        this.parts = parts;
        this.terms = terms;
        this.left = left;
        this.right = right;
        this.optional = optional;
        this.conditions = conditions;
        this.base = base;
        this.substitutes = Scope.takesBindings(right, Scope.mentioned(left));
    }

    @Override
    public void start() {
        outer = parts.start(left, base);
    }

    @Override
    public Step next(Quantum quantum) {
        current = null;
        leftAlone = false;
        while (true) {
            if (inner == null) {
                Step step = outer.next(quantum);
                if (step != Step.SOLUTION) {
                    return step;
                }
                inner = parts.start(right, rightBase());
                matched = false;
            }
            Step step = inner.next(quantum);
            if (step == Step.SOLUTION) {
                current = merged();
                if (current != null && conditions.test(terms, current)) {
                    matched = true;
                    return step;
                }
                current = null;
            } else if (step != Step.DONE) {
                return step;
            } else {
                inner = null;
                if (optional && !matched) {
                    leftAlone = true;
                    current = outer.current();
                    return Step.SOLUTION;
                }
            }
        }
    }

    @Override
    public Row current() {
        return current;
    }

    @Override
    public void save(PlanState.Writer out) {
        outer.save(out);
        if (inner != null) {
            out.write(RIGHT_RUNNING);
            out.write(matched ? 1 : 0);
            inner.save(out);
        } else {
            out.write(leftAlone ? LEFT_ALONE : BETWEEN);
        }
    }

    @Override
    public void restore(PlanState.Reader in) throws InvalidTokenException {
        outer = parts.resume(left, base, in);
        int after = in.read(optional ? LEFT_ALONE : RIGHT_RUNNING);
        if (after != BETWEEN && outer.current() == null) {
            throw PlanState.Reader.invalid();
        }
        if (after == RIGHT_RUNNING) {
            matched = in.read(1) == 1;
            inner = parts.resume(right, rightBase(), in);
            current = inner.current() == null ? null : merged();
        } else if (after == LEFT_ALONE) {
            leftAlone = true;
            current = outer.current();
        }
    }

    private Row rightBase() {
        return substitutes ? outer.current().copy() : base.copy();
    }

    /** The right side's solution with the left's, or null when they bind a variable to different terms. */
    private Row merged() {
        Row rightRow = inner.current();
        if (substitutes) {
            return rightRow;
        }
        Row row = outer.current().copy();
        for (int slot = 0; slot < row.size(); slot++) {
            if (!rightRow.bound(slot)) {
                continue;
            }
            if (!row.bound(slot)) {
                row.bindAs(rightRow, slot);
            } else if (!terms.node(row, slot).equals(terms.node(rightRow, slot))) {
                return null;
            }
        }
        return row;
    }
}
