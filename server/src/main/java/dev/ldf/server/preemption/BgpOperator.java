package dev.ldf.server.preemption;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.function.FunctionEnv;
import org.rdfhdt.hdt.enums.TripleComponentRole;

/**
 * A basic graph pattern as a left-deep pipeline of index nested-loop joins: one scan per pattern,
 * each opened with the terms the scans before it bound. The order is fixed when the operator is
 * built, from the dataset's counts and the variables bound on entry, so the same operator built
 * again for a resume has the same order.
 *
 * <p>The FILTERs of its group whose variables it binds are evaluated as soon as the scan that binds
 * their last variable has matched, so a row that fails one goes no deeper (ARQ places filters
 * the same way): a filter that no solution passes costs the first scans, not the whole join.
 *
 * <p>Saved state: how many scans are open, whether the last step was a solution, and each open
 * scan's position. On resume every open scan but the deepest reads its last row again (one row,
 * from the position before its saved one), which restores the bindings it had made; so does the deepest
 * when a solution was the last step. Resuming therefore costs one logarithmic seek per pattern,
 * however far the scans had got.
 */
final class BgpOperator implements Operator {

    private static final TripleComponentRole[] ROLES =
            {TripleComponentRole.SUBJECT, TripleComponentRole.PREDICATE, TripleComponentRole.OBJECT};

    /** One pattern in execution order. */
    private static final class Level {
        /** Per position the constant's identifier (-1: not in the dataset), or unused for a variable. */
        final long[] constants = new long[3];
        /** Per position the variable's slot, or -1 for a constant. */
        final int[] slots = {-1, -1, -1};
        /** Per position: a variable no earlier scan bound, so this scan leaves it open. */
        final boolean[] open = new boolean[3];
        /** Per position: where this scan binds the variable (its first open occurrence). */
        final boolean[] binds = new boolean[3];
        /** Which open positions must hold the same term (a variable repeated in the pattern). */
        int repeats;
    }

    private final Terms terms;
    private final Level[] levels;
    /** Per level, the filters to evaluate once its scan has matched. */
    private final List<Conditions> checks;
    private final ResumableScan[] scans;
    private final Row row;
    private final long[] spo = new long[3];
    private int depth;
    private boolean atSolution;
    private boolean done;

    BgpOperator(Terms terms, Slots slots, List<Triple> patterns, Row base) {
        this(terms, slots, patterns, base, List.of(), null);
    }

    /**
     * The pattern with {@code filters}, each of whose variables the pattern binds or {@code base}
     * holds, evaluated in {@code environment}.
     */
    BgpOperator(Terms terms, Slots slots, List<Triple> patterns, Row base, List<Expr> filters,
            FunctionEnv environment) {
        this.terms = terms;
        this.row = base.copy();
        this.levels = plan(terms, slots, patterns, base);
        this.scans = new ResumableScan[levels.length];
        this.checks = place(filters, slots, base, environment);
    }

    /** Each filter at the level whose scan binds the last of its variables (the first level for those bound on entry). */
    private List<Conditions> place(List<Expr> filters, Slots slots, Row base, FunctionEnv environment) {
        List<List<Expr>> placed = new ArrayList<>();
        for (int i = 0; i < levels.length; i++) {
            placed.add(new ArrayList<>());
        }
        for (Expr e : filters) {
            int at = 0;
            for (Var v : e.getVarsMentioned()) {
                at = Math.max(at, boundAt(slots.of(v), base));
            }
            placed.get(at).add(e);
        }
        return placed.stream().map(level -> Conditions.of(slots, level, environment)).toList();
    }

    private int boundAt(int slot, Row base) {
        if (base.bound(slot)) {
            return 0;
        }
        for (int i = 0; i < levels.length; i++) {
            for (int p = 0; p < 3; p++) {
                if (levels[i].binds[p] && levels[i].slots[p] == slot) {
                    return i;
                }
            }
        }
        throw new IllegalArgumentException("A filter of the pattern reads a variable the pattern does not bind");
    }

    @Override
    public void start() {
        scans[0] = open(0, 0);
        depth = 1;
    }

    @Override
    public Step next(Quantum quantum) {
        atSolution = false;
        if (done) {
            return Step.DONE;
        }
        while (true) {
            int i = depth - 1;
            ResumableScan.Step step = scans[i].next(spo, quantum);
            if (step == ResumableScan.Step.STOPPED) {
                return Step.SUSPENDED;
            }
            if (step == ResumableScan.Step.MATCH) {
                bind(i);
                if (!checks.get(i).test(terms, row)) {
                    continue; // the next row of the same scan
                }
                if (i == levels.length - 1) {
                    atSolution = true;
                    return Step.SOLUTION;
                }
                scans[i + 1] = open(i + 1, 0);
                depth++;
            } else {
                unbind(i);
                scans[i] = null;
                if (--depth == 0) {
                    done = true;
                    return Step.DONE;
                }
            }
        }
    }

    @Override
    public Row current() {
        return atSolution ? row : null;
    }

    @Override
    public void save(PlanState.Writer out) {
        if (done) {
            out.write(0);
            return;
        }
        out.write(2L * depth + (atSolution ? 1 : 0));
        for (int i = 0; i < depth; i++) {
            out.write(scans[i].position());
        }
    }

