package dev.ldf.client.join;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.Fetched;
import dev.ldf.client.source.TripleSource;
import dev.ldf.client.source.VisitedPages;

import java.util.Iterator;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;

/**
 * The data triples of all pages of one fragment, read lazily: while one page is consumed, the
 * next one is already on its way.
 */
final class PageStream extends Paged<Fetched, Triple> {

    PageStream(TripleSource source, CompletableFuture<Fetched> first) {
        this(source, first, null);
    }

    PageStream(TripleSource source, CompletableFuture<Fetched> first, PlanReport.Step step) {
        this(source, first, step, new VisitedPages());
    }

    private PageStream(TripleSource source, CompletableFuture<Fetched> first, PlanReport.Step step,
            VisitedPages visited) {
        super(first, fetched -> visited.visit(fetched).page().data(),
                fetched -> fetched.page().next().isPresent() ? source.next(fetched) : null, step);
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
