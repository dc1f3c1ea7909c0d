package dev.ldf.client.page;

import java.util.Optional;

/**
 * What a page says the interface can do: the TPF search form, the brTPF form with its limits when
 * the server announces one, and the dataset's preemptive SPARQL endpoint when it has one.
 *
 * @param maxBindingsPerRequest the server's maxMpR, 0 without brTPF
 * @param maxRequestBodyBytes   the largest POST body the server accepts, 0 when unknown
 * @param sparqlEndpoint        the dataset's {@code void:sparqlEndpoint}
 */
public record Controls(Optional<SearchForm> tpf, Optional<SearchForm> brtpf, int maxBindingsPerRequest,
        long maxRequestBodyBytes, Optional<String> sparqlEndpoint) {

    public static final Controls NONE = new Controls(Optional.empty(), Optional.empty(), 0, 0, Optional.empty());

    public boolean supportsBrtpf() {
        return brtpf.isPresent() && maxBindingsPerRequest > 0;
    }
}
