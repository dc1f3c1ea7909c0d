package dev.ldf.server.failure;

/**
 * A request that fails through the client's doing, whatever part of the server finds it: the
 * HTTP status to answer with and a short message for people. Domain exceptions implement it (no
 * HTTP library's type is needed for that), and one place, the HTTP layer's endpoint, turns every
 * one of them into the error response the client negotiated.
 */
public interface ClientError {

    /** The status, 4xx (or 503 for a server too busy to take the request now). */
    int status();

    /** The message for people: what was wrong and what to do. */
    default String message() {
        return ((Throwable) this).getMessage();
    }

    /** Whether the request left bytes unread on its connection, which must then close. */
    default boolean closesConnection() {
        return false;
    }

    /** When to ask again, for a {@code Retry-After} header; negative for none. */
    default int retryAfterSeconds() {
        return -1;
    }
}
