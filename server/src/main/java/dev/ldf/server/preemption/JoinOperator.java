package dev.ldf.server.preemption;

import dev.ldf.server.preemption.PreemptableQuery.Join;

/**
 * A nested-loop join of two parts: the right side runs once per solution of the left. Where
 * {@link Scope#takesBindings} allows (VALUES joined with a pattern, in practice), it runs with that
 * solution's bindings on entry; otherwise on its own, and its solutions are merged with the left's
 * where compatible. Saved: the left side's state, and the right side's while one runs; the left
 * then stands on the solution it belongs to.
 */
final class JoinOperator implements Operator {

    private final SubPlans parts;
    private final Terms terms;
    private final Join join;
    private final Row base;
    private final boolean substitutes;
    private Operator outer;
    private Operator inner;
    private Row current;

    JoinOperator(SubPlans parts, Terms terms, Join join, Row base) {
        this.parts = parts;
        this.terms = terms;
        this.join = join;
        this.base = base;
        this.substitutes = Scope.takesBindings(join.right());
    }

    @Override
    public void start() {
        outer = parts.start(join.left(), base);
    }

    @Override
    public Step next(Quantum quantum) {
        current = null;
        while (true) {
            if (inner == null) {
                Step step = outer.next(quantum);
                if (step != Step.SOLUTION) {
                    return step;
                }
                inner = parts.start(join.right(), rightBase());
            }
            Step step = inner.next(quantum);
            if (step == Step.SOLUTION) {
                current = merged();
                if (current != null) {
                    return step;
                }
            } else if (step != Step.DONE) {
                return step;
            } else {
                inner = null;
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
        out.write(inner == null ? 0 : 1);
        if (inner != null) {
            inner.save(out);
        }
    }

    @Override
    public void restore(PlanState.Reader in) throws InvalidTokenException {
        outer = parts.resume(join.left(), base, in);
        if (in.read(1) == 1) {
            if (outer.current() == null) {
                throw PlanState.Reader.invalid();
            }
            inner = parts.resume(join.right(), rightBase(), in);
            current = inner.current() == null ? null : merged();
        }
    }

    private Row rightBase() {
        return substitutes ? outer.current().copy() : base.copy();
    }

    /** The right side's solution with the left's, or null when they bind a variable to different terms. */
    private Row merged() {
        Row right = inner.current();
        if (substitutes) {
            return right;
        }
        Row left = outer.current();
        Row row = left.copy();
        for (int slot = 0; slot < row.size(); slot++) {
            if (!right.bound(slot)) {
                continue;
            }
            if (!row.bound(slot)) {
                row.bindAs(right, slot);
            } else if (!terms.node(row, slot).equals(terms.node(right, slot))) {
                return null;
            }
        }
        return row;
    }
}
