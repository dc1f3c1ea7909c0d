package dev.ldf.client.http;

/**
 * A fragment that cannot be had: the server refused the request (4xx), kept failing after the
 * retries, could not be reached, or sent something that is not a fragment. The message is meant
 * for people and names the URL.
 */
public final class FragmentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    /** The status of the server's refusal, or 0. */
    private final int status;

    public FragmentException(String message) {
        this(message, 0);
    }

    /** A refusal with HTTP status {@code status}. */
    public FragmentException(String message, int status) {
        super(message);
        this.status = status;
    }

    public FragmentException(String message, Throwable cause) {
        super(message, cause);
        this.status = 0;
    }

    /**
     * The HTTP status the server refused the request with (or, after the retries, its last
     * failing answer), or 0 when it did not answer one.
     */
    public int status() {
        return status;
    }
}
