package dev.ldf.server.http;

import java.io.IOException;
import java.util.concurrent.TimeUnit;
import java.util.function.LongSupplier;

import org.eclipse.jetty.http.HttpParser;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.server.Connector;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.internal.HttpConnection;
import org.eclipse.jetty.util.thread.Scheduler;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.Limits;

/**
 * Closes an HTTP/1.1 connection whose request head takes longer than
 * {@link Limits#requestHeadTimeoutSeconds} to arrive. Jetty's idle timeout starts again with each
 * byte, so a client that sends one header line every few seconds would hold its connection, and
 * a file descriptor, for ever; a thousand such clients take every descriptor a server has.
 *
 * <p>Jetty has no head timeout of its own, so each connection's parser is looked at once a second:
 * a head is pending from when the parser is seen inside one (past its start, before the content)
 * until the parser leaves it, and the same head (no request completed meanwhile) may not be
 * pending longer than the limit. A request body and a response do not count: their rates have
 * limits of their own ({@link Limits#minRequestBodyBytesPerSecond}, {@link SlowReaders}). The
 * parser is Jetty's internal connection's: the connection's public counters cannot tell a body
 * after a {@code 100 Continue} (an interim response that counts as one) from a head.
 */
public final class HeadDeadlines implements Connection.Listener {

    private static final Logger LOG = LoggerFactory.getLogger(HeadDeadlines.class);

    private final long timeoutNanos;
    private final Scheduler scheduler;
    private final LongSupplier nanoTime;
    private final Runnable onCut;

    /**
     * HTTP/1.1 connections made under {@code http}, each watched for its heads. (HTTP/2 frames
     * its headers and has timeouts of its own.)
     *
     * @param onCut told of each connection closed, for the metrics
     */
    public static HttpConnectionFactory http11(HttpConfiguration http, Limits limits, Scheduler scheduler,
            Runnable onCut) {
        HeadDeadlines deadlines = new HeadDeadlines(limits, scheduler, System::nanoTime, onCut);
        return new HttpConnectionFactory(http) {
            @Override
            public Connection newConnection(Connector connector, EndPoint endPoint) {
                Connection connection = super.newConnection(connector, endPoint);
                connection.addEventListener(deadlines);
                return connection;
            }
        };
    }

    HeadDeadlines(Limits limits, Scheduler scheduler, LongSupplier nanoTime, Runnable onCut) {
        this.timeoutNanos = TimeUnit.SECONDS.toNanos(limits.requestHeadTimeoutSeconds());
        this.scheduler = scheduler;
        this.nanoTime = nanoTime;
        this.onCut = onCut;
    }

    @Override
    public void onOpened(Connection connection) {
        if (connection instanceof HttpConnection http) {
            new Watch(http).schedule();
        }
    }

    /** One connection's watch; it ends when the connection closes or is upgraded (h2c). */
    private final class Watch {
        private final HttpConnection connection;
        private final EndPoint endPoint;
        private long requests;
        private long pendingSince = -1;

        Watch(HttpConnection connection) {
            this.connection = connection;
            this.endPoint = connection.getEndPoint();
        }

        void schedule() {
            scheduler.schedule(this::check, 1, TimeUnit.SECONDS);
        }

        private void check() {
            if (!endPoint.isOpen() || endPoint.getConnection() != connection) {
                return;
            }
            long now = nanoTime.getAsLong();
            HttpParser parser = connection.getParser();
            boolean inHead = parser.inHeaderState() && !parser.isStart();
            long heads = connection.getMessagesIn();
            if (!inHead) {
                pendingSince = -1;
            } else if (pendingSince < 0 || heads != requests) {
                pendingSince = now; // a head begun since the last look
            }
            requests = heads;
            if (pendingSince >= 0 && now - pendingSince > timeoutNanos) {
                LOG.debug("Closed a connection whose request head took over {} s", timeoutNanos / 1_000_000_000L);
                onCut.run();
                endPoint.close(new IOException("the request head took longer than limits.requestHeadTimeoutSeconds"));
                return;
            }
            schedule();
        }
    }
}
