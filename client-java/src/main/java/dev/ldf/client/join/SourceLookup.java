package dev.ldf.client.join;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.source.Fetched;
import dev.ldf.client.source.TripleSource;
import dev.ldf.client.source.VisitedPages;

/** A chunk's triples from one source: one brTPF request and the pages after it, one by one. */
final class SourceLookup extends PatternLookup {

    private final TripleSource source;

    SourceLookup(TripleSource source, Triple pattern) {
        super(pattern);
        this.source = source;
    }

    @Override
    public int maxKeys() {
        return source.maxBindingsPerRequest();
    }

    @Override
    CompletableFuture<Void> pages(List<Binding> keys, Consumer<List<Triple>> pages) {
        CompletableFuture<Fetched> first = keys.size() == 1 && keys.get(0).isEmpty()
                ? source.firstPage(pattern) // nothing to restrict: the plain fragment
                : source.firstPage(pattern, keys);
        return each(source, first, pages);
    }

    /** {@code page} and every page after it, in order. */
    static CompletableFuture<Void> each(TripleSource source, CompletableFuture<Fetched> page,
            Consumer<List<Triple>> pages) {
        return each(source, page, pages, new VisitedPages());
    }

    private static CompletableFuture<Void> each(TripleSource source, CompletableFuture<Fetched> page,
            Consumer<List<Triple>> pages, VisitedPages visited) {
        return page.thenCompose(fetched -> {
            pages.accept(visited.visit(fetched).page().data());
            return fetched.page().next().isPresent()
                    ? each(source, source.next(fetched), pages, visited)
                    : CompletableFuture.completedFuture(null);
        });
    }
}
