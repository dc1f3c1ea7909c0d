package dev.ldf.client.http;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Duration;
import java.net.http.HttpResponse;
import java.util.Locale;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;
import java.util.zip.GZIPInputStream;

/**
 * A response body read within the request's timeout and up to a size, whatever the source sends.
 *
 * <p>Java's client bounds the wait for a response's headers only: a body that drips a byte every
 * two seconds was read for ever, and one of 300 MB (or a gzip bomb of 840 MB, counted here as
 * decoded) filled the heap. At the deadline a timer closes the connection's stream, which wakes a
 * read blocked on it; the next read then fails with a clear error instead of taking the end of
 * what arrived for the end of the answer. Either failure is a {@link FragmentException}, not
 * retried: a source that behaves so once will again.
 */
public final class BoundedBody extends FilterInputStream {

    /** One daemon thread for every body's deadline: a deadline's task only closes a stream. */
    private static final ScheduledExecutorService TIMER = Executors.newSingleThreadScheduledExecutor(r -> {
        Thread t = new Thread(r, "ldf-body-deadlines");
        t.setDaemon(true);
        return t;
    });

    private final InputStream wire;
    private final String url;
    private final long maxBytes;
    private final Duration timeout;
    private final ScheduledFuture<?> deadline;
    private volatile boolean expired;
    private long read;
    private final byte[] one = new byte[1];

    /**
     * @param decoded   what the parser reads (gunzipped where the body is compressed)
     * @param wire      the connection's stream under it, closed at the deadline
     * @param remaining how long the body may still take
     */
    BoundedBody(InputStream decoded, InputStream wire, String url, long maxBytes, Duration timeout, Duration remaining) {
        super(decoded);
        this.wire = wire;
        this.url = url;
        this.maxBytes = maxBytes;
        this.timeout = timeout;
        this.deadline = TIMER.schedule(this::expire, Math.max(0, remaining.toNanos()), TimeUnit.NANOSECONDS);
    }

    /**
     * The whole body of {@code response} (gunzipped where it says so), read within what is left
     * of {@code options}' request timeout since {@code sentNanos} and up to its size.
     */
    public static byte[] readAll(HttpResponse<InputStream> response, String url, HttpOptions options, long sentNanos)
            throws IOException {
        InputStream wire = response.body();
        try (InputStream body = of(response, ResponseBodies.gzipped(response) ? new GZIPInputStream(wire, 1 << 16) : wire,
                url, options, sentNanos)) {
            return body.readAllBytes();
        }
    }

    /** {@code decoded}, the body of {@code response}, bounded by {@code options} from {@code sentNanos} on. */
    static BoundedBody of(HttpResponse<InputStream> response, InputStream decoded, String url, HttpOptions options,
            long sentNanos) {
        Duration remaining = options.requestTimeout().minusNanos(System.nanoTime() - sentNanos);
        return new BoundedBody(decoded, response.body(), url, options.maxResponseBytes(), options.requestTimeout(),
                remaining);
    }

    private void expire() {
        expired = true;
        try {
            wire.close();
        } catch (IOException e) {
            // closed already
        }
    }

    @Override
    public int read() throws IOException {
        int n = read(one, 0, 1);
        return n < 0 ? -1 : one[0] & 0xFF;
    }

    @Override
    public int read(byte[] b, int off, int len) throws IOException {
        checkDeadline();
        int n;
        try {
            n = super.read(b, off, len);
        } catch (IOException e) {
            checkDeadline();
            throw e;
        }
        checkDeadline();
        if (n > 0) {
            read += n;
            if (read > maxBytes) {
                throw new FragmentException(String.format(Locale.ROOT, "%s sent an answer of more than %,d bytes, the "
                        + "most the client reads of one response (--max-response-mb)", url, maxBytes));
            }
        }
        return n;
    }

    @Override
    public long skip(long n) throws IOException {
        byte[] buffer = new byte[(int) Math.min(8192, Math.max(1, n))];
        long skipped = 0;
        while (skipped < n) {
            int r = read(buffer, 0, (int) Math.min(buffer.length, n - skipped));
            if (r < 0) {
                break;
            }
            skipped += r;
        }
        return skipped;
    }

    private void checkDeadline() {
        if (expired) {
            throw new FragmentException(url + " did not send its whole answer within " + timeout.toSeconds()
                    + " s (--timeout)");
        }
    }

    @Override
    public void close() throws IOException {
        deadline.cancel(false);
        super.close();
    }
}
