package dev.ldf.client.page;

import java.util.Optional;

/**
 * What a page says the interface can do: the TPF search form, and the brTPF form with its
 * limits when the server announces one.
 *
 * @param maxBindingsPerRequest the server's maxMpR, 0 without brTPF
 * @param maxRequestBodyBytes   the largest POST body the server accepts, 0 when unknown
 */
public record Controls(Optional<SearchForm> tpf, Optional<SearchForm> brtpf, int maxBindingsPerRequest,
        long maxRequestBodyBytes) {

    public static final Controls NONE = new Controls(Optional.empty(), Optional.empty(), 0, 0);

    public boolean supportsBrtpf() {
        return brtpf.isPresent() && maxBindingsPerRequest > 0;
    }
}
