package dev.ldf.server.http;

import java.nio.ByteBuffer;
import java.util.Arrays;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.http.HttpStatus;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.Limits;
import dev.ldf.cli.Causes;

/**
 * Reads a request body completely before the request goes on, asynchronously: while the bytes
 * arrive, the request holds no thread and no place under the load limit, so clients that send
 * slowly cannot starve others. A body must arrive within {@link Limits#bodyDeadlineMillis} (a
 * minimum average rate after a grace period); a slower one is answered with 408 and its
 * connection closed.
 *
 * <p>A body declared larger than the limit goes on unread (the servlet refuses it with 413); an
 * undeclared (chunked) one that grows past the limit goes on with what was read replayed first,
 * so that the servlet refuses it in the same way.
 */
final class RequestBodyHandler extends Handler.Wrapper {

    private static final Logger LOG = LoggerFactory.getLogger(RequestBodyHandler.class);

    private final int maxBodyBytes;
    private final Limits limits;

    RequestBodyHandler(int maxBodyBytes, Limits limits, Handler handler) {
        super(handler);
        this.maxBodyBytes = maxBodyBytes;
        this.limits = limits;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        long length = request.getLength();
        boolean chunked = length < 0 && request.getHeaders().contains(HttpHeader.TRANSFER_ENCODING);
        if ((length <= 0 && !chunked) || length > maxBodyBytes) {
            return super.handle(request, response, callback);
        }
        new BodyReader(request, response, callback, length > 0 ? (int) length : 1024).start();
        return true;
    }

    /** Reads the body chunk by chunk as it arrives, then hands the request on. */
    private final class BodyReader implements Runnable {
        private final Request request;
        private final Response response;
        private final Callback callback;
        private final AtomicBoolean done = new AtomicBoolean();
        private byte[] bytes;
        private int size;
        private Scheduler.Task deadline;

        BodyReader(Request request, Response response, Callback callback, int expected) {
            this.request = request;
            this.response = response;
            this.callback = callback;
            this.bytes = new byte[Math.min(expected, maxBodyBytes) + 1];
        }

        void start() {
            long declared = request.getLength();
            deadline = request.getComponents().getScheduler().schedule(this::expire,
                    limits.bodyDeadlineMillis(declared > 0 ? declared : maxBodyBytes), TimeUnit.MILLISECONDS);
            run();
        }

        @Override
        public void run() {
            while (!done.get()) {
                Content.Chunk chunk = request.read();
                if (chunk == null) {
                    request.demand(this);
                    return;
                }
                if (Content.Chunk.isFailure(chunk)) {
                    fail(chunk.getFailure());
                    return;
                }
                append(chunk.getByteBuffer());
                boolean last = chunk.isLast();
                chunk.release();
                if (last || size > maxBodyBytes) {
                    handOn(last);
                    return;
                }
            }
        }

        private void append(ByteBuffer buffer) {
            int n = buffer.remaining();
            if (size + n > bytes.length) {
                bytes = Arrays.copyOf(bytes, Math.max(size + n, Math.min(2 * bytes.length, maxBodyBytes + 1)));
            }
            buffer.get(bytes, size, n);
            size += n;
        }

        private void handOn(boolean complete) {
            if (!done.compareAndSet(false, true)) {
                return;
            }
            deadline.cancel();
            Request replay = new ReplayedBody(request, ByteBuffer.wrap(bytes, 0, size), complete);
            try {
                if (!RequestBodyHandler.super.handle(replay, response, callback)) {
                    Response.writeError(replay, response, callback, HttpStatus.NOT_FOUND_404);
                }
            } catch (Throwable t) {
                LOG.error("Request failed after its body was read", t);
                Response.writeError(replay, response, callback, HttpStatus.INTERNAL_SERVER_ERROR_500);
            }
        }

        private void expire() {
            if (done.compareAndSet(false, true)) {
                request.fail(new TimeoutException("request body too slow"));
                LOG.debug("Request body too slow: {} bytes in {} ms", size, limits.bodyDeadlineMillis(request.getLength()));
                response.getHeaders().put(HttpHeader.CONNECTION, "close");
                Response.writeError(request, response, callback, HttpStatus.REQUEST_TIMEOUT_408);
            }
        }

        /** The body stopped arriving (the idle timeout) or the client went: 408 or 400, and the connection closed. */
        private void fail(Throwable failure) {
            if (done.compareAndSet(false, true)) {
                deadline.cancel();
                LOG.debug("Reading a request body failed: {}", failure.toString());
                boolean timeout = Causes.has(failure, TimeoutException.class);
                response.getHeaders().put(HttpHeader.CONNECTION, "close");
                Response.writeError(request, response, callback,
                        timeout ? HttpStatus.REQUEST_TIMEOUT_408 : HttpStatus.BAD_REQUEST_400);
            }
        }
    }

    /** The request with the body that was read served first, then (if incomplete) the rest. */
    private static final class ReplayedBody extends Request.Wrapper {
        private ByteBuffer read;
        private final boolean complete;

        ReplayedBody(Request request, ByteBuffer read, boolean complete) {
            super(request);
            this.read = read;
            this.complete = complete;
        }

        @Override
        public Content.Chunk read() {
            ByteBuffer first = read;
            if (first != null) {
                read = null;
                return Content.Chunk.from(first, complete);
            }
            return complete ? Content.Chunk.EOF : super.read();
        }

        @Override
        public void demand(Runnable demandCallback) {
            if (read != null || complete) {
                demandCallback.run();
            } else {
                super.demand(demandCallback);
            }
        }
    }
}
