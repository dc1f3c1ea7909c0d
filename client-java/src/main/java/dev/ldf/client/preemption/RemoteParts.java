package dev.ldf.client.preemption;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.op.Op1;
import org.apache.jena.sparql.algebra.op.Op2;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpExtend;
import org.apache.jena.sparql.algebra.op.OpFilter;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpLeftJoin;
import org.apache.jena.sparql.algebra.op.OpN;
import org.apache.jena.sparql.algebra.op.OpProject;
import org.apache.jena.sparql.algebra.op.OpSequence;
import org.apache.jena.sparql.algebra.op.OpSlice;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.op.OpTriple;
import org.apache.jena.sparql.algebra.op.OpUnion;
import org.apache.jena.sparql.algebra.walker.Walker;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunctionOp;
import org.apache.jena.sparql.expr.ExprVisitorBase;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.PreemptiveEndpoint;

/**
 * Finds the largest parts of a query's algebra that a preemptive endpoint runs (basic graph
 * patterns with FILTER, UNION, VALUES, BIND, OPTIONAL and joins of those, and a LIMIT or OFFSET over all of
 * the query; the server's own rules) and puts each behind an {@link OpRemote}; ARQ evaluates what is
 * around them.
 */
public final class RemoteParts {

    /** A variable's name as SPARQL's grammar allows it (VARNAME). */
    private static final Pattern SPARQL_NAME =
            Pattern.compile("[\\p{L}\\p{N}_][\\p{L}\\p{N}_\\u00B7\\u0300-\\u036F\\u203F-\\u2040]*");

    private RemoteParts() {}

    /**
     * A query's algebra, {@code op}, with its remote parts marked, each to run at {@code endpoint}
     * and count its steps in {@code plan}. A LIMIT or OFFSET over a part the endpoint runs goes
     * with it, so that the endpoint skips and stops: only at the root, which runs once, never for
     * rows given from outside (the slice would then cut the rows' joined solutions as a whole).
     */
    public static Op mark(Op op, PreemptiveEndpoint endpoint, PlanReport plan) {
        if (op instanceof OpSlice slice && remotable(slice.getSubOp() instanceof OpProject project
                ? project.getSubOp() : slice.getSubOp())) {
            return new OpRemote(op, endpoint, plan);
        }
        return markParts(op, endpoint, plan);
    }

    private static boolean remotable(Op op) {
        return runsRemotely(op) && hasPatterns(op) && writable(op);
    }

    private static Op markParts(Op op, PreemptiveEndpoint endpoint, PlanReport plan) {
        if (remotable(op)) {
            return new OpRemote(op, endpoint, plan);
        }
        if (op instanceof Op1 op1) {
            return op1.copy(markParts(op1.getSubOp(), endpoint, plan));
        }
        if (op instanceof Op2 op2) {
            return op2.copy(markParts(op2.getLeft(), endpoint, plan), markParts(op2.getRight(), endpoint, plan));
        }
        if (op instanceof OpN opN) {
            List<Op> elements = new ArrayList<>();
            for (Op element : opN.getElements()) {
                elements.add(markParts(element, endpoint, plan));
            }
            return opN.copy(elements);
        }
        return op;
    }

    /**
     * True when {@code op} is a remote part that may be given many rows at once, as VALUES blocks,
     * instead of once per row with the row substituted: its filters see only its own variables, so
     * joining its solutions with the rows gives the same answers.
     */
    public static boolean takesRowsInBlocks(Op op) {
        return op instanceof OpRemote remote
                && OpVars.visibleVars(remote.effectiveOp()).containsAll(OpVars.mentionedVars(remote.effectiveOp()));
    }

    /** True when the endpoint runs all of {@code op}. */
    static boolean runsRemotely(Op op) {
        if (op instanceof OpBGP || op instanceof OpTriple || op instanceof OpTable) {
            return true;
        }
        if (op instanceof OpFilter filter) {
            return filter.getExprs().getList().stream().noneMatch(RemoteParts::hasExists) && runsRemotely(filter.getSubOp());
        }
        if (op instanceof OpLeftJoin join) {
            return (join.getExprs() == null || join.getExprs().getList().stream().noneMatch(RemoteParts::hasExists))
                    && runsRemotely(join.getLeft()) && runsRemotely(join.getRight());
        }
        if (op instanceof OpExtend extend) {
            return extend.getVarExprList().getExprs().values().stream().noneMatch(RemoteParts::hasExists)
                    && runsRemotely(extend.getSubOp());
        }
        if (op instanceof OpUnion || op instanceof OpJoin) {
            Op2 op2 = (Op2) op;
            return runsRemotely(op2.getLeft()) && runsRemotely(op2.getRight());
        }
        if (op instanceof OpSequence sequence) {
            return sequence.getElements().stream().allMatch(RemoteParts::runsRemotely);
        }
        return false;
    }

    /**
     * True when every variable of {@code op} can be written in SPARQL: ARQ's optimiser renames the
     * variables of subqueries ({@code ?/x}) and turns blank nodes into variables ({@code ??0}).
     */
    private static boolean writable(Op op) {
        return OpVars.mentionedVars(op).stream().allMatch(v -> SPARQL_NAME.matcher(v.getVarName()).matches());
    }

    private static boolean hasPatterns(Op op) {
        if (op instanceof OpBGP bgp) {
            return !bgp.getPattern().isEmpty();
        }
        if (op instanceof OpTriple) {
            return true;
        }
        if (op instanceof Op1 op1) {
            return hasPatterns(op1.getSubOp());
        }
        if (op instanceof Op2 op2) {
            return hasPatterns(op2.getLeft()) || hasPatterns(op2.getRight());
        }
        if (op instanceof OpN opN) {
            return opN.getElements().stream().anyMatch(RemoteParts::hasPatterns);
        }
        return false;
    }

    /** EXISTS evaluates a pattern per solution: not something the endpoint runs. */
    private static boolean hasExists(Expr expr) {
        boolean[] found = {false};
        Walker.walk(expr, new ExprVisitorBase() {
            @Override
            public void visit(ExprFunctionOp funcOp) {
                found[0] = true;
            }
        });
        return found[0];
    }
}
