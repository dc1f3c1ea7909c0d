package dev.ldf.server.preemption;

import dev.ldf.server.failure.ClientError;

/**
 * A continuation token the server will not resume: malformed, signed with an unknown key, edited
 * or issued for another query or dataset, or expired. The message is short and safe to show to
 * the client (a 400).
 */
public final class InvalidTokenException extends RuntimeException implements ClientError {
    private static final long serialVersionUID = 1L;

    /** Why a token was refused. */
    public enum Reason { MALFORMED, UNKNOWN_KEY, BAD_SIGNATURE, EXPIRED }

    private final Reason reason;

    InvalidTokenException(Reason reason, String message) {
        super(message, null, false, false);
        this.reason = reason;
    }

    public Reason reason() {
        return reason;
    }

    @Override
    public int status() {
        return 400;
    }
}
