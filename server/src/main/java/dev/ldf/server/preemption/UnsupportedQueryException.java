package dev.ldf.server.preemption;

import dev.ldf.server.failure.ClientError;

/**
 * A well-formed SPARQL query that the preemptive endpoint does not run; the message names the
 * part (a 400, so that a client can fall back to brTPF or TPF for it).
 */
public final class UnsupportedQueryException extends RuntimeException implements ClientError {
    private static final long serialVersionUID = 1L;

    UnsupportedQueryException(String message) {
        super(message, null, false, false);
    }

    @Override
    public int status() {
        return 400;
    }

    /** What is refused, and where it runs instead. */
    @Override
    public String message() {
        return getMessage() + ". A client evaluates it over this endpoint, sending it the parts it runs: "
                + "ldf-query --mode preemptive does.";
    }
}
