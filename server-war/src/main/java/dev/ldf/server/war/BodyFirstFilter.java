package dev.ldf.server.war;

import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.util.Arrays;
import java.util.concurrent.atomic.AtomicBoolean;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.DispatcherType;
import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletException;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.http.HttpFilter;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletRequestWrapper;
import jakarta.servlet.http.HttpServletResponse;

import dev.ldf.server.config.Limits;

/**
 * Reads a request body before the request takes a place under the load limit, as the embedded
 * server does: with the servlet API's non-blocking reads, so that while the bytes arrive the
 * request holds neither a place nor a thread of the container. A client sending its body at a
 * trickle held a place (issue 47). The body must arrive within {@link Limits#bodyDeadlineMillis};
 * a slower one is a 408 and its connection is closed. Then the request is dispatched again, with
 * the body replayed from memory, and {@link LoadLimitFilter} admits it as a new request
 * ({@link #justRead}).
 *
 * <p>Only bodies that declare a length up to {@code maxRequestBodyBytes} are read first: a larger
 * one (a patch) is the endpoint's to stream and bound, and a chunked one cannot be replayed once
 * read without blocking; both go on as they are.
 */
final class BodyFirstFilter extends HttpFilter {

    private static final long serialVersionUID = 1L;
    private static final String READ = BodyFirstFilter.class.getName() + ".read";

    private final int maxBodyBytes;
    private final transient Limits limits;

    BodyFirstFilter(int maxBodyBytes, Limits limits) {
        this.maxBodyBytes = maxBodyBytes;
        this.limits = limits;
    }

    /** Whether {@code request} comes back with its body read: a new request for the load limit (once). */
    static boolean justRead(HttpServletRequest request) {
        if (request.getDispatcherType() == DispatcherType.ASYNC && request.getAttribute(READ) != null) {
            request.removeAttribute(READ);
            return true;
        }
        return false;
    }

    @Override
    protected void doFilter(HttpServletRequest request, HttpServletResponse response, FilterChain chain)
            throws IOException, ServletException {
        long length = request.getContentLengthLong();
        if (request.getDispatcherType() != DispatcherType.REQUEST || length <= 0 || length > maxBodyBytes) {
            chain.doFilter(request, response);
            return;
        }
        Replayed replayed = new Replayed(request);
        AsyncContext async = request.startAsync(replayed, response);
        async.setTimeout(limits.bodyDeadlineMillis(length));
        Reader reader = new Reader(request.getInputStream(), async, replayed, (int) length);
        async.addListener(reader);
        request.getInputStream().setReadListener(reader);
    }

    /** Reads the body as it arrives, then dispatches the request again with it. */
    private static final class Reader implements ReadListener, AsyncListener {
        private final ServletInputStream in;
        private final AsyncContext async;
        private final Replayed replayed;
        private final byte[] body;
        private final byte[] chunk = new byte[8192];
        private final AtomicBoolean done = new AtomicBoolean();
        private int size;

        Reader(ServletInputStream in, AsyncContext async, Replayed replayed, int length) {
            this.in = in;
            this.async = async;
            this.replayed = replayed;
            this.body = new byte[length];
        }

        @Override
        public void onDataAvailable() throws IOException {
            while (in.isReady() && !in.isFinished()) {
                int n = in.read(chunk);
                if (n < 0) {
                    break;
                }
                if (size + n > body.length) {
                    fail(400); // longer than its Content-Length
                    return;
                }
                System.arraycopy(chunk, 0, body, size, n);
                size += n;
            }
        }

        @Override
        public void onAllDataRead() {
            if (!done.compareAndSet(false, true)) {
                return;
            }
            if (size < body.length) {
                respond(400); // shorter than its Content-Length
                return;
            }
            replayed.body(Arrays.copyOf(body, size));
            replayed.setAttribute(READ, Boolean.TRUE);
            async.dispatch();
        }

        @Override
        public void onError(Throwable failure) {
            if (done.compareAndSet(false, true)) {
                respond(400); // the body broke off
            }
        }

        @Override
        public void onTimeout(AsyncEvent event) {
            if (done.compareAndSet(false, true)) {
                respond(408); // too slow
            }
        }

        @Override
        public void onError(AsyncEvent event) {
            done.set(true);
        }

        @Override
        public void onComplete(AsyncEvent event) {
        }

        @Override
        public void onStartAsync(AsyncEvent event) {
        }

        private void fail(int status) {
            done.set(true);
            respond(status);
        }

        /** A plain error; the connection closes, since the rest of the body is not read. */
        private void respond(int status) {
            HttpServletResponse response = (HttpServletResponse) async.getResponse();
            try {
                response.setHeader("Connection", "close");
                PlainErrorServlet.write(response, status);
            } catch (IOException e) {
                // the client is gone
            } finally {
                async.complete();
            }
        }
    }

    /** The request with its body, once read, served from memory. */
    private static final class Replayed extends HttpServletRequestWrapper {
        private volatile byte[] body;

        Replayed(HttpServletRequest request) {
            super(request);
        }

        void body(byte[] bytes) {
            this.body = bytes;
        }

        @Override
        public ServletInputStream getInputStream() throws IOException {
            byte[] bytes = body;
            if (bytes == null) {
                return super.getInputStream();
            }
            ByteArrayInputStream in = new ByteArrayInputStream(bytes);
            return new ServletInputStream() {
                @Override
                public int read() {
                    return in.read();
                }

                @Override
                public int read(byte[] b, int off, int len) {
                    return in.read(b, off, len);
                }

                @Override
                public boolean isFinished() {
                    return in.available() == 0;
                }

                @Override
                public boolean isReady() {
                    return true;
                }

                @Override
                public void setReadListener(ReadListener listener) {
                    throw new IllegalStateException("the body was read already");
                }
            };
        }

        @Override
        public BufferedReader getReader() throws IOException {
            String charset = getCharacterEncoding() == null ? "ISO-8859-1" : getCharacterEncoding();
            return new BufferedReader(new InputStreamReader(getInputStream(), charset));
        }
    }
}
