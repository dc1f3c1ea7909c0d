package dev.ldf.client.cli;

import java.io.PrintStream;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;

import dev.ldf.client.http.ClientListener;

/** A progress line on a terminal, redrawn a few times a second. */
final class Progress implements ClientListener {
    private final PrintStream err;
    private final boolean enabled;
    private final AtomicLong results;
    private final AtomicLong requests = new AtomicLong();
    private final long start = System.nanoTime();
    private Thread thread;

    Progress(PrintStream err, boolean enabled, AtomicLong results) {
        this.err = err;
        this.enabled = enabled;
        this.results = results;
    }

    @Override
    public void pageReceived(dev.ldf.client.http.FragmentRequest request, int status, long bytes, int data, int metadata) {
        requests.incrementAndGet();
    }

    void start() {
        if (!enabled) {
            return;
        }
        thread = new Thread(() -> {
            try {
                while (!Thread.currentThread().isInterrupted()) {
                    Thread.sleep(250);
                    err.printf(Locale.ROOT, "\r%,d requests, %,d results, %.1f s ", requests.get(), results.get(),
                            (System.nanoTime() - start) / 1e9);
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
            err.print("\r" + " ".repeat(60) + "\r");
            thread = null;
        }
    }
}
