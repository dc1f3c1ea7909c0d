package dev.ldf.endpoint;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.Semaphore;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.client.source.Federation;
import dev.ldf.client.source.TripleSource;

/**
 * The endpoint's requests: {@code /sparql} (the SPARQL 1.1 Protocol's query operation over the
 * sources), {@code /-/health}, {@code /-/metrics}, and {@code /}, which says where the endpoint is;
 * a browser gets the query page at {@code /} and {@code /sparql} ({@link EndpointPage}), and
 * {@code bin/ldf-query} hands its calls to {@value HandoffAnswer#PATH}. Every query runs
 * on the same sources, and so shares their connections and remembered pages, with a plan of its
 * own; at most {@link EndpointLimits#maxQueries()} run at once. Errors are plain text.
 */
final class SparqlService extends Handler.Abstract {

    static final String PATH = "/sparql";
    private static final Logger LOG = LoggerFactory.getLogger(SparqlService.class);
    /** What a response holds back before it commits (see {@link HeldOutput}). */
    private static final int HELD_BYTES = 16 * 1024;

    private final Federation sources;
    private final EndpointLimits limits;
    private final Semaphore running;
    /** Rings the alarms of queries that run out of time; the owner stops it. */
    private final ScheduledExecutorService clock;
    private final EndpointMetrics metrics;

    SparqlService(Federation sources, EndpointLimits limits, ScheduledExecutorService clock, EndpointMetrics metrics) {
        this.sources = sources;
        this.limits = limits;
        this.running = new Semaphore(limits.maxQueries());
        this.clock = clock;
        this.metrics = metrics;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) {
        String path = Request.getPathInContext(request);
        try {
            switch (path) {
                case PATH -> {
                    if (isForPage(request)) {
                        EndpointPage.write(response, callback, sources.sources(), ProtocolRequest.queryInUrl(request));
                    } else {
                        counted(response, callback, () -> QueryAnswer.of(
                                ProtocolRequest.read(request, limits.maxRequestBytes()),
                                request.getHeaders().get(HttpHeader.ACCEPT)));
                    }
                }
                case HandoffAnswer.PATH -> counted(response, callback,
                        () -> HandoffAnswer.of(request, limits.maxRequestBytes(), sources));
                case "/-/health" -> text(response, callback, 200, "up\n");
                case "/-/metrics" -> metrics(response, callback);
                case "/" -> {
                    if (isForPage(request)) {
                        EndpointPage.write(response, callback, sources.sources(), null);
                    } else {
                        text(response, callback, 200, about());
                    }
                }
                default -> throw new EndpointError(404, "Nothing here: the SPARQL endpoint is " + PATH + ".");
            }
        } catch (EndpointError e) {
            error(response, callback, e);
        } catch (IOException | RuntimeException e) {
            if (response.isCommitted()) {
                // Writing failed (the client left, most likely): nothing more can be said.
                LOG.debug("Request {} ended early", path, e);
                callback.failed(e);
            } else {
                LOG.warn("Request {} failed", path, e);
                error(response, callback, new EndpointError(500, "The request failed."));
            }
        }
        return true;
    }

    private static boolean isForPage(Request request) {
        return EndpointPage.wanted(request.getMethod(), request.getHeaders().get(HttpHeader.ACCEPT),
                ProtocolRequest.namesFormatInUrl(request));
    }

    /** What a request asks to be answered, read from it; a mistake in it is thrown. */
    private interface Asked {
        Answer read() throws IOException;
    }

    /** A query, answered and counted: its status, or an error's, and its time. */
    private void counted(Response response, Callback callback, Asked asked) throws IOException {
        long started = System.nanoTime();
        int status = 500;
        try {
            query(response, callback, asked.read());
            status = 200;
        } catch (EndpointError e) {
            status = e.status();
            throw e;
        } finally {
            metrics.answered(status, System.nanoTime() - started);
        }
    }

    private void query(Response response, Callback callback, Answer answer) throws IOException {
        if (!running.tryAcquire()) {
            throw new EndpointError(503, "The endpoint runs " + limits.maxQueries() + " queries at once and all are "
                    + "running; try again.", 1, null);
        }
        metrics.queryStarted();
        try {
            HeldOutput out = new HeldOutput(() -> begin(response, answer.contentType()), HELD_BYTES);
            try {
                answer.write(sources.forOneQuery(), limits.queryTimeout(), clock, out);
                out.finish();
                callback.succeeded();
            } catch (EndpointError e) {
                if (!out.released()) {
                    out.discard();
                    throw e;
                }
                // The status went out with the first bytes: say why below them, and cut the
                // response short (no last chunk), so that no client takes it for a whole answer.
                log(e);
                metrics.answerCut();
                out.write(("\n\nerror: " + e.getMessage() + "\n").getBytes(StandardCharsets.UTF_8));
                out.finish();
                callback.failed(e);
            }
        } finally {
            metrics.queryEnded();
            running.release();
        }
    }

    private void metrics(Response response, Callback callback) throws IOException {
        ByteArrayOutputStream text = new ByteArrayOutputStream();
        metrics.write(text);
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, metrics.contentType());
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.write(true, ByteBuffer.wrap(text.toByteArray()), callback);
    }

    private static OutputStream begin(Response response, String contentType) {
        response.setStatus(200);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, contentType);
        // An answer depends on the sources' data at the time: no cache may keep it.
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().add(HttpHeader.VARY, "Accept");
        return Content.Sink.asOutputStream(response);
    }

    private String about() {
        StringBuilder text = new StringBuilder("A SPARQL 1.1 endpoint at " + PATH + " over ");
        text.append(sources.sources().size() == 1 ? "one source" : sources.sources().size() + " sources").append(":\n");
        for (TripleSource source : sources.sources()) {
            text.append("  ").append(source.url()).append('\n');
        }
        return text.toString();
    }

    private static void error(Response response, Callback callback, EndpointError e) {
        log(e);
        if (e.retryAfterSeconds() >= 0) {
            response.getHeaders().put(HttpHeader.RETRY_AFTER, Integer.toString(e.retryAfterSeconds()));
        }
        if (e.status() == 405) {
            response.getHeaders().put(HttpHeader.ALLOW, "GET, POST, OPTIONS");
        }
        text(response, callback, e.status(), e.getMessage() + "\n");
    }

    /** What the operator sees: a source's failure or a timeout in a line, anything unexpected with its trace. */
    private static void log(EndpointError e) {
        if (e.status() == 500) {
            LOG.warn("500 {}", e.getMessage(), e.getCause());
        } else if (e.status() >= 500) {
            LOG.info("{} {}", e.status(), e.getMessage());
        }
    }

    private static void text(Response response, Callback callback, int status, String text) {
        response.setStatus(status);
        response.getHeaders().put(HttpHeader.CONTENT_TYPE, "text/plain;charset=utf-8");
        response.getHeaders().put(HttpHeader.CACHE_CONTROL, "no-store");
        response.getHeaders().put("X-Content-Type-Options", "nosniff");
        Content.Sink.write(response, true, text, callback);
    }
}
