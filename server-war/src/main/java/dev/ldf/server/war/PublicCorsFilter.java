package dev.ldf.server.war;

import java.io.IOException;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import dev.ldf.server.http.PublicCors;

/**
 * CORS for public data in a servlet container, as the embedded server's handler does it: every
 * response carries the {@link PublicCors#EVERY_RESPONSE} headers, pre-flight requests are answered
 * here. The headers are set again after a {@code reset()}, which an error answer uses to replace
 * a half-built response.
 */
final class PublicCorsFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        if ("OPTIONS".equals(request.getMethod())) {
            response.setStatus(204);
            PublicCors.PREFLIGHT.forEach(response::setHeader);
            return;
        }
        PublicCors.EVERY_RESPONSE.forEach(response::setHeader);
        chain.doFilter(request, new HttpServletResponseWrapper(response) {
            @Override
            public void reset() {
                super.reset();
                PublicCors.EVERY_RESPONSE.forEach(this::setHeader);
            }
        });
    }
}
