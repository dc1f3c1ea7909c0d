package dev.ldf.client.join;

import dev.ldf.client.source.Federation;
import dev.ldf.client.source.TripleSource;

import java.util.ArrayList;
import java.util.List;
import java.util.NoSuchElementException;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;
import org.apache.jena.util.iterator.ClosableIterator;

/**
 * The triples that match one pattern, from all pages of its fragment, read lazily. A Jena
 * {@link ClosableIterator}, so that graph iterators wrapping it close it.
 */
public final class TripleStream implements ClosableIterator<Triple> {

    private final Triple pattern;
    private final IteratorCloseable<Triple> pages;
    private Triple next;

    private TripleStream(Triple pattern, IteratorCloseable<Triple> pages) {
        this.pattern = pattern;
        this.pages = pages;
    }

    /** The matches of {@code pattern} (variables as {@code Var}s). */
    public static TripleStream of(TripleSource source, Triple pattern) {
        return new TripleStream(pattern, new PageStream(source, source.firstPage(pattern)));
    }

    /** The matches of {@code pattern} at every source, each triple once. */
    public static TripleStream of(Federation sources, Triple pattern) {
        if (sources.isSingle()) {
            return of(sources.first(), pattern);
        }
        List<PageStream> streams = new ArrayList<>();
        for (TripleSource source : sources.sources()) {
            streams.add(new PageStream(source, source.firstPage(pattern)));
        }
        return new TripleStream(pattern, PageStream.union(streams));
    }

    /** The count of {@code pattern}'s fragment, from its first page. */
    public static long count(TripleSource source, Triple pattern) {
        return Futures.await(source.firstPage(pattern)).page().count().orElse(0);
    }

    /** The counts of {@code pattern}'s fragments summed over the sources: an upper bound where they overlap. */
    public static long count(Federation sources, Triple pattern) {
        long sum = 0;
        for (TripleSource source : sources.sources()) {
            sum += count(source, pattern);
        }
        return sum;
    }

    @Override
    public boolean hasNext() {
        while (next == null && pages.hasNext()) {
            Triple t = pages.next();
            if (Matching.match(pattern, t) != null) {
                next = t;
            }
        }
        return next != null;
    }

    @Override
    public Triple next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        Triple t = next;
        next = null;
        return t;
    }

    @Override
    public void close() {
        pages.close();
    }
}
