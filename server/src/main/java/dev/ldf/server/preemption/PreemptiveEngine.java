package dev.ldf.server.preemption;

import java.util.List;
import java.util.function.BooleanSupplier;
import java.util.function.Consumer;

import com.github.benmanes.caffeine.cache.Ticker;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;

/**
 * Runs a query for one quantum: builds its plan (fresh, or from the state a previous quantum
 * saved), produces solutions until the quantum or the page's size runs out, and saves the plan
 * where it stopped. Nothing is kept between requests. Thread-safe: every run has its own plan.
 */
public final class PreemptiveEngine {

    /**
     * What one quantum did.
     *
     * @param next       the saved plan, or null when the query is complete
     * @param solutions  solutions produced
     * @param rows       rows the scans read
     * @param resumeNanos time to rebuild the plan (from a saved state, or fresh)
     * @param suspendNanos time to save it
     */
    public record Outcome(byte[] next, long solutions, long rows, long resumeNanos, long suspendNanos) {
        public boolean complete() {
            return next == null;
        }
    }

    private final ResumableScans scans;
    private final Ticker ticker;

    public PreemptiveEngine(ResumableScans scans) {
        this(scans, Ticker.systemTicker());
    }

    /** An engine whose quanta, and the timings it reports, run on {@code ticker}'s time. */
    public PreemptiveEngine(ResumableScans scans, Ticker ticker) {
        this.scans = scans;
        this.ticker = ticker;
    }

    /**
     * Runs {@code query} for at most {@code quantumNanos} and {@code maxSolutions} solutions, from
     * {@code state} (null for the start), handing each solution, projected, to {@code sink}.
     *
     * @throws InvalidTokenException when {@code state} does not fit the query's plan
     */
    public Outcome run(PreemptableQuery query, byte[] state, long quantumNanos, int maxSolutions,
            Consumer<Binding> sink) throws InvalidTokenException {
        return run(query, state, Quantum.ofNanos(ticker, quantumNanos), maxSolutions, sink);
    }

    /**
     * As {@link #run(PreemptableQuery, byte[], long, int, Consumer)}, but the quantum ends after
     * {@code contendedNanos} already if {@code contended} says other requests are waiting then.
     */
    public Outcome run(PreemptableQuery query, byte[] state, long quantumNanos, long contendedNanos,
            BooleanSupplier contended, int maxSolutions, Consumer<Binding> sink)
            throws InvalidTokenException {
        return run(query, state, Quantum.ofNanos(ticker, quantumNanos, contendedNanos, contended), maxSolutions, sink);
    }

    Outcome run(PreemptableQuery query, byte[] state, Quantum quantum, int maxSolutions, Consumer<Binding> sink)
            throws InvalidTokenException {
        if (maxSolutions < 1) {
            throw new IllegalArgumentException("A quantum must be allowed at least one solution");
        }
        long begin = ticker.read();
        Slots slots = Slots.of(query);
        Terms terms = new Terms(scans);
        Planner planner = new Planner(terms, slots, Functions.environment());
        Row empty = new Row(slots.size());
        Operator root;
        // A sliced query's saved plan begins with the count of solutions it has produced, skipped ones included.
        long produced = 0;
        if (state == null) {
            root = planner.start(query.where(), empty);
        } else {
            PlanState.Reader in = new PlanState.Reader(state);
            if (query.sliced()) {
                produced = in.read();
            }
            root = planner.resume(query.where(), empty, in);
            in.end();
        }
        long resumed = ticker.read();
        List<Var> projection = query.inputs();
        int[] projected = slots.of(projection);
        long end = query.limit() == PreemptableQuery.NO_LIMIT ? Long.MAX_VALUE : query.offset() + query.limit();
        long solutions = 0;
        while (solutions < maxSolutions) {
            if (produced >= end) {
                return new Outcome(null, solutions, quantum.rows(), resumed - begin, 0);
            }
            Operator.Step step = root.next(quantum);
            if (step == Operator.Step.DONE) {
                return new Outcome(null, solutions, quantum.rows(), resumed - begin, 0);
            }
            if (step == Operator.Step.SUSPENDED) {
                break;
            }
            if (++produced <= query.offset()) {
                continue; // skipped: the rows it took count against the quantum all the same
            }
            Row row = root.current();
            BindingBuilder binding = BindingBuilder.create();
            for (int i = 0; i < projected.length; i++) {
                if (row.bound(projected[i])) {
                    binding.add(projection.get(i), terms.node(row, projected[i]));
                }
            }
            sink.accept(binding.build());
            solutions++;
        }
        if (produced >= end) {
            return new Outcome(null, solutions, quantum.rows(), resumed - begin, 0);
        }
        long suspending = ticker.read();
        PlanState.Writer out = new PlanState.Writer();
        if (query.sliced()) {
            out.write(produced);
        }
        root.save(out);
        byte[] next = out.bytes();
        return new Outcome(next, solutions, quantum.rows(), resumed - begin, ticker.read() - suspending);
    }
}