    @Override
    public void restore(PlanState.Reader in) throws InvalidTokenException {
        long code = in.read();
        if (code == 0) {
            done = true;
            return;
        }
        depth = (int) Math.min(code / 2, Integer.MAX_VALUE);
        atSolution = code % 2 == 1;
        if (depth > levels.length || (atSolution && depth != levels.length)) {
            throw PlanState.Reader.invalid();
        }
        long[] oneRow = {1};
        for (int i = 0; i < depth; i++) {
            long position = in.read();
            if (i < depth - 1 || atSolution) {
                // Read the row that made this scan's bindings again.
                long previous = terms.scans().previous(position);
                if (previous < 0) {
                    throw PlanState.Reader.invalid();
                }
                scans[i] = open(i, previous);
                oneRow[0] = 1;
                if (scans[i].next(spo, () -> oneRow[0]-- > 0) != ResumableScan.Step.MATCH) {
                    throw PlanState.Reader.invalid();
                }
                bind(i);
            } else {
                scans[i] = open(i, position);
            }
        }
    }

    private ResumableScan open(int i, long position) {
        Level level = levels[i];
        long[] ids = new long[3];
        for (int p = 0; p < 3; p++) {
            int slot = level.slots[p];
            if (slot < 0) {
                ids[p] = level.constants[p];
            } else if (!level.open[p]) {
                ids[p] = terms.id(row, slot, ROLES[p]);
            }
        }
        return terms.scans().open(ids[0], ids[1], ids[2], level.repeats, position);
    }

    private void bind(int i) {
        Level level = levels[i];
        for (int p = 0; p < 3; p++) {
            if (level.binds[p]) {
                Node node = scans[i].node(p);
                if (node == null) {
                    row.bind(level.slots[p], spo[p], ROLES[p]);
                } else {
                    row.bind(level.slots[p], node);
                }
            }
        }
    }

    private void unbind(int i) {
        Level level = levels[i];
        for (int p = 0; p < 3; p++) {
            if (level.binds[p]) {
                row.unbind(level.slots[p]);
            }
        }
    }

    /**
     * The patterns in execution order: each time the smallest (by the dataset's count, with the
     * terms bound on entry filled in) among those that share a variable with the patterns chosen
     * so far, or the smallest of all when none does.
     */
    private static Level[] plan(Terms terms, Slots slots, List<Triple> patterns, Row base) {
        List<Triple> left = new ArrayList<>(patterns);
        Set<Integer> bound = new HashSet<>();
        for (int slot = 0; slot < base.size(); slot++) {
            if (base.bound(slot)) {
                bound.add(slot);
            }
        }
        Set<Integer> chosenVariables = new HashSet<>();
        Level[] levels = new Level[patterns.size()];
        for (int n = 0; n < levels.length; n++) {
            Triple best = null;
            boolean bestConnected = false;
            long bestCount = Long.MAX_VALUE;
            for (Triple t : left) {
                boolean connected = !chosenVariables.isEmpty() && sharesVariable(t, slots, chosenVariables);
                long count = estimate(terms, slots, t, base);
                if (best == null || (connected && !bestConnected) || (connected == bestConnected && count < bestCount)) {
                    best = t;
                    bestConnected = connected;
                    bestCount = count;
                }
            }
            left.remove(best);
            levels[n] = level(terms, slots, best, bound);
            for (Node node : nodes(best)) {
                if (node instanceof Var var) {
                    chosenVariables.add(slots.of(var));
                    bound.add(slots.of(var));
                }
            }
        }
        return levels;
    }

    private static boolean sharesVariable(Triple t, Slots slots, Set<Integer> variables) {
        for (Node node : nodes(t)) {
            if (node instanceof Var var && variables.contains(slots.of(var))) {
                return true;
            }
        }
        return false;
    }

    private static long estimate(Terms terms, Slots slots, Triple t, Row base) {
        long[] ids = new long[3];
        Node[] nodes = nodes(t);
        for (int p = 0; p < 3; p++) {
            if (nodes[p] instanceof Var var) {
                int slot = slots.of(var);
                ids[p] = base.bound(slot) ? terms.id(base, slot, ROLES[p]) : 0;
            } else {
                ids[p] = terms.scans().id(nodes[p], ROLES[p]);
            }
        }
        return terms.scans().estimate(ids[0], ids[1], ids[2]);
    }

    private static Level level(Terms terms, Slots slots, Triple t, Set<Integer> bound) {
        Level level = new Level();
        Node[] nodes = nodes(t);
        for (int p = 0; p < 3; p++) {
            if (nodes[p] instanceof Var var) {
                int slot = slots.of(var);
                level.slots[p] = slot;
                level.open[p] = !bound.contains(slot);
                int first = firstOccurrence(nodes, var);
                level.binds[p] = level.open[p] && first == p;
                if (level.open[p] && first != p) {
                    level.repeats |= repeat(first, p);
                }
            } else {
                level.constants[p] = terms.scans().id(nodes[p], ROLES[p]);
            }
        }
        return level;
    }

    private static int firstOccurrence(Node[] nodes, Var var) {
        for (int p = 0; p < 3; p++) {
            if (var.equals(nodes[p])) {
                return p;
            }
        }
        throw new IllegalStateException("unreachable");
    }

    private static int repeat(int first, int second) {
        if (first == 0 && second == 2) {
            return ResumableScans.SUBJECT_IS_OBJECT;
        }
        return first == 0 ? ResumableScans.SUBJECT_IS_PREDICATE : ResumableScans.PREDICATE_IS_OBJECT;
    }

    private static Node[] nodes(Triple t) {
        return new Node[] {t.getSubject(), t.getPredicate(), t.getObject()};
    }
}
