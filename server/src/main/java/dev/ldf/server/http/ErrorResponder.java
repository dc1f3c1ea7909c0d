package dev.ldf.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.eclipse.jetty.http.HttpStatus;

import dev.ldf.server.rdf.ErrorView;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.rdf.Writers;
import jakarta.servlet.http.HttpServletResponse;

/**
 * The one place that turns a failed request into an error response: the status, a short message
 * in the negotiated format (a {@code hydra:Error} for RDF, a page for HTML, plain text when no
 * format was agreed), and never a stack trace.
 */
final class ErrorResponder {

    /** Headers that belong to an error: what to use instead (405), when to retry (503), how to authenticate (401). */
    private static final List<String> KEPT_HEADERS = List.of("Allow", "Retry-After", "WWW-Authenticate");

    private final Writers writers;

    ErrorResponder(Writers writers) {
        this.writers = writers;
    }

    /**
     * Sends the error, unless the response is already committed (then nothing can be changed);
     * {@code closeConnection} when the request left unread bytes on the connection.
     */
    void respond(HttpServletResponse response, int status, String message, OutputFormat format,
            boolean closeConnection) throws IOException {
        respond(response, status, message, format, closeConnection, null);
    }

    /** As above; {@code context} (or null) lets a page for people lead back to where the request was going. */
    void respond(HttpServletResponse response, int status, String message, OutputFormat format,
            boolean closeConnection, ErrorView.Context context) throws IOException {
        if (response.isCommitted()) {
            return;
        }
        // What the failed request's handling said about the error survives the reset.
        Map<String, String> kept = new LinkedHashMap<>();
        for (String name : KEPT_HEADERS) {
            String value = response.getHeader(name);
            if (value != null) {
                kept.put(name, value);
            }
        }
        response.reset();
        Headers.common(response);
        kept.forEach(response::setHeader);
        response.setHeader("Cache-Control", "no-store");
        if (closeConnection) {
            response.setHeader("Connection", "close");
        }
        response.setStatus(status);
        ErrorView view = new ErrorView(status, HttpStatus.getMessage(status), message, context);
        try (OutputStream out = response.getOutputStream()) {
            if (format == null) {
                response.setContentType("text/plain;charset=utf-8");
                out.write((status + " " + view.reason() + ": " + view.message() + "\n").getBytes(StandardCharsets.UTF_8));
            } else {
                Headers.representation(response, format);
                writers.get(format).writeError(view, out);
            }
        }
    }
}
