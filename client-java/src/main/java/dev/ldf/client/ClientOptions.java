package dev.ldf.client;

import dev.ldf.client.http.HttpOptions;

/**
 * How the client evaluates queries.
 *
 * @param mode                  brTPF, TPF, or brTPF when available
 * @param maxBindingsPerRequest mappings per brTPF request; 0 takes the server's maxMpR, a larger
 *                              value than the server's is lowered to it
 * @param chunksInFlight        brTPF requests each join stage keeps on the wire at once
 * @param pageCacheEntries      pages the client remembers (least recently used go first), so that
 *                              a request repeated within a query is not sent again; 0 turns it off.
 *                              The original TPF client kept 100 fragments the same way.
 */
public record ClientOptions(Mode mode, int maxBindingsPerRequest, int chunksInFlight, int pageCacheEntries,
        HttpOptions http) {

    /** As many pages as the original TPF client kept fragments. */
    public static final int DEFAULT_PAGE_CACHE_ENTRIES = 100;

    public ClientOptions {
        if (maxBindingsPerRequest < 0) {
            throw new IllegalArgumentException("maxBindingsPerRequest must not be negative");
        }
        if (chunksInFlight < 1) {
            throw new IllegalArgumentException("chunksInFlight must be at least 1");
        }
        if (pageCacheEntries < 0) {
            throw new IllegalArgumentException("pageCacheEntries must not be negative");
        }
    }

    public static ClientOptions defaults() {
        return new ClientOptions(Mode.AUTO, 0, 4, DEFAULT_PAGE_CACHE_ENTRIES, HttpOptions.defaults());
    }

    public ClientOptions withMode(Mode m) {
        return new ClientOptions(m, maxBindingsPerRequest, chunksInFlight, pageCacheEntries, http);
    }

    public ClientOptions withMaxBindingsPerRequest(int n) {
        return new ClientOptions(mode, n, chunksInFlight, pageCacheEntries, http);
    }

    public ClientOptions withHttp(HttpOptions options) {
        return new ClientOptions(mode, maxBindingsPerRequest, chunksInFlight, pageCacheEntries, options);
    }

    public ClientOptions withPageCacheEntries(int n) {
        return new ClientOptions(mode, maxBindingsPerRequest, chunksInFlight, n, http);
    }
}
