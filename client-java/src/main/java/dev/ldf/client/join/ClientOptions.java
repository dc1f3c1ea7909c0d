package dev.ldf.client.join;

import dev.ldf.client.http.HttpOptions;

/**
 * How the client evaluates queries.
 *
 * @param mode                  brTPF, TPF, or brTPF when available
 * @param maxBindingsPerRequest mappings per brTPF request; 0 takes the server's maxMpR, a larger
 *                              value than the server's is lowered to it
 * @param chunksInFlight        brTPF requests each join stage keeps on the wire at once
 */
public record ClientOptions(Mode mode, int maxBindingsPerRequest, int chunksInFlight, HttpOptions http) {

    public ClientOptions {
        if (maxBindingsPerRequest < 0) {
            throw new IllegalArgumentException("maxBindingsPerRequest must not be negative");
        }
        if (chunksInFlight < 1) {
            throw new IllegalArgumentException("chunksInFlight must be at least 1");
        }
    }

    public static ClientOptions defaults() {
        return new ClientOptions(Mode.AUTO, 0, 4, HttpOptions.defaults());
    }

    public ClientOptions withMode(Mode m) {
        return new ClientOptions(m, maxBindingsPerRequest, chunksInFlight, http);
    }

    public ClientOptions withMaxBindingsPerRequest(int n) {
        return new ClientOptions(mode, n, chunksInFlight, http);
    }

    public ClientOptions withHttp(HttpOptions options) {
        return new ClientOptions(mode, maxBindingsPerRequest, chunksInFlight, options);
    }
}
