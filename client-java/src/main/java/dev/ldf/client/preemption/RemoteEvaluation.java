package dev.ldf.client.preemption;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.OpAsQuery;
import org.apache.jena.sparql.algebra.OpVars;
import org.apache.jena.sparql.algebra.op.OpJoin;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.algebra.table.TableN;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.engine.main.QC;
import org.apache.jena.sparql.algebra.TransformCopy;
import org.apache.jena.sparql.algebra.Transformer;
import org.apache.jena.sparql.core.Substitute;
import org.apache.jena.sparql.expr.E_Bound;
import org.apache.jena.sparql.expr.Expr;
import org.apache.jena.sparql.expr.ExprFunction1;
import org.apache.jena.sparql.expr.ExprTransformCopy;
import org.apache.jena.sparql.expr.NodeValue;

import dev.ldf.client.http.FragmentException;
import dev.ldf.client.source.PreemptiveEndpoint;
import dev.ldf.client.http.ResultsPage;
import dev.ldf.client.http.SourceTerms;
import dev.ldf.client.plan.PlanReport;

/**
 * Evaluates a remote part for the rows ARQ gives it: the whole part once when the rows bind none
 * of its variables (the usual case: the part is the query), otherwise in blocks of rows sent as
 * VALUES, all rows of a block binding the same variables, so that every solution belongs to
 * exactly one row of the block. Each block's query is followed quantum by quantum, one page of
 * solutions at a time, and the solutions are merged with their rows.
 *
 * <p>A row that binds a variable only a FILTER of the part mentions (a FILTER inside OPTIONAL that
 * reads a variable of the outer pattern) is substituted into the part instead, one query per row:
 * a filter in VALUES-joined form would not see the row's value. The server's blank nodes travel as
 * their Skolem IRIs; a row with a blank node the query made itself ({@code BNODE()}) cannot be
 * written at all and is evaluated by ARQ over fragments instead.
 */
final class RemoteEvaluation implements Iterator<Binding> {

    /** Rows sent in one query's VALUES. */
    static final int BLOCK = 100;
    /** Times a query refused before its first solution starts again. */
    private static final int MAX_RESTARTS = 3;

    private final Op op;
    private final PreemptiveEndpoint source;
    private final PlanReport plan;
    private final QueryIterator input;
    private final ExecutionContext context;
    private final List<Var> vars;
    /** Every variable of the part, {@link #vars} and those only its filters mention. */
    private final List<Var> mentioned;
    /** Variables only the part's filters mention: a row's value for one must be substituted. */
    private final List<Var> filterOnly;
    /** The part as the plan report shows it, written once for all its blocks. */
    private final String partText;
    private final Deque<Block> blocks = new ArrayDeque<>();
    private Iterator<Binding> ready = Collections.emptyIterator();

    RemoteEvaluation(Op op, PreemptiveEndpoint source, PlanReport plan, QueryIterator input, ExecutionContext context) {
        this.op = op;
        this.source = source;
        this.plan = plan;
        this.input = input;
        this.context = context;
        this.vars = OpVars.visibleVars(op).stream().sorted((a, b) -> a.getVarName().compareTo(b.getVarName())).toList();
        this.mentioned = List.copyOf(OpVars.mentionedVars(op));
        this.filterOnly = mentioned.stream().filter(v -> !vars.contains(v)).toList();
        this.partText = OpAsQuery.asQuery(op).toString().strip().replaceAll("\\s+", " ");
    }

    @Override
    public boolean hasNext() {
        while (!ready.hasNext()) {
            if (blocks.isEmpty() && !readBlocks()) {
                return false;
            }
            Block block = blocks.peek();
            ready = block.nextPage();
            if (block.finished()) {
                blocks.remove();
            }
        }
        return true;
    }

