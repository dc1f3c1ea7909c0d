package dev.ldf.server.preemption;

import java.util.Iterator;
import java.util.NoSuchElementException;

import org.apache.jena.sparql.engine.binding.Binding;

/**
 * The whole answer to a query, for a client that does not follow continuation tokens (as no
 * standard SPARQL client does): its solutions across as many quanta as the query takes. Each
 * quantum takes its place as any other: between two, the request gives its place up and queues
 * again as one that resumes a query, so the queue's fairness holds quantum by quantum, and the
 * solutions of one quantum are written while the next is not yet running.
 *
 * <p>The query may run for {@code budgetNanos} in all (the sum of its quanta; queueing does not
 * count); its last quantum is cut to what is left. The first quantum runs when the answer is made,
 * so that a refusal comes before any response; a query that outruns its budget fails afterwards,
 * in {@link #hasNext()}, with a {@link QueryRefusedException}, after the solutions found so far.
 * Not thread-safe: one request reads it.
 */
public final class CompleteAnswer implements Iterator<Binding> {

    private final QuantumRunner runner;
    private final QuantumRunner.Request request;
    private final long budgetNanos;
    private final Spending spending;
    private QuantumRunner.Result last;
    private Iterator<Binding> solutions;
    private long delivered;
    private long rows;

    /** Runs the query's first quantum; refusals are thrown here, before any solution. */
    public CompleteAnswer(QuantumRunner runner, QuantumRunner.Request request, long budgetNanos,
            QuantumRunner.Listener listener) {
        this.runner = runner;
        this.request = request;
        this.budgetNanos = budgetNanos;
        this.spending = new Spending(listener);
        this.last = runner.run(request, Math.min(request.quantumMillis() * 1_000_000L, budgetNanos), spending);
        this.solutions = last.solutions().iterator();
        this.rows = last.rows();
    }

    /** The query, as the first quantum parsed it. */
    public PreemptableQuery query() {
        return last.query();
    }

    /** Quanta run so far. */
    public int quanta() {
        return spending.quanta;
    }

    /** Solutions read so far. */
    public long delivered() {
        return delivered;
    }

    /** Rows the scans read in all quanta so far. */
    public long rows() {
        return rows;
    }

    /**
     * True while solutions remain; runs the next quantum when those of the last are all read.
     *
     * @throws QueryRefusedException when the query needs more than its budget, or no place to run
     *                               its next quantum comes free in time
     */
    @Override
    public boolean hasNext() {
        while (!solutions.hasNext()) {
            if (last.complete()) {
                return false;
            }
            long left = budgetNanos - spending.nanos;
            if (left <= 0) {
                throw new QueryRefusedException(503, "The query ran out of its budget of " + budgetNanos / 1_000_000
                        + " ms of run time (" + spending.quanta + " quanta, " + delivered + " solutions) before it was"
                        + " complete. Ask with the header 'Prefer: continuation' to read it one quantum at a time, with"
                        + " a token for the next.");
            }
            last = runner.resume(request, last, Math.min(request.quantumMillis() * 1_000_000L, left), spending);
            solutions = last.solutions().iterator();
            rows += last.rows();
        }
        return true;
    }

    @Override
    public Binding next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        delivered++;
        return solutions.next();
    }

    /** Adds up what the quanta spent (resuming, running, suspending), passing every step on. */
    private static final class Spending implements QuantumRunner.Listener {
        private final QuantumRunner.Listener listener;
        private long nanos;
        private int quanta;

        Spending(QuantumRunner.Listener listener) {
            this.listener = listener;
        }

        @Override
        public void parsed(long nanos) {
            listener.parsed(nanos);
        }

        @Override
        public void waited(long nanos) {
            listener.waited(nanos);
        }

        @Override
        public void resumed(long nanos) {
            this.nanos += nanos;
            listener.resumed(nanos);
        }

        @Override
        public void ran(long nanos) {
            this.nanos += nanos;
            listener.ran(nanos);
        }

        @Override
        public void suspended(long nanos) {
            this.nanos += nanos;
            quanta++;
            listener.suspended(nanos);
        }
    }
}
