package dev.ldf.server.war;

import java.io.IOException;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import jakarta.servlet.http.HttpServletResponseWrapper;

import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.monitor.ServerMetrics;

/**
 * Records every request in {@link ServerMetrics} when its response is complete, as the embedded
 * server's handler does: status, time, body bytes and the labels the endpoint set. Outermost, so
 * that refused requests count too. Bytes are those the application wrote: compression, where the
 * container does it, comes after.
 */
final class RequestMetricsFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;

    private final transient ServerMetrics metrics;

    RequestMetricsFilter(ServerMetrics metrics) {
        this.metrics = metrics;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        Recording recording = new Recording(request, response);
        metrics.started();
        boolean failed = true;
        try {
            chain.doFilter(request, recording);
            failed = false;
        } finally {
            if (failed) {
                recording.record(500);
            } else if (request.isAsyncStarted()) {
                request.getAsyncContext().addListener(recording);
            } else {
                recording.record(recording.getStatus());
            }
        }
    }

    /** The response, counting the body bytes, and a listener that records once an async answer completes. */
    private final class Recording extends HttpServletResponseWrapper implements AsyncListener {
        private final long start = System.nanoTime();
        private final HttpServletRequest request;
        private final AtomicBoolean recorded = new AtomicBoolean();
        private CountingStream stream;
        private long bytes;

        Recording(HttpServletRequest request, HttpServletResponse response) {
            super(response);
            this.request = request;
        }

        @Override
        public ServletOutputStream getOutputStream() throws IOException {
            if (stream == null) {
                stream = new CountingStream(super.getOutputStream());
            }
            return stream;
        }

        void record(int status) {
            if (recorded.compareAndSet(false, true)) {
                metrics.finished(RequestLabels.dataset(request.getAttribute(RequestLabels.DATASET)),
                        RequestLabels.api(request.getAttribute(RequestLabels.API)), status,
                        System.nanoTime() - start, bytes);
            }
        }

        @Override
        public void onComplete(AsyncEvent event) {
            record(getStatus());
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            // the answer that follows completes the request
        }

        @Override
        public void onError(AsyncEvent event) {
            record(getStatus());
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
            event.getAsyncContext().addListener(this);
        }

        /** The container's stream, adding up what passes. */
        private final class CountingStream extends ServletOutputStream {
            private final ServletOutputStream out;

            CountingStream(ServletOutputStream out) {
                this.out = out;
            }

            @Override
            public void write(int b) throws IOException {
                out.write(b);
                bytes++;
            }

            @Override
            public void write(byte[] b, int off, int len) throws IOException {
                out.write(b, off, len);
                bytes += len;
            }

            @Override
            public void flush() throws IOException {
                out.flush();
            }

            @Override
            public void close() throws IOException {
                out.close();
            }

            @Override
            public boolean isReady() {
                return out.isReady();
            }

            @Override
            public void setWriteListener(WriteListener listener) {
                out.setWriteListener(listener);
            }
        }
    }
}
