package dev.ldf.server.http;

import dev.ldf.server.rdf.HtmlWriter;
import dev.ldf.server.rdf.OutputFormat;
import jakarta.servlet.http.HttpServletResponse;

/** Headers every response carries. */
final class Headers {

    /** Methods of the index and other read-only resources. */
    static final String READ_METHODS = "GET, HEAD, OPTIONS";
    /** Methods of a dataset: POST carries brTPF bindings in a form body. */
    static final String DATASET_METHODS = "GET, HEAD, POST, OPTIONS";

    private Headers() {}

    /** Headers of every answer of the servlet (CORS headers come from {@link PublicCorsHandler}). */
    static void common(HttpServletResponse response) {
        // Browsers must take the declared type, never sniff an RDF page with markup in it as HTML.
        response.setHeader("X-Content-Type-Options", "nosniff");
    }

    /**
     * The headers of a representation in {@code format}. HTML pages may load nothing but their own
     * inline style (by its hash), submit forms only to this server, and not be framed: even markup
     * that escaped escaping could run nothing.
     */
    static void representation(HttpServletResponse response, OutputFormat format) {
        response.setContentType(format.contentType());
        if (format == OutputFormat.HTML) {
            response.setHeader("Content-Security-Policy", HtmlWriter.CONTENT_SECURITY_POLICY);
            response.setHeader("Referrer-Policy", "no-referrer");
        }
    }

    /** Headers that let caches store a successful response and revalidate it. */
    static void cacheable(HttpServletResponse response, String etag, int maxAgeSeconds) {
        response.setHeader("ETag", etag);
        response.setHeader("Cache-Control", "public, max-age=" + maxAgeSeconds);
        response.setHeader("Vary", "Accept");
    }
}
