package dev.ldf.endpoint;

/**
 * A request the endpoint answers with an error: the status and a short message for people, sent
 * as plain text. Never a stack trace.
 */
final class EndpointError extends RuntimeException {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final int retryAfterSeconds;

    EndpointError(int status, String message) {
        this(status, message, -1, null);
    }

    EndpointError(int status, String message, int retryAfterSeconds, Throwable cause) {
        super(message, cause, false, false);
        this.status = status;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    static EndpointError badRequest(String message) {
        return new EndpointError(400, message);
    }

    int status() {
        return status;
    }

    /** Seconds for a {@code Retry-After} header, or -1 for none. */
    int retryAfterSeconds() {
        return retryAfterSeconds;
    }
}
