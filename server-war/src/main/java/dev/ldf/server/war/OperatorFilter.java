package dev.ldf.server.war;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import dev.ldf.server.monitor.OperatorAnswer;
import dev.ldf.server.monitor.Readiness;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.monitor.ServerMetrics;

/**
 * The operator's endpoints under {@code /-/} (live, ready, metrics) in a servlet container, before
 * the load limit as in the embedded server, so that probes answer under overload.
 */
final class OperatorFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    private final transient ServerMetrics metrics;
    private final transient Readiness readiness;

    OperatorFilter(ServerMetrics metrics, Readiness readiness) {
        this.metrics = metrics;
        this.readiness = readiness;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        String path = request.getServletPath() + (request.getPathInfo() == null ? "" : request.getPathInfo());
        if (!path.startsWith(OperatorAnswer.PREFIX)) {
            chain.doFilter(request, response);
            return;
        }
        request.setAttribute(RequestLabels.API, RequestLabels.Api.OPERATOR);
        OperatorAnswer answer = OperatorAnswer.to(request.getMethod(), path, metrics, readiness);
        response.setStatus(answer.status());
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("X-Content-Type-Options", "nosniff");
        response.setHeader("Content-Type", answer.contentType());
        if (answer.allow() != null) {
            response.setHeader("Allow", answer.allow());
        }
        response.setContentLength(answer.body().length);
        response.getOutputStream().write(answer.body());
    }
}
