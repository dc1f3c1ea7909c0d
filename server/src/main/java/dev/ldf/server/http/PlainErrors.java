package dev.ldf.server.http;

import java.util.Map;

import org.eclipse.jetty.http.HttpStatus;

/**
 * The answer to an error the container finds before an endpoint sees the request (a request line
 * over the size limit: 414; headers too large: 431; a malformed request: 400; a body too slow:
 * 408; overload or shutdown: 503): one plain-text line with the status and a short reason, never
 * a stack trace or the exception's text. The embedded Jetty's error handler and a servlet
 * container's error page write it alike.
 */
public final class PlainErrors {

    /** The headers of such an answer, besides the status. */
    public static final Map<String, String> HEADERS = Map.of(
            "Content-Type", "text/plain;charset=utf-8",
            "Access-Control-Allow-Origin", "*",
            "Cache-Control", "no-store",
            "X-Content-Type-Options", "nosniff");

    private PlainErrors() {}

    /**
     * The status to send for {@code code}: an HTTP version the server does not speak is the
     * client's mistake, and a 5xx would count as a failure of the server in every monitor.
     */
    public static int status(int code) {
        return code == HttpStatus.HTTP_VERSION_NOT_SUPPORTED_505 ? HttpStatus.BAD_REQUEST_400 : code;
    }

    /** The body: status, reason phrase and what to do, on one line. */
    public static String body(int code) {
        int status = status(code);
        return status + " " + HttpStatus.getMessage(status) + ": " + explain(code) + "\n";
    }

    private static String explain(int code) {
        return switch (code) {
            case 414 -> "the URL is longer than this server accepts; send brTPF bindings in a POST body instead.";
            case 431 -> "the request headers are larger than this server accepts.";
            case 413 -> "the request body is larger than this server accepts.";
            case 408 -> "the request did not arrive in time; send it faster.";
            case 503 -> "the server is busy or stopping; retry after the delay in Retry-After.";
            case 400 -> "the request is malformed.";
            case 505 -> "this server speaks HTTP/1.0 and HTTP/1.1.";
            case 404 -> "there is nothing at this path.";
            default -> "the request cannot be served.";
        };
    }
}
