package dev.ldf.client.source;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientStats;

/**
 * What the join engine asks of a source: the pages of a triple pattern's matches, restricted to
 * bindings of its variables where the source takes them. A fragment interface ({@link
 * FragmentSource}) or a SPARQL endpoint ({@link SparqlEndpointSource}) in a {@link Federation}.
 */
public interface TripleSource extends AutoCloseable {

    /** The URL it was given as. */
    String url();

    /** True when a request may carry bindings ({@link #firstPage(Triple, List)}). */
    boolean usesBrtpf();

    /** Bindings per request, where it takes them. */
    int maxBindingsPerRequest();

    /** Every predicate with its count, where the source has said; empty when it has not. */
    Optional<Map<Node, Long>> predicates();

    /**
     * The number of {@code pattern}'s matches, as the source tells it (a fragment's first page
     * states it; a page without a count is taken as large).
     */
    default CompletableFuture<Long> count(Triple pattern) {
        return firstPage(pattern).thenApply(Fetched::count);
    }

    // --- what a source can do besides triple patterns; the engine asks these, never the class ---

    /**
     * True when a pattern's first page states its count (a fragment interface): a count is then
     * asked for as that page, which a scan of the pattern starts from.
     */
    default boolean firstPageCounts() {
        return false;
    }

    /** Where this source joins a whole group of patterns itself (a SPARQL endpoint); empty where it cannot. */
    default Optional<GroupEndpoint> groups() {
        return Optional.empty();
    }

    /** The dataset's preemptive SPARQL endpoint, where the client is to use it; empty otherwise. */
    default Optional<PreemptiveEndpoint> preemption() {
        return Optional.empty();
    }

    /** How this source's blank nodes travel in requests; {@link SkolemIris#NONE} where they are not mapped. */
    default SkolemIris skolemIris() {
        return SkolemIris.NONE;
    }

    /** The first page of {@code pattern}'s matches, with their count where the source gives it. */
    CompletableFuture<Fetched> firstPage(Triple pattern);

    /** The first page of {@code pattern}'s matches that agree with one of {@code keys}. */
    CompletableFuture<Fetched> firstPage(Triple pattern, List<Binding> keys);

    /** The page after {@code fetched}; only when it has a next page. */
    CompletableFuture<Fetched> next(Fetched fetched);

    ClientOptions options();

    /** Requests, bytes and triples received so far. */
    ClientStats stats();

    /** Forgets remembered pages, where it keeps any. */
    void forgetPages();

    @Override
    void close();
}
