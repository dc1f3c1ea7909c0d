package dev.ldf.server.http;

import org.eclipse.jetty.ee10.servlet.ServletContextRequest;

import jakarta.servlet.http.HttpServletRequest;

/**
 * Jetty's own request beneath a servlet request, for what only the embedded server offers (the
 * connection's end point for the slow-reader cutoff, the time the headers arrived). In any other
 * servlet container there is none, and those features are off.
 */
final class JettyRequests {

    private JettyRequests() {}

    /** Jetty's request under {@code request}, or null where another container serves it. */
    static ServletContextRequest of(HttpServletRequest request) {
        // Jetty's lookup throws rather than answer null for another container's request.
        if (!request.getServletContext().getClass().getName().startsWith("org.eclipse.jetty.")) {
            return null;
        }
        return ServletContextRequest.getServletContextRequest(request);
    }
}
