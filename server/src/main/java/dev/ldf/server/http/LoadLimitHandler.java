package dev.ldf.server.http;

import java.time.Duration;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.handler.QoSHandler;
import org.eclipse.jetty.util.Callback;

import dev.ldf.server.config.Limits;
import dev.ldf.server.monitor.ServerMetrics;

/**
 * Bounds the work the server takes on: at most {@code maxConcurrentRequests} requests are
 * answered at once, at most {@code maxQueuedRequests} wait (suspended, holding no thread), and a
 * request that finds the queue full, or waits longer than {@code queueTimeoutMillis}, gets a 503
 * with {@code Retry-After}, which clients (ours, Comunica) honour. Jetty's {@link QoSHandler} does
 * the queueing; this adds the header and counts the refusals.
 */
final class LoadLimitHandler extends QoSHandler {

    private final ServerMetrics metrics;
    private final String retryAfter;

    LoadLimitHandler(Limits limits, ServerMetrics metrics, Handler handler) {
        super(handler);
        this.metrics = metrics;
        this.retryAfter = Integer.toString(limits.retryAfterSeconds());
        setMaxRequestCount(limits.maxConcurrentRequests());
        setMaxSuspendedRequestCount(limits.maxQueuedRequests());
        setMaxSuspend(Duration.ofMillis(limits.queueTimeoutMillis()));
        setRejectStatusCode(HttpStatus.SERVICE_UNAVAILABLE_503);
        // The start-up check's in-process requests come before any traffic and must never be refused.
        exclude(request -> request.getConnectionMetaData().getConnector() instanceof LocalConnector);
        // Long polls of a change feed wait without a thread and without work: they take no place.
        exclude(LoadLimitHandler::longPoll);
    }

    private static boolean longPoll(Request request) {
        return Endpoints.longPoll(request.getMethod(), request.getHttpURI().getQuery(), Request.getPathInContext(request));
    }

    @Override
    protected void reject(Request request, Response response, Callback callback, int status) {
        metrics.rejected("overload");
        response.getHeaders().put(HttpHeader.RETRY_AFTER, retryAfter);
        super.reject(request, response, callback, status);
    }

    @Override
    protected void failSuspended(Request request, Response response, Callback callback, int status, Throwable failure) {
        metrics.rejected("queue_timeout");
        response.getHeaders().put(HttpHeader.RETRY_AFTER, retryAfter);
        super.failSuspended(request, response, callback, status, failure);
    }
}
