package dev.ldf.client.join;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * Where a bind-join stage gets the triples for one chunk of bindings: one source's brTPF request
 * ({@link SourceLookup}), or the requests to each source of a federation that can match
 * ({@link FederatedLookup}).
 */
interface ChunkLookup {

    /** Distinct keys per chunk. */
    int maxKeys();

    /**
     * Every page of {@code pattern}'s fragment restricted to {@code keys} (bindings of its
     * variables; one empty key: the whole fragment), handed to {@code pages} one at a time, never
     * concurrently, possibly on another thread. The future completes after the last page.
     */
    CompletableFuture<Void> pages(Triple pattern, List<Binding> keys, Consumer<List<Triple>> pages);
}
