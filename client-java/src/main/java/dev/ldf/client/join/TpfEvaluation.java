package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.Deque;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedDeque;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.Fetched;
import dev.ldf.client.source.TripleSource;

/**
 * The algorithm of the original TPF client (Verborgh et al., 2014), pulled one solution at a
 * time: for the patterns left and the binding so far, fetch the first page of every pattern,
 * iterate the fragment with the smallest count, bind each of its triples into the other patterns,
 * and go on depth first. The recursion is an explicit stack of fragments being read, so that the
 * work happens on the caller's thread as it asks for solutions, like every other operator, and
 * stops when it is closed. Pages are fetched ahead as the fragments are read.
 */
final class TpfEvaluation implements IteratorCloseable<Binding> {

    /** A fragment being read: its matches bound into {@code binding}, {@code rest} still to join. */
    private record Level(Triple chosen, Binding binding, List<Triple> rest, PageStream triples) {}

    private final TripleSource source;
    private final List<Triple> patterns;
    private final Iterator<Binding> input;
    /** Concurrent: an ARQ timeout closes the evaluation from another thread while it waits for a page. */
    private final Deque<Level> stack = new ConcurrentLinkedDeque<>();
    private volatile boolean closed;
    private Binding next;

    private final PlanReport.Step step;

    TpfEvaluation(TripleSource source, List<Triple> patterns, Iterator<Binding> input, PlanReport.Step step) {
        this.step = step;
        this.source = source;
        this.patterns = patterns;
        this.input = input;
    }

    @Override
    public boolean hasNext() {
        while (next == null) {
            if (closed) {
                return false;
            }
            if (stack.isEmpty()) {
                if (!input.hasNext()) {
                    return false;
                }
                descend(patterns, input.next());
                continue;
            }
            Level level = stack.peek();
            if (level == null || !level.triples().hasNext()) {
                if (level != null) {
                    level.triples().close();
                    stack.remove(level);
                }
                continue;
            }
            Binding match = Matching.match(level.chosen(), level.triples().next());
            if (match != null) {
                descend(level.rest(), Matching.merge(level.binding(), match));
            }
        }
        return true;
    }

    @Override
    public Binding next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Binding b = next;
        next = null;
        return b;
    }

    /** One step for the patterns left and the binding so far: a solution, a fragment to read, or nothing. */
    private void descend(List<Triple> left, Binding binding) {
        if (left.isEmpty()) {
            next = binding;
            return;
        }
        List<Triple> bound = new ArrayList<>(left.size());
        for (Triple pattern : left) {
            Triple b = Matching.substitute(pattern, binding);
            if (!Matching.canMatch(b)) {
                return;
            }
            bound.add(b);
        }
        List<CompletableFuture<Fetched>> firstPages = new ArrayList<>();
        for (Triple b : bound) {
            firstPages.add(source.firstPage(b));
        }
        int smallest = 0;
        long smallestCount = Long.MAX_VALUE;
        for (int i = 0; i < bound.size(); i++) {
            long count = Futures.await(firstPages.get(i)).count();
            if (count == 0) {
                firstPages.forEach(Futures::settle); // the same requests on every run, whatever arrives first
                firstPages.forEach(f -> step.page(Futures.await(f).page().data().size()));
                return;
            }
            if (count < smallestCount) {
                smallest = i;
                smallestCount = count;
            }
        }
        for (int i = 0; i < bound.size(); i++) {
            if (i != smallest) {
                step.page(Futures.await(firstPages.get(i)).page().data().size()); // the chosen one's pages count as read
            }
        }
        List<Triple> rest = new ArrayList<>(left);
        rest.remove(smallest);
        stack.push(new Level(bound.get(smallest), binding, rest,
                new PageStream(source, firstPages.get(smallest), step)));
    }

    @Override
    public void close() {
        closed = true;
        for (Level level = stack.pollFirst(); level != null; level = stack.pollFirst()) {
            level.triples().close();
        }
        if (input instanceof IteratorCloseable<?> closeable) {
            closeable.close();
        }
    }
}
