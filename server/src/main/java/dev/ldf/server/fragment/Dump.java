package dev.ldf.server.fragment;

import java.io.IOException;

/**
 * A whole fragment, unpaged: every triple of a pattern (of {@code ?s ?p ?o} for the whole
 * dataset), read from the datasource as it is written.
 *
 * @param pattern    as the client named it, with Skolem IRIs
 * @param skolemizer turns the data's blank nodes into the IRIs clients see
 */
public record Dump(DatasetDescription dataset, TriplePattern pattern, Skolemizer skolemizer, Datasource source) {

    /** Sends every triple, as the dictionary spells its terms, to {@code consumer}. */
    public void forEachEncoded(PageTriples.EncodedTripleConsumer consumer) throws IOException {
        source.export(skolemizer.deskolemize(pattern), consumer);
    }
}
