package dev.ldf.server.http;

import java.io.IOException;
import java.io.OutputStream;

import dev.ldf.server.rdf.OutputFormat;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/** Sending a successful, cacheable representation: its headers, 304 when the client's copy is current, the body. */
final class Representations {

    /** What a successful response writes. */
    interface Body {
        void write(OutputStream out) throws IOException;
    }

    private Representations() {}

    /** Sets the caching headers and answers 304 when the client's copy is current. */
    static boolean notModified(HttpServletRequest request, HttpServletResponse response, String etag, int maxAgeSeconds) {
        Headers.cacheable(response, etag, maxAgeSeconds);
        if (EntityTags.matches(request.getHeader("If-None-Match"), etag)) {
            response.setStatus(304);
            return true;
        }
        return false;
    }

    static void send(HttpServletResponse response, OutputFormat format, Body body) throws IOException {
        response.setStatus(200);
        Headers.representation(response, format);
        writeWhole(response, body);
    }

    /**
     * Writes {@code body} and closes the response's stream only once the body is whole. Closing
     * it after a failure (as try-with-resources would) commits what was written, an empty or cut
     * 200 that caches keep; left open, an uncommitted response can still become the error, and
     * a committed one is aborted by {@link Endpoint}.
     */
    static void writeWhole(HttpServletResponse response, Body body) throws IOException {
        OutputStream out = response.getOutputStream();
        body.write(out);
        out.close();
    }
}
