package dev.ldf.client.http;

import java.time.Duration;

/**
 * How the client uses HTTP.
 *
 * @param maxInFlight     requests on the wire at once
 * @param connectTimeout  to open a connection
 * @param requestTimeout  for one whole response
 * @param maxRetries      attempts after the first, on connection errors, 5xx and 429
 * @param initialBackoff  the first wait before a retry; it doubles with each attempt (with jitter)
 * @param maxGetUrlBytes  brTPF requests with a longer URL are POSTed
 */
public record HttpOptions(int maxInFlight, Duration connectTimeout, Duration requestTimeout, int maxRetries,
        Duration initialBackoff, int maxGetUrlBytes) {

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
    }

    public static HttpOptions defaults() {
        return new HttpOptions(8, Duration.ofSeconds(10), Duration.ofSeconds(60), 4, Duration.ofMillis(200), 4096);
    }

    public HttpOptions withMaxInFlight(int n) {
        return new HttpOptions(n, connectTimeout, requestTimeout, maxRetries, initialBackoff, maxGetUrlBytes);
    }

    public HttpOptions withMaxGetUrlBytes(int n) {
        return new HttpOptions(maxInFlight, connectTimeout, requestTimeout, maxRetries, initialBackoff, n);
    }

    public HttpOptions withRequestTimeout(Duration timeout) {
        return new HttpOptions(maxInFlight, connectTimeout, timeout, maxRetries, initialBackoff, maxGetUrlBytes);
    }

    public HttpOptions withRetries(int retries, Duration backoff) {
        return new HttpOptions(maxInFlight, connectTimeout, requestTimeout, retries, backoff, maxGetUrlBytes);
    }
}
