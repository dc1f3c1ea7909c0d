package dev.ldf.client.join;

import dev.ldf.client.source.FragmentSource;

import java.util.NoSuchElementException;

import org.apache.jena.graph.Triple;
import org.apache.jena.util.iterator.ClosableIterator;

/**
 * The triples that match one pattern, from all pages of its fragment, read lazily. A Jena
 * {@link ClosableIterator}, so that graph iterators wrapping it close it.
 */
public final class TripleStream implements ClosableIterator<Triple> {

    private final Triple pattern;
    private final PageStream pages;
    private Triple next;

    private TripleStream(Triple pattern, PageStream pages) {
        this.pattern = pattern;
        this.pages = pages;
    }

    /** The matches of {@code pattern} (variables as {@code Var}s). */
    public static TripleStream of(FragmentSource source, Triple pattern) {
        return new TripleStream(pattern, new PageStream(source, source.firstPage(pattern)));
    }

    /** The count of {@code pattern}'s fragment, from its first page. */
    public static long count(FragmentSource source, Triple pattern) {
        return Futures.await(source.firstPage(pattern)).page().count().orElse(0);
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
