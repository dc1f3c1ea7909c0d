package dev.ldf.server.war;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * Refuses, before anything else sees the request, the paths the embedded Jetty refuses: path
 * parameters ({@code ;x}) and dot segments ({@code .} and {@code ..}, also percent-encoded).
 * A container maps {@code /ldf/;x/-/metrics} and {@code /ldf/library/..;/-/metrics} to the
 * operator's endpoints, while a proxy in front, which reads the path as written, lets them past
 * a block on {@code /ldf/-/}. The server has no path that needs either.
 */
final class PlainPathFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String problem = problem(request.getRequestURI());
        if (problem == null) {
            chain.doFilter(request, response);
            return;
        }
        byte[] body = ("400 Bad Request: the path has " + problem + ", which no path of this server has.\n")
                .getBytes(StandardCharsets.UTF_8);
        response.setStatus(400);
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setContentType("text/plain;charset=utf-8");
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }

    /** What is wrong with the raw (undecoded) request path, or null. */
    static String problem(String rawPath) {
        if (rawPath.indexOf(';') >= 0) {
            return "a path parameter (';')";
        }
        for (String segment : rawPath.split("/", -1)) {
            String decoded = segment.toLowerCase(Locale.ROOT).replace("%2e", ".");
            if (decoded.equals(".") || decoded.equals("..")) {
                return "a dot segment ('" + decoded + "')";
            }
        }
        return null;
    }
}
