package dev.ldf.client.source;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;
import java.util.function.Supplier;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * Where a federation can send a whole basic graph pattern and get its solutions: a SPARQL
 * endpoint, or a dataset's preemptive endpoint. The patterns that only it has matches of (an
 * exclusive group) are joined there, one query per block of bindings, instead of one request per
 * pattern and block.
 */
public interface GroupEndpoint {

    /** One page of solutions; {@code next} fetches the page after it, null when this is the last. */
    record SolutionsPage(List<Binding> solutions, Supplier<CompletableFuture<SolutionsPage>> next) {

        public boolean more() {
            return next != null;
        }
    }

    /** The source, as its URL was given. */
    String url();

    /** The most keys one query carries. */
    int maxBindingsPerRequest();

    /**
     * The first page of the solutions of {@code patterns} that agree with one of {@code keys}
     * (none, or one empty key: all of them), with the patterns' own variables.
     */
    CompletableFuture<SolutionsPage> solutionsPage(List<Triple> patterns, List<Binding> keys);

    /** Every page of those solutions, handed on in order. */
    default CompletableFuture<Void> solutions(List<Triple> patterns, List<Binding> keys, Consumer<List<Binding>> pages) {
        return solutionsPage(patterns, keys).thenCompose(page -> rest(page, pages));
    }

    private static CompletableFuture<Void> rest(SolutionsPage page, Consumer<List<Binding>> pages) {
        pages.accept(page.solutions());
        return page.more() ? page.next().get().thenCompose(next -> rest(next, pages)) : CompletableFuture.completedFuture(null);
    }
}
