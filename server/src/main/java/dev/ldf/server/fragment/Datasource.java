package dev.ldf.server.fragment;

import java.io.IOException;
import java.util.List;

/**
 * Answers triple pattern fragments over one dataset.
 *
 * <p>Implementations are thread-safe: one instance serves all request threads. {@link #close()}
 * releases the data and must be called once, after the last request.
 */
public interface Datasource extends AutoCloseable {

    /**
     * The triples of {@code selector} from position {@code offset} (0-based) on, at most
     * {@code limit} of them, in a stable order, with the fragment's count.
     */
    FragmentPage page(Selector selector, long offset, int limit);

    /** The triple pattern fragment of {@code pattern}. */
    default FragmentPage page(TriplePattern pattern, long offset, int limit) {
        return page(Selector.of(pattern), offset, limit);
    }

    /**
     * Sends every triple of {@code pattern}, unpaged and in the source's order, to
     * {@code consumer} as the dictionary spells its terms: a dump. Streams, so memory stays flat
     * however many triples there are.
     */
    void export(TriplePattern pattern, PageTriples.EncodedTripleConsumer consumer) throws IOException;

    /**
     * The dataset's predicates with their triple counts, the most used first, at most
     * {@code limit} of them; empty where the source cannot tell them cheaply.
     */
    default List<PredicateCount> predicates(int limit) {
        return List.of();
    }

    /** True where the data changes while it is served (a live dataset): what it says of itself may not hold. */
    default boolean takesChanges() {
        return false;
    }

    /** Sizes for the dataset description. */
    DatasetStatistics statistics();

    /**
     * A short token that changes whenever the data behind this source changes; it becomes part of
     * the HTTP entity tags.
     */
    String version();

    @Override
    void close();
}
