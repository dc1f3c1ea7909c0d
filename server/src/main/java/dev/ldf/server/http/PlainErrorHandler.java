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
 * Errors that Jetty answers before the servlet sees the request (a request line over the size
 * limit: 414; headers too large: 431; a malformed request: 400): one plain-text line with the
 * status and a short reason, never a stack trace or the exception's text.
 */
public final class PlainErrorHandler extends ErrorHandler {

    @Override
    protected void generateResponse(Request request, Response response, int code, String message, Throwable cause,
            Callback callback) throws IOException {
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain;charset=utf-8");
        response.getHeaders().put("Access-Control-Allow-Origin", "*");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        String body = code + " " + HttpStatus.getMessage(code) + ": " + explain(code) + "\n";
        response.write(true, ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8)), callback);
    }

    @Override
    public ByteBuffer badMessageError(int status, String reason, org.eclipse.jetty.http.HttpFields.Mutable fields) {
        fields.put(HttpHeader.CONTENT_TYPE, "text/plain;charset=utf-8");
        fields.put("Access-Control-Allow-Origin", "*");
        String body = status + " " + HttpStatus.getMessage(status) + ": " + explain(status) + "\n";
        return ByteBuffer.wrap(body.getBytes(StandardCharsets.UTF_8));
    }

    private static String explain(int code) {
        return switch (code) {
            case 414 -> "the URL is longer than this server accepts; send brTPF bindings in a POST body instead.";
            case 431 -> "the request headers are larger than this server accepts.";
            case 413 -> "the request body is larger than this server accepts.";
            case 400 -> "the request is malformed.";
            case 404 -> "there is nothing at this path.";
            default -> "the request cannot be served.";
        };
    }
}
