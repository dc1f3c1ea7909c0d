package dev.ldf.server.preemption;

import dev.ldf.server.failure.ClientError;

/**
 * A request of the preemptive endpoint that cannot be run now or at all: a query that is not
 * SPARQL, a token whose data has changed (409), no place to run (503, with when to ask again).
 */
public final class QueryRefusedException extends RuntimeException implements ClientError {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final int retryAfterSeconds;

    QueryRefusedException(int status, String message, int retryAfterSeconds) {
        super(message, null, false, false);
        this.status = status;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    QueryRefusedException(int status, String message) {
        this(status, message, -1);
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
