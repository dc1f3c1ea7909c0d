package dev.ldf.server.fragment;

/**
 * A request that cannot be answered as sent: a malformed term, page number or parameter.
 * The HTTP layer answers it with 400 and this message, which is meant for people.
 */
public final class BadRequestException extends RuntimeException {
    private static final long serialVersionUID = 1L;

    public BadRequestException(String message) {
        super(message);
    }
}
