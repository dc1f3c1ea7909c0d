package dev.ldf.server.monitor;

import java.io.ByteArrayOutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * The operator's endpoints under {@code /-/}, a path no dataset can have (dataset names start with
 * a letter or digit):
 * <ul>
 *   <li>{@code /-/live}: 200 while the process can answer at all (a liveness probe);</li>
 *   <li>{@code /-/ready}: 200 when the server takes traffic, 503 while it starts or stops (a
 *       readiness probe, and what the local deployment waits for);</li>
 *   <li>{@code /-/metrics}: the metrics in the Prometheus text format.</li>
 * </ul>
 * They sit outside the load limit, so that probes and scrapes answer under overload; they are
 * small and cheap. A public deployment should not pass {@code /-/} through its cache (the
 * project's nginx configuration does not).
 */
public final class OperatorHandler extends Handler.Wrapper {

    public static final String PREFIX = "/-/";

    private final ServerMetrics metrics;
    private final Readiness readiness;

    public OperatorHandler(ServerMetrics metrics, Readiness readiness, Handler handler) {
        super(handler);
        this.metrics = metrics;
        this.readiness = readiness;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        String path = Request.getPathInContext(request);
        if (!path.startsWith(PREFIX)) {
            return super.handle(request, response, callback);
        }
        request.setAttribute(RequestLabels.API, RequestLabels.Api.OPERATOR);
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        String method = request.getMethod();
        if (!HttpMethod.GET.is(method) && !HttpMethod.HEAD.is(method)) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET, HEAD");
            text(response, callback, 405, "Method " + method + " is not allowed here; use GET.");
            return true;
        }
        switch (path.substring(PREFIX.length())) {
            case "live" -> text(response, callback, 200, "live");
            case "ready" -> {
                Readiness.State state = readiness.state();
                text(response, callback, state == Readiness.State.READY ? 200 : 503, state.name().toLowerCase(java.util.Locale.ROOT));
            }
            case "metrics" -> {
                ByteArrayOutputStream out = new ByteArrayOutputStream(16384);
                metrics.write(out);
                response.setStatus(200);
                response.getHeaders().put(HttpHeader.CONTENT_TYPE, metrics.contentType());
                response.write(true, ByteBuffer.wrap(out.toByteArray()), callback);
            }
            default -> text(response, callback, 404, "There is no " + path + "; the operator endpoints are "
                    + PREFIX + "live, " + PREFIX + "ready and " + PREFIX + "metrics.");
        }
        return true;
    }

    private static void text(Response response, Callback callback, int status, String body) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain;charset=utf-8");
        response.write(true, ByteBuffer.wrap((body + "\n").getBytes(StandardCharsets.UTF_8)), callback);
    }
}
