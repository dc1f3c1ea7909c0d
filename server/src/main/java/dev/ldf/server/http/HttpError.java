package dev.ldf.server.http;

import dev.ldf.server.failure.ClientError;

/**
 * A request the server answers with a 4xx status and a short message for people. Thrown before
 * any byte of the response is written; {@link ErrorResponder} turns it into the response.
 */
public final class HttpError extends RuntimeException implements ClientError {
    private static final long serialVersionUID = 1L;

    private final int status;
    private final boolean closeConnection;

    public HttpError(int status, String message) {
        this(status, message, false);
    }

    /** An error after which the connection cannot carry another request (an unread body). */
    public HttpError(int status, String message, boolean closeConnection) {
        super(message);
        this.status = status;
        this.closeConnection = closeConnection;
    }

    @Override
    public int status() {
        return status;
    }

    @Override
    public boolean closesConnection() {
        return closeConnection;
    }

    public static HttpError badRequest(String message) {
        return new HttpError(400, message);
    }

    public static HttpError notFound(String message) {
        return new HttpError(404, message);
    }
}
