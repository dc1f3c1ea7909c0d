package dev.ldf.server.preemption;

import dev.ldf.server.preemption.PreemptableQuery.Join;

/**
 * A nested-loop join of two parts: the right side runs once per solution of the left, with that
 * solution's bindings on entry (VALUES joined with a pattern, in practice). Saved: the left side's
 * state, and the right side's while one runs; the left then stands on the solution it belongs to.
 */
final class JoinOperator implements Operator {

    private final Planner planner;
    private final Join join;
    private final Row base;
    private Operator outer;
    private Operator inner;

    JoinOperator(Planner planner, Join join, Row base) {
        this.planner = planner;
        this.join = join;
        this.base = base;
    }

    @Override
    public void start() {
        outer = planner.start(join.left(), base);
    }

    @Override
    public Step next(Quantum quantum) {
        while (true) {
            if (inner == null) {
                Step step = outer.next(quantum);
                if (step != Step.SOLUTION) {
                    return step;
                }
                inner = planner.start(join.right(), outer.current().copy());
            }
            Step step = inner.next(quantum);
            if (step != Step.DONE) {
                return step;
            }
            inner = null;
        }
    }

    @Override
    public Row current() {
        return inner == null ? null : inner.current();
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
        outer = planner.resume(join.left(), base, in);
        if (in.read(1) == 1) {
            Row left = outer.current();
            if (left == null) {
                throw PlanState.Reader.invalid();
            }
            inner = planner.resume(join.right(), left.copy(), in);
        }
    }
}
