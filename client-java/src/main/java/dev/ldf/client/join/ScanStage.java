package dev.ldf.client.join;

import dev.ldf.client.plan.PlanReport;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.List;
import java.util.NoSuchElementException;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * The first stage of a pipeline: every page of one pattern's fragment, each match joined with
 * the input bindings (in practice the one empty binding), streamed page by page.
 */
final class ScanStage implements IteratorCloseable<Binding> {

    private final Triple pattern;
    private final List<Binding> inputs;
    private final IteratorCloseable<Triple> triples;
    private final Deque<Binding> ready = new ArrayDeque<>();

    private final PlanReport.Step step;

    /** The scan of {@code triples}: the pages of {@code pattern}'s fragment, at one source or several. */
    ScanStage(Triple pattern, IteratorCloseable<Triple> triples, List<Binding> inputs, PlanReport.Step step) {
        this.pattern = pattern;
        this.inputs = inputs;
        this.step = step;
        this.triples = triples;
    }

    @Override
    public boolean hasNext() {
        while (ready.isEmpty() && triples.hasNext()) {
            Binding match = Matching.match(pattern, triples.next());
            if (match != null) {
                for (Binding input : inputs) {
                    ready.add(Matching.merge(input, match));
                }
            }
        }
        return !ready.isEmpty();
    }

    @Override
    public Binding next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        step.solution();
        return ready.poll();
    }

    @Override
    public void close() {
        triples.close();
    }
}
