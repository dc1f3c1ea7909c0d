package dev.ldf.server.preemption;

import dev.ldf.server.preemption.PreemptableQuery.Union;

/** The solutions of the left side, then those of the right. Saved: which side, and that side's state. */
final class UnionOperator implements Operator {

    private static final int DONE = 2;

    private final SubPlans parts;
    private final Union union;
    private final Row base;
    private int side;
    private Operator child;

    UnionOperator(SubPlans parts, Union union, Row base) {
        this.parts = parts;
        this.union = union;
        this.base = base;
    }

    @Override
    public void start() {
        side = 0;
        child = parts.start(union.left(), base);
    }

    @Override
    public Step next(Quantum quantum) {
        while (side < DONE) {
            Step step = child.next(quantum);
            if (step != Step.DONE) {
                return step;
            }
            if (++side < DONE) {
                child = parts.start(union.right(), base);
            } else {
                child = null;
            }
        }
        return Step.DONE;
    }

    @Override
    public Row current() {
        return child == null ? null : child.current();
    }

    @Override
    public void save(PlanState.Writer out) {
        out.write(side);
        if (child != null) {
            child.save(out);
        }
    }

    @Override
    public void restore(PlanState.Reader in) throws InvalidTokenException {
        side = in.read(DONE);
        child = side == DONE ? null : parts.resume(side == 0 ? union.left() : union.right(), base, in);
    }
}
