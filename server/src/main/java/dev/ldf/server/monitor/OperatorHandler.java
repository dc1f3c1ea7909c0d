package dev.ldf.server.monitor;

import java.nio.ByteBuffer;

import org.eclipse.jetty.http.HttpHeader;
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

    public static final String PREFIX = OperatorAnswer.PREFIX;

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
        OperatorAnswer answer = OperatorAnswer.to(request.getMethod(), path, metrics, readiness);
        response.setStatus(answer.status());
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, answer.contentType());
        if (answer.allow() != null) {
            response.getHeaders().put(HttpHeader.ALLOW, answer.allow());
        }
        response.write(true, ByteBuffer.wrap(answer.body()), callback);
        return true;
    }
}
