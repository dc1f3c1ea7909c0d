package dev.ldf.client.join;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.FragmentSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * Evaluates a basic graph pattern against a fragment source, for each input binding, with bag
 * semantics: every solution once per input binding it extends.
 *
 * <ul>
 *   <li>brTPF: a left-deep pipeline of {@link BindJoinStage}s in the order of {@link JoinOrder},
 *       over the counts of each pattern's first page.</li>
 *   <li>TPF: the algorithm of the original TPF client ({@link TpfEvaluation}).</li>
 * </ul>
 */
public final class BgpExecutor {

    private final FragmentSource source;

    public BgpExecutor(FragmentSource source) {
        this.source = source;
    }

    /**
     * The solutions of {@code patterns} that extend the bindings of {@code input}. The result
     * streams; closing it stops the work still under way.
     */
    public IteratorCloseable<Binding> execute(List<Triple> patterns, Iterator<Binding> input) {
        if (patterns.isEmpty()) {
            return closeable(input);
        }
        return source.usesBrtpf() ? pipeline(patterns, input) : tpf(patterns, input);
    }

    private IteratorCloseable<Binding> pipeline(List<Triple> patterns, Iterator<Binding> input) {
        List<Binding> peeked = new ArrayList<>();
        while (input.hasNext() && peeked.size() < 2) {
            peeked.add(input.next());
        }
        if (peeked.isEmpty()) {
            return closeable(Collections.emptyIterator());
        }
        boolean identity = peeked.size() == 1 && peeked.get(0).isEmpty() && !input.hasNext();
        List<CompletableFuture<FragmentSource.Fetched>> firstPages = new ArrayList<>();
        for (Triple pattern : patterns) {
            firstPages.add(Matching.canMatch(pattern) ? source.firstPage(pattern) : null);
        }
        List<Triple> variablePatterns = new ArrayList<>();
        List<Long> counts = new ArrayList<>();
        List<CompletableFuture<FragmentSource.Fetched>> pages = new ArrayList<>();
        for (int i = 0; i < patterns.size(); i++) {
            long count = firstPages.get(i) == null ? 0 : countOf(Futures.await(firstPages.get(i)));
            if (count == 0) {
                // No binding can make a pattern without matches match. The other first pages are on
                // their way: let them arrive, so that the requests sent do not depend on timing.
                firstPages.forEach(Futures::settle);
                return closeable(Collections.emptyIterator());
            }
            if (!Matching.variables(patterns.get(i)).isEmpty()) {
                variablePatterns.add(patterns.get(i));
                counts.add(count);
                pages.add(firstPages.get(i));
            }
        }
        Iterator<Binding> inputs = Iter.concat(peeked.iterator(), input);
        if (variablePatterns.isEmpty()) {
            return closeable(inputs); // every pattern is a ground triple that exists
        }
        Set<Var> bound = new HashSet<>();
        peeked.forEach(b -> b.vars().forEachRemaining(bound::add));
        List<Integer> order = JoinOrder.order(variablePatterns, counts, bound);
        Triple first = variablePatterns.get(order.get(0));
        PlanReport plan = source.plan();
        long firstCount = counts.get(order.get(0));
        IteratorCloseable<Binding> stages = identity
                ? new ScanStage(source, first, pages.get(order.get(0)), List.of(peeked.get(0)),
                        plan.step("scan", first, firstCount))
                : new BindJoinStage(source, first, inputs, plan.step("bind join", first, firstCount));
        for (int i = 1; i < order.size(); i++) {
            Triple pattern = variablePatterns.get(order.get(i));
            stages = new BindJoinStage(source, pattern, stages, plan.step("bind join", pattern, counts.get(order.get(i))));
        }
        return stages;
    }

    private IteratorCloseable<Binding> tpf(List<Triple> patterns, Iterator<Binding> input) {
        PlanReport.Step step = source.plan().step("TPF", PlanReport.text(patterns), -1);
        TpfEvaluation evaluation = new TpfEvaluation(source, patterns, input, step);
        return Iter.onClose(Iter.map(evaluation, b -> {
            step.solution();
            return b;
        }), evaluation::close);
    }

    /** An iterator that closes {@code it} when it can be closed. */
    private static <T> IteratorCloseable<T> closeable(Iterator<T> it) {
        return Iter.onClose(it, () -> Iter.close(it));
    }

    /** A page's count; a page that states none is taken as large. */
    static long countOf(FragmentSource.Fetched fetched) {
        if (fetched.page().count().isPresent()) {
            return fetched.page().count().getAsLong();
        }
        return fetched.page().data().isEmpty() && fetched.page().next().isEmpty() ? 0 : Long.MAX_VALUE / 2;
    }
}
