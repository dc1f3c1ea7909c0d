package dev.ldf.server.fragment;

import dev.ldf.server.failure.ClientError;

/**
 * A request that cannot be answered as sent: a malformed term, page number or parameter.
 * The HTTP layer answers it with 400 and this message, which is meant for people.
 */
public final class BadRequestException extends RuntimeException implements ClientError {
    private static final long serialVersionUID = 1L;

    public BadRequestException(String message) {
        super(message);
    }

    @Override
    public int status() {
        return 400;
    }
}
