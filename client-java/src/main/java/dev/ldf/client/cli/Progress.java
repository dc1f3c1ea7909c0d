package dev.ldf.client.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import dev.ldf.client.http.ClientListener;

/**
 * Progress while a query runs, on standard error: on a terminal one line redrawn a few times a
 * second; elsewhere (a log, a pipe) a plain line every {@link #LINE_EVERY_MILLIS} ms, so that a
 * long run's log is not silent and a short one's stays empty.
 */
final class Progress implements ClientListener {

    /** How progress shows. */
    enum Style { TERMINAL, LINES, OFF }

    static final long LINE_EVERY_MILLIS = 10_000;
    private static final long REDRAW_MILLIS = 250;

    private final PrintStream err;
    private final Style style;
    private final long everyMillis;
    private final AtomicLong results;
    private final AtomicLong requests = new AtomicLong();
    private long start = System.nanoTime();
    private Thread thread;

    Progress(PrintStream err, Style style, AtomicLong results) {
        this(err, style, results, style == Style.TERMINAL ? REDRAW_MILLIS : LINE_EVERY_MILLIS);
    }

    Progress(PrintStream err, Style style, AtomicLong results, long everyMillis) {
        this.err = err;
        this.style = style;
        this.results = results;
        this.everyMillis = everyMillis;
    }

    @Override
    public void pageReceived(dev.ldf.client.http.FragmentRequest request, int status, long bytes, int data, int metadata) {
        requests.incrementAndGet();
    }

    void start() {
        if (style == Style.OFF) {
            return;
        }
        start = System.nanoTime();
        thread = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(everyMillis);
                    String line = String.format(Locale.ROOT, "%,d requests, %,d results, %.1f s", requests.get(),
                            results.get(), (System.nanoTime() - start) / 1e9);
                    if (style == Style.TERMINAL) {
                        err.print("\r" + line + " ");
                    } else {
                        err.println("progress: " + line);
                    }
                }
            } catch (InterruptedException e) {
                // stopped
            }
        }, "ldf-progress");
        thread.setDaemon(true);
        thread.start();
    }

    void stop() {
        if (thread != null) {
            thread.interrupt();
            try {
                thread.join(500);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            if (style == Style.TERMINAL) {
                err.print("\r" + " ".repeat(60) + "\r");
            }
            thread = null;
        }
    }
}
