package dev.ldf.client.page;

import java.util.Map;
import java.util.Optional;

import org.apache.jena.graph.Node;

/**
 * What a page says the interface can do: the TPF search form, the brTPF form with its limits when
 * the server announces one, and the dataset's preemptive SPARQL endpoint when it has one.
 *
 * @param maxBindingsPerRequest the server's maxMpR, 0 without brTPF
 * @param maxRequestBodyBytes   the largest POST body the server accepts, 0 when unknown
 * @param sparqlEndpoint        the dataset's {@code void:sparqlEndpoint}
 * @param predicates            every predicate of the dataset with its number of triples, where
 *                              the page lists them all (VoID property partitions and
 *                              {@code void:properties}, on the dataset's first page of our server)
 */
public record Controls(Optional<SearchForm> tpf, Optional<SearchForm> brtpf, int maxBindingsPerRequest,
        long maxRequestBodyBytes, Optional<String> sparqlEndpoint, Optional<Map<Node, Long>> predicates) {

    public static final Controls NONE = new Controls(Optional.empty(), Optional.empty(), 0, 0, Optional.empty(),
            Optional.empty());

    public boolean supportsBrtpf() {
        return brtpf.isPresent() && maxBindingsPerRequest > 0;
    }
}