    @Override
    public Binding next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return ready.next();
    }

    /** The next rows of the input, grouped by the variables of the part they bind. */
    private boolean readBlocks() {
        Map<List<Var>, List<Binding>> groups = new LinkedHashMap<>();
        int read = 0;
        while (read < BLOCK && input.hasNext()) {
            Binding row = input.next();
            read++;
            List<Var> bound = vars.stream().filter(row::contains).toList();
            if (mentioned.stream().anyMatch(v -> row.contains(v) && source.skolemIris().isForeignBlank(row.get(v)))) {
                blocks.add(new LocalBlock(row));
            } else if (filterOnly.stream().anyMatch(row::contains)) {
                blocks.add(new RemoteBlock(substituted(op, row), List.of(), List.of(row), " for 1 row, substituted"));
            } else {
                groups.computeIfAbsent(bound, b -> new ArrayList<>()).add(row);
            }
        }
        if (read == 0) {
            input.close();
            return false;
        }
        groups.forEach((bound, rows) -> blocks.add(new RemoteBlock(op, bound, rows,
                bound.isEmpty() ? "" : " with VALUES of " + rows.size() + (rows.size() == 1 ? " row" : " rows"))));
        return true;
    }

    /** Rows evaluated together. */
    private interface Block {
        Iterator<Binding> nextPage();

        boolean finished();
    }

    /** Rows that bind the same variables of the part, sent as one query. */
    private final class RemoteBlock implements Block {
        private final List<Var> bound;
        private final Map<List<Node>, List<Binding>> rowsByKey = new HashMap<>();
        private final String query;
        private String next;
        private boolean finished;
        /** Solutions the server gave so far. */
        private long solutions;
        private final PlanReport.Step step;

        /** {@code part} (the part, or the part with a row substituted) for {@code rows}, which bind {@code bound}. */
        RemoteBlock(Op part, List<Var> bound, List<Binding> rows, String described) {
            this.bound = bound;
            TableN values = new TableN(bound);
            for (Binding row : rows) {
                List<Node> key = key(row);
                List<Binding> same = rowsByKey.get(key);
                if (same == null) {
                    same = new ArrayList<>();
                    rowsByKey.put(key, same);
                    BindingBuilder builder = BindingBuilder.create();
                    bound.forEach(v -> builder.add(v, SourceTerms.writable(row.get(v))));
                    values.addBinding(builder.build());
                }
                same.add(row);
            }
            Op sent = source.skolemIris().toIri(bound.isEmpty() ? part : OpJoin.create(OpTable.create(values), part));
            this.query = QueryText.of(sent);
            this.step = plan.step("preemptive", partText + described, -1);
        }

        @Override
        public Iterator<Binding> nextPage() {
            ResultsPage page = fetch();
            next = page.next();
            solutions += page.solutions().size();
            step.page(0);
            step.solutions(page.solutions().size());
            finished = next == null;
            List<Binding> merged = new ArrayList<>();
            for (Binding solution : page.solutions()) {
                List<Binding> rows = rowsByKey.get(key(solution));
                if (rows != null) {
                    for (Binding row : rows) {
                        if (Algebra.compatible(row, solution)) {
                            merged.add(Algebra.merge(row, solution));
                        }
                    }
                }
            }
            return merged.iterator();
        }

        @Override
        public boolean finished() {
            return finished;
        }

        /**
         * The next quantum. A dataset that takes changes refuses (409) to resume a query whose
         * data changed since its last quantum: before any solution came, the query starts again;
         * after, the solutions given would mix two versions, so the query fails.
         */
        private ResultsPage fetch() {
            for (int restarts = 0;; restarts++) {
                try {
                    return source.results(query, next);
                } catch (FragmentException e) {
                    if (e.status() != 409 || next == null) {
                        throw e;
                    }
                    if (solutions > 0 || restarts == MAX_RESTARTS) {
                        throw new FragmentException("The dataset changed, in data this query reads, while the query ran"
                                + (solutions > 0 ? " (after " + solutions + " solutions)" : "") + "; run it again. "
                                + e.getMessage(), e);
                    }
                    next = null;
                }
            }
        }

        private List<Node> key(Binding binding) {
            List<Node> key = new ArrayList<>(bound.size());
            for (Var v : bound) {
                key.add(binding.get(v));
            }
            return key;
        }
    }

    /** One row that ARQ evaluates over fragments. */
    private final class LocalBlock implements Block {
        private final Binding row;

        LocalBlock(Binding row) {
            this.row = row;
        }

        @Override
        public Iterator<Binding> nextPage() {
            List<Binding> results = new ArrayList<>();
            QueryIterator local = QC.execute(op, QueryIterPlainWrapper.create(List.of(row).iterator(), context), context);
            try {
                local.forEachRemaining(results::add);
            } finally {
                local.close();
            }
            return results.iterator();
        }

        @Override
        public boolean finished() {
            return true;
        }
    }

    /**
     * {@code part} with {@code row}'s values in place of its variables, still valid SPARQL:
     * {@code BOUND} takes only a variable, so {@code BOUND(?v)} of a variable the row binds
     * becomes true before the value replaces it.
     */
    static Op substituted(Op part, Binding row) {
        Op bound = Transformer.transform(new TransformCopy(), new ExprTransformCopy() {
            @Override
            public Expr transform(ExprFunction1 function, Expr argument) {
                if (function instanceof E_Bound && argument.isVariable() && row.contains(argument.asVar())) {
                    return NodeValue.TRUE;
                }
                return super.transform(function, argument);
            }
        }, part);
        return Substitute.substitute(bound, row);
    }
}
