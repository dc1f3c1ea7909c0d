package dev.ldf.client.join;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.Fetched;
import dev.ldf.client.source.TripleSource;

import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;

/**
 * The data triples of all pages of one fragment, read lazily: while one page is consumed, the
 * next one is already on its way.
 */
final class PageStream implements IteratorCloseable<Triple> {

    private final TripleSource source;
    private CompletableFuture<Fetched> upcoming;
    private Iterator<Triple> current = Collections.emptyIterator();
    /** Told of each page as it is read; null when no plan counts it. */
    private final PlanReport.Step step;

    PageStream(TripleSource source, CompletableFuture<Fetched> first) {
        this(source, first, null);
    }

    PageStream(TripleSource source, CompletableFuture<Fetched> first, PlanReport.Step step) {
        this.source = source;
        this.upcoming = first;
        this.step = step;
    }

    @Override
    public boolean hasNext() {
        while (!current.hasNext()) {
            if (upcoming == null) {
                return false;
            }
            Fetched fetched = Futures.await(upcoming);
            upcoming = fetched.page().next().isPresent() ? source.next(fetched) : null;
            current = fetched.page().data().iterator();
            if (step != null) {
                step.page(fetched.page().data().size());
            }
        }
        return true;
    }

    @Override
    public Triple next() {
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

    /**
     * The triples of several streams (one pattern's fragments at several sources), one stream
     * after the other, each triple once: those already read are remembered, so memory grows with
     * the fragments read.
     */
    static IteratorCloseable<Triple> union(List<PageStream> streams) {
        Iterator<Triple> all = Iter.distinct(Iter.flatMap(streams.iterator(), stream -> stream));
        return Iter.onClose(all, () -> streams.forEach(PageStream::close));
    }
}
