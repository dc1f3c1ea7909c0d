package dev.ldf.server.war;

import java.io.IOException;
import java.nio.charset.StandardCharsets;

import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import dev.ldf.server.http.PlainErrors;

/**
 * The application's error page ({@code WEB-INF/web.xml}): errors the container raises inside the
 * application (a request it refuses before an endpoint answers, a failure no endpoint caught) get
 * the embedded server's plain one-line answer instead of the container's HTML page with its name
 * and version.
 */
final class PlainErrorServlet extends HttpServlet {

    private static final long serialVersionUID = 1L;

    /** Where web.xml sends errors; a path no dataset can have. */
    static final String PATH = "/-error";

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        Object code = request.getAttribute(RequestDispatcher.ERROR_STATUS_CODE);
        int status = code instanceof Integer given && given >= 400 ? given : 404;
        if (response.isCommitted()) {
            return;
        }
        write(response, status);
    }

    /** Replaces whatever the response holds (but a Retry-After) with the plain error for {@code code}. */
    static void write(HttpServletResponse response, int code) throws IOException {
        String retryAfter = response.getHeader("Retry-After");
        response.resetBuffer();
        response.setStatus(PlainErrors.status(code));
        PlainErrors.HEADERS.forEach(response::setHeader);
        if (retryAfter != null) {
            response.setHeader("Retry-After", retryAfter);
        }
        byte[] body = PlainErrors.body(code).getBytes(StandardCharsets.UTF_8);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
