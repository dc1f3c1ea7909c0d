package dev.ldf.endpoint;

import java.time.Duration;

/**
 * What one endpoint allows.
 *
 * @param queryTimeout     how long a query may run, from its start to its last result
 * @param maxQueries       queries that run at once; one more is answered 503 with Retry-After
 * @param maxRequestBytes  the largest query string or body (a query, or a form holding one)
 */
record EndpointLimits(Duration queryTimeout, int maxQueries, int maxRequestBytes) {

    EndpointLimits {
        if (queryTimeout.isNegative() || queryTimeout.isZero()) {
            throw new IllegalArgumentException("the query timeout must be positive");
        }
        if (maxQueries < 1) {
            throw new IllegalArgumentException("at least one query must be able to run");
        }
        if (maxRequestBytes < 1_024) {
            throw new IllegalArgumentException("requests must be allowed at least 1 KB");
        }
    }
}
