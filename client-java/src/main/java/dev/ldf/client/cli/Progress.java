package dev.ldf.client.cli;

import java.io.PrintStream;
import java.time.Duration;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import dev.ldf.cli.ProgressLine;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;

/**
 * Requests and results while a query runs, as a {@link ProgressLine} on standard error. A
 * thread shows them at the line's pace, also while a request hangs and no event comes.
 */
final class Progress implements ClientListener {

    private final ProgressLine line;
    private final long everyMillis;
    private final AtomicLong results;
    private final AtomicLong requests = new AtomicLong();
    private long start = System.nanoTime();
    private Thread thread;

    Progress(PrintStream err, ProgressLine.Style style, AtomicLong results) {
        this(err, style, results, style == ProgressLine.Style.TERMINAL ? ProgressLine.REDRAW_EVERY : ProgressLine.LINE_EVERY);
    }

    Progress(PrintStream err, ProgressLine.Style style, AtomicLong results, Duration every) {
        this.line = ProgressLine.on(err, style, every);
        this.results = results;
        this.everyMillis = every.toMillis();
    }

    @Override
    public void pageReceived(FragmentRequest request, int status, long bytes, int data, int metadata) {
        requests.incrementAndGet();
    }

    void start() {
        if (line.style() == ProgressLine.Style.OFF) {
            return;
        }
        start = System.nanoTime();
        thread = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(everyMillis);
                    line.update(String.format(Locale.ROOT, "%,d requests, %,d results, %.1f s", requests.get(),
                            results.get(), (System.nanoTime() - start) / 1e9), true);
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
            line.clear();
            thread = null;
        }
    }
}
