package dev.ldf.server.preemption;

import java.util.Iterator;
import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/** Inline solutions (VALUES), each merged with the solution on entry where compatible. Saved: the next row. */
final class ValuesOperator implements Operator {

    private final Terms terms;
    private final Slots slots;
    private final List<Binding> rows;
    private final Row base;
    private int next;
    private Row current;

    ValuesOperator(Terms terms, Slots slots, List<Binding> rows, Row base) {
        this.terms = terms;
        this.slots = slots;
        this.rows = rows;
        this.base = base;
    }

    @Override
    public void start() {
        next = 0;
    }

    @Override
    public Step next(Quantum quantum) {
        current = null;
        while (next < rows.size()) {
            // A row costs little, but a long VALUES block must not run past the quantum either.
            if (!quantum.spend()) {
                return Step.SUSPENDED;
            }
            Row merged = merge(rows.get(next++));
            if (merged != null) {
                current = merged;
                return Step.SOLUTION;
            }
        }
        return Step.DONE;
    }

    @Override
    public Row current() {
        return current;
    }

    @Override
    public void save(PlanState.Writer out) {
        out.write(2L * next + (current != null ? 1 : 0));
    }

    @Override
    public void restore(PlanState.Reader in) throws InvalidTokenException {
        long code = in.read();
        if (code / 2 > rows.size()) {
            throw PlanState.Reader.invalid();
        }
        next = (int) (code / 2);
        if (code % 2 == 1) {
            current = next == 0 ? null : merge(rows.get(next - 1));
            if (current == null) {
                throw PlanState.Reader.invalid();
            }
        }
    }

    /** The row merged with the solution on entry, or null when they disagree on a variable. */
    private Row merge(Binding values) {
        Row merged = base.copy();
        for (Iterator<Var> vars = values.vars(); vars.hasNext();) {
            Var var = vars.next();
            int slot = slots.of(var);
            Node node = values.get(var);
            if (!merged.bound(slot)) {
                merged.bind(slot, node);
            } else if (!terms.node(merged, slot).equals(node)) {
                return null;
            }
        }
        return merged;
    }
}
