package dev.ldf.client.http;

import java.time.Duration;

/**
 * How the client uses HTTP.
 *
 * @param maxInFlight     requests on the wire at once
 * @param connectTimeout  to open a connection
 * @param requestTimeout  for one whole response, its body included
 * @param maxRetries      attempts after the first, on connection errors, 5xx and 429
 * @param initialBackoff  the first wait before a retry; it doubles with each attempt (with jitter)
 * @param maxGetUrlBytes  brTPF requests with a longer URL are POSTed
 * @param http2           HTTP/2: over TLS by ALPN, over cleartext (h2c) by upgrading the first
 *                        request; servers without it are spoken to in HTTP/1.1
 * @param maxResponseBytes the most bytes the client reads of one response (decoded): a larger one
 *                        fails, so that no source can fill the heap
 */
public record HttpOptions(int maxInFlight, Duration connectTimeout, Duration requestTimeout, int maxRetries,
        Duration initialBackoff, int maxGetUrlBytes, boolean http2, long maxResponseBytes) {

    /** The default of {@code maxResponseBytes}: 64 MiB, over a hundred times a page of 10,000 triples in N-Triples. */
    public static final long DEFAULT_MAX_RESPONSE_BYTES = 64L << 20;

    public HttpOptions {
        if (maxInFlight < 1) {
            throw new IllegalArgumentException("maxInFlight must be at least 1");
        }
        if (maxRetries < 0) {
            throw new IllegalArgumentException("maxRetries must not be negative");
        }
        if (maxGetUrlBytes < 256) {
            throw new IllegalArgumentException("maxGetUrlBytes must be at least 256");
        }
        if (maxResponseBytes < 1024) {
            throw new IllegalArgumentException("maxResponseBytes must be at least 1024");
        }
    }

    public static HttpOptions defaults() {
        return new HttpOptions(8, Duration.ofSeconds(10), Duration.ofSeconds(60), 4, Duration.ofMillis(200), 4096, false,
                DEFAULT_MAX_RESPONSE_BYTES);
    }

    public HttpOptions withMaxInFlight(int n) {
        return new HttpOptions(n, connectTimeout, requestTimeout, maxRetries, initialBackoff, maxGetUrlBytes, http2, maxResponseBytes);
    }

    public HttpOptions withMaxGetUrlBytes(int n) {
        return new HttpOptions(maxInFlight, connectTimeout, requestTimeout, maxRetries, initialBackoff, n, http2, maxResponseBytes);
    }

    public HttpOptions withRequestTimeout(Duration timeout) {
        return new HttpOptions(maxInFlight, connectTimeout, timeout, maxRetries, initialBackoff, maxGetUrlBytes, http2, maxResponseBytes);
    }

    public HttpOptions withHttp2(boolean on) {
        return new HttpOptions(maxInFlight, connectTimeout, requestTimeout, maxRetries, initialBackoff, maxGetUrlBytes, on, maxResponseBytes);
    }

    public HttpOptions withMaxResponseBytes(long bytes) {
        return new HttpOptions(maxInFlight, connectTimeout, requestTimeout, maxRetries, initialBackoff, maxGetUrlBytes, http2,
                bytes);
    }

    public HttpOptions withRetries(int retries, Duration backoff) {
        return new HttpOptions(maxInFlight, connectTimeout, requestTimeout, retries, backoff, maxGetUrlBytes, http2, maxResponseBytes);
    }
}
