package dev.ldf.server.preemption;

/**
 * A well-formed SPARQL query that the preemptive endpoint does not run; the message names the
 * part (a 400, so that a client can fall back to brTPF or TPF for it).
 */
public final class UnsupportedQueryException extends Exception {

    UnsupportedQueryException(String message) {
        super(message, null, false, false);
    }
}
