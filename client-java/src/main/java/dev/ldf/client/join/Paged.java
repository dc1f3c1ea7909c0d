package dev.ldf.client.join;

import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;
import java.util.function.Function;

import org.apache.jena.atlas.iterator.IteratorCloseable;

import dev.ldf.client.plan.PlanReport;

/**
 * The items of a sequence of pages, read lazily: while one page is consumed, the next one is
 * already on its way. Closing it cancels the page under way.
 *
 * @param <P> a page as it arrives
 * @param <T> an item of a page
 */
class Paged<P, T> implements IteratorCloseable<T> {

    private final Function<P, List<T>> items;
    private final Function<P, CompletableFuture<P>> after;
    /** Told of each page as it is read; null when no plan counts it. */
    private final PlanReport.Step step;
    private CompletableFuture<P> upcoming;
    private Iterator<T> current = Collections.emptyIterator();

    /**
     * @param first the first page, asked for
     * @param items what a page holds
     * @param after the page after a page, asked for, or null after the last
     */
    Paged(CompletableFuture<P> first, Function<P, List<T>> items, Function<P, CompletableFuture<P>> after,
            PlanReport.Step step) {
        this.upcoming = first;
        this.items = items;
        this.after = after;
        this.step = step;
    }

    @Override
    public boolean hasNext() {
        while (!current.hasNext()) {
            if (upcoming == null) {
                return false;
            }
            P page = Futures.await(upcoming);
            upcoming = after.apply(page);
            List<T> held = items.apply(page);
            current = held.iterator();
            if (step != null) {
                step.page(held.size());
            }
        }
        return true;
    }

    @Override
    public T next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        return current.next();
    }

    @Override
    public void close() {
        if (upcoming != null) {
            upcoming.cancel(true);
            upcoming = null;
        }
    }
}
