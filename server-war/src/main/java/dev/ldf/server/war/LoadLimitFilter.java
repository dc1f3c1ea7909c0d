package dev.ldf.server.war;

import java.io.IOException;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.Semaphore;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

import dev.ldf.server.config.Limits;
import dev.ldf.server.http.Endpoints;
import dev.ldf.server.monitor.ServerMetrics;

/**
 * The load limit in a servlet container, with the embedded server's rules: at most
 * {@code maxConcurrentRequests} requests are answered at once, at most {@code maxQueuedRequests}
 * wait (suspended, holding no thread of the container), and a request that finds the queue full,
 * or waits longer than {@code queueTimeoutMillis}, gets a 503 with {@code Retry-After}. Long polls
 * of a change feed take no place. A waiting request goes on by an async dispatch, which passes
 * this filter again holding the place it was given.
 */
final class LoadLimitFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;
    private static final String ADMITTED = LoadLimitFilter.class.getName() + ".admitted";

    private final transient ServerMetrics metrics;
    private final transient Semaphore places;
    private final transient Queue<Waiting> queue = new ConcurrentLinkedQueue<>();
    private final transient AtomicInteger queued = new AtomicInteger();
    private final int maxQueued;
    private final long queueTimeoutMillis;
    private final String retryAfter;

    LoadLimitFilter(Limits limits, ServerMetrics metrics) {
        this.metrics = metrics;
        this.places = new Semaphore(limits.maxConcurrentRequests());
        this.maxQueued = limits.maxQueuedRequests();
        this.queueTimeoutMillis = limits.queueTimeoutMillis();
        this.retryAfter = Integer.toString(limits.retryAfterSeconds());
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        boolean admitted = request.getDispatcherType() == DispatcherType.ASYNC && request.getAttribute(ADMITTED) != null;
        // A request whose body BodyFirstFilter has read comes back by an async dispatch: new here.
        boolean arriving = request.getDispatcherType() == DispatcherType.REQUEST || BodyFirstFilter.justRead(request);
        if (admitted) {
            request.removeAttribute(ADMITTED);
        } else if (!arriving
                || Endpoints.longPoll(request.getMethod(), request.getQueryString(), request.getRequestURI())) {
            chain.doFilter(request, response);
            return;
        } else if (!places.tryAcquire()) {
            suspend(request, response);
            return;
        }
        try {
            chain.doFilter(request, response);
        } finally {
            places.release();
            admitNext();
        }
    }

    /** Suspends the request until a place is free, or refuses it when too many wait already. */
    private void suspend(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (queued.incrementAndGet() > maxQueued) {
            queued.decrementAndGet();
            refuse(response, "overload");
            return;
        }
        AsyncContext async = request.startAsync(request, response);
        async.setTimeout(queueTimeoutMillis);
        Waiting waiting = new Waiting(async);
        async.addListener(waiting);
        queue.add(waiting);
        // A place freed between the refusal above and joining the queue must not be missed.
        admitNext();
    }

    /** Gives free places to the requests that wait longest. */
    private void admitNext() {
        while (!queue.isEmpty() && places.tryAcquire()) {
            Waiting next = queue.poll();
            if (next == null || !next.claimed.compareAndSet(false, true)) {
                places.release();
                continue;
            }
            queued.decrementAndGet();
            next.async.getRequest().setAttribute(ADMITTED, Boolean.TRUE);
            next.async.dispatch();
        }
    }

    private void refuse(HttpServletResponse response, String reason) throws IOException {
        metrics.rejected(reason);
        response.setHeader("Retry-After", retryAfter);
        PlainErrorServlet.write(response, 503);
    }

    /** A suspended request, claimed once: either a place admits it or its time runs out. */
    private final class Waiting implements AsyncListener {
        private final AsyncContext async;
        private final AtomicBoolean claimed = new AtomicBoolean();

        Waiting(AsyncContext async) {
            this.async = async;
        }

        @Override
        public void onTimeout(AsyncEvent event) throws IOException {
            if (claimed.compareAndSet(false, true)) {
                queue.remove(this);
                queued.decrementAndGet();
                refuse((HttpServletResponse) async.getResponse(), "queue_timeout");
                async.complete();
            }
        }

        @Override
        public void onError(AsyncEvent event) {
            if (claimed.compareAndSet(false, true)) {
                queue.remove(this);
                queued.decrementAndGet();
            }
        }

        @Override
        public void onComplete(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }
    }
}
