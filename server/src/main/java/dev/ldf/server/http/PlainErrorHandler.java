package dev.ldf.server.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.ErrorHandler;
import org.eclipse.jetty.util.Callback;

/**
 * Errors that Jetty's handlers answer before the servlet sees the request (a request line over
 * the size limit: 414; headers too large: 431; a malformed request: 400; a body too slow: 408;
 * overload or shutdown: 503): one plain-text line with the status and a short reason, never a
 * stack trace or the exception's text.
 */
public final class PlainErrorHandler extends ErrorHandler {

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
            Callback callback) throws IOException {
        // An HTTP version the server does not speak is the client's mistake: a 5xx would count as
        // a failure of the server in every monitor.
        int status = code == HttpStatus.HTTP_VERSION_NOT_SUPPORTED_505 ? HttpStatus.BAD_REQUEST_400 : code;
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain;charset=utf-8");
        response.getHeaders().put("Access-Control-Allow-Origin", "*");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        String body = status + " " + HttpStatus.getMessage(status) + ": " + explain(code) + "\n";
        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
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
