package dev.ldf.server.monitor;

import java.nio.ByteBuffer;
import java.util.concurrent.atomic.AtomicBoolean;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;

/**
 * Records every request in {@link ServerMetrics} when its response is complete: status, time,
 * bytes sent and the labels the answering handler set. Sits outside compression, so bytes are
 * what went to the network, and outside the load limit, so refused requests count too. The
 * start-up check's in-process requests are not counted.
 */
public final class RequestMetricsHandler extends Handler.Wrapper {

    private final ServerMetrics metrics;

    public RequestMetricsHandler(ServerMetrics metrics, Handler handler) {
        super(handler);
        this.metrics = metrics;
    }

    @Override
    public boolean handle(Request request, Response response, Callback callback) throws Exception {
        if (request.getConnectionMetaData().getConnector() instanceof LocalConnector) {
            return super.handle(request, response, callback);
        }
        Recording recording = new Recording(request, response, callback);
        metrics.started();
        try {
            if (super.handle(request, recording, recording)) {
                return true;
            }
            recording.record(404);
            return false;
        } catch (Throwable t) {
            recording.record(500);
            throw t;
        }
    }

    /** The response, counting what is written, and the callback, recording once it completes. */
    private final class Recording extends Response.Wrapper implements Callback {
        private final long start = System.nanoTime();
        private final Callback callback;
        private final AtomicBoolean recorded = new AtomicBoolean();
        private long bytes;

        Recording(Request request, Response response, Callback callback) {
            super(request, response);
            this.callback = callback;
        }

        @Override
        public void write(boolean last, ByteBuffer content, Callback writeCallback) {
            if (content != null) {
                bytes += content.remaining();
            }
            super.write(last, content, writeCallback);
        }

        @Override
        public void succeeded() {
            record(getStatus());
            callback.succeeded();
        }

        @Override
        public void failed(Throwable x) {
            record(getStatus());
            callback.failed(x);
        }

        @Override
        public InvocationType getInvocationType() {
            return callback.getInvocationType();
        }

        void record(int status) {
            if (recorded.compareAndSet(false, true)) {
                metrics.finished(RequestLabels.dataset(getRequest()), RequestLabels.api(getRequest()), status,
                        System.nanoTime() - start, bytes);
            }
        }
    }
}
