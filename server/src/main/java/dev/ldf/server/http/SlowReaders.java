package dev.ldf.server.http;

import java.io.FilterOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.Limits;
import jakarta.servlet.http.HttpServletRequest;

/**
 * Cuts off a client that reads a long response (a dump, a base file) slower than
 * {@link Limits#minResponseBytesPerSecond}, over the last {@link #WINDOW_SECONDS} seconds, once a
 * grace period has passed. Such a response holds one of a few places while it streams; a client
 * reading at a trickle, without ever being idle long enough for the idle timeout, would hold it
 * for hours. The rate is taken over a window, not since the start: the socket's buffers take
 * megabytes at once, and an average since the start counted them for 25 to 40 s of a reader at
 * 1 KB/s. A check once a second compares what the response has sent in the window with what it
 * should have, and closes the connection when it is behind: the blocked write fails, the response
 * ends and its place is free.
 */
final class SlowReaders {

    private static final Logger LOG = LoggerFactory.getLogger(SlowReaders.class);
    /** The window over which a reader's rate is taken. */
    static final int WINDOW_SECONDS = 5;

    private final Limits limits;

    SlowReaders(Limits limits) {
        this.limits = limits;
    }

    /**
     * A watched stream of the response to {@code request}; closing it ends the watch. Unwatched
     * outside the embedded Jetty: there the container's write timeout is the only cutoff.
     */
    OutputStream watch(HttpServletRequest request, OutputStream out) {
        ServletContextRequest jetty = JettyRequests.of(request);
        if (jetty == null) {
            return out;
        }
        return new Watched(out, jetty.getConnectionMetaData().getConnection().getEndPoint(),
                jetty.getComponents().getScheduler(), request.getRequestURI());
    }

    private final class Watched extends FilterOutputStream {
        private final AtomicLong sent = new AtomicLong();
        private final long start = System.nanoTime();
        private final EndPoint endPoint;
        private final Scheduler scheduler;
        private final String target;
        private volatile Scheduler.Task check;
        private volatile boolean done;
        /** What had been sent at each of the last {@link #WINDOW_SECONDS} checks, oldest next; the checks' thread only. */
        private final long[] window = new long[WINDOW_SECONDS];
        private int checks;

        Watched(OutputStream out, EndPoint endPoint, Scheduler scheduler, String target) {
            super(out);
            this.endPoint = endPoint;
            this.scheduler = scheduler;
            this.target = target;
            schedule();
        }

        private void schedule() {
            check = scheduler.schedule(this::check, 1, TimeUnit.SECONDS);
        }

        private void check() {
            if (done || !endPoint.isOpen()) {
                return; // written whole, or aborted after a failure
            }
            long bytes = sent.get();
            long elapsed = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            long inWindow = bytes - window[checks % window.length];
            window[checks % window.length] = bytes;
            checks++;
            if (elapsed >= Limits.BODY_GRACE_SECONDS * 1000L && checks > WINDOW_SECONDS
                    && inWindow < (long) limits.minResponseBytesPerSecond() * WINDOW_SECONDS) {
                LOG.info("Cut off a client reading {} at {} bytes/s over {} s, below limits.minResponseBytesPerSecond "
                        + "({})", target, inWindow / WINDOW_SECONDS, WINDOW_SECONDS, limits.minResponseBytesPerSecond());
                endPoint.close(new IOException("the client reads slower than limits.minResponseBytesPerSecond"));
                return;
            }
            schedule();
        }

        @Override
        public void write(int b) throws IOException {
            out.write(b);
            sent.incrementAndGet();
        }

        @Override
        public void write(byte[] bytes, int offset, int length) throws IOException {
            out.write(bytes, offset, length);
            sent.addAndGet(length);
        }

        @Override
        public void close() throws IOException {
            done = true;
            Scheduler.Task task = check;
            if (task != null) {
                task.cancel();
            }
            super.close();
        }
    }
}
