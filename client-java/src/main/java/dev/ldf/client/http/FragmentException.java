package dev.ldf.client.http;

/**
 * A fragment that cannot be had: the server refused the request (4xx), kept failing after the
 * retries, could not be reached, or sent something that is not a fragment. The message is meant
 * for people and names the URL.
 */
public final class FragmentException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public FragmentException(String message) {
        super(message);
    }

    public FragmentException(String message, Throwable cause) {
        super(message, cause);
    }
}
