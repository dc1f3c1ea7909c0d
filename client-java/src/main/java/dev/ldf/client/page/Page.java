package dev.ldf.client.page;

import java.util.List;
import java.util.Optional;
import java.util.OptionalLong;

import org.apache.jena.graph.Triple;

/**
 * One fragment page as a client reads it.
 *
 * @param url             the page URL (the one requested)
 * @param data            the data triples, in document order; for triple formats every triple,
 *                        since they cannot be told apart from metadata
 * @param count           the fragment's count, when the page states one
 * @param next            the next page's URL, when there is one
 * @param metadataTriples how many metadata triples the page held
 */
public record Page(String url, List<Triple> data, OptionalLong count, Optional<String> next, Controls controls,
        int metadataTriples) {
}
