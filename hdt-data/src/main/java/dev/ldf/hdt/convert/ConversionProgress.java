package dev.ldf.hdt.convert;

import java.io.PrintStream;
import java.util.Locale;
import java.util.function.Consumer;

import org.rdfhdt.hdt.listener.ProgressListener;

/**
 * Progress of a conversion on a console or in a log: triples read so far, and hdt-java's own
 * phases, at most one line every {@code intervalMillis}.
 *
 * <p>Thread-safe: hdt-java reports from its worker threads.
 */
public final class ConversionProgress implements ProgressListener {

    private final Consumer<String> lines;
    private final long intervalMillis;
    private final long start = System.nanoTime();
    private long lastPrint;
    private String lastPhase = "";

    /** Lines on {@code out} (none when null), each with the seconds since the start. */
    public ConversionProgress(PrintStream out, long intervalMillis) {
        this(out == null ? null : line -> out.println(line), intervalMillis);
    }

    /** Lines to {@code lines}, a logger for instance. */
    public ConversionProgress(Consumer<String> lines, long intervalMillis) {
        this.lines = lines;
        this.intervalMillis = intervalMillis;
    }

    /** A listener that prints nothing, for tests and library use. */
    public static ConversionProgress silent() {
        return new ConversionProgress((Consumer<String>) null, Long.MAX_VALUE);
    }

    synchronized void parsed(String file, long triples) {
        if (due()) {
            long seconds = Math.max(1, elapsedMillis() / 1000);
            print(String.format(Locale.ROOT, "parsing %s: %,d triples (%,d triples/s)",
                    file, triples, triples / seconds));
        }
    }

    synchronized void message(String text) {
        print(text);
    }

    @Override
    public synchronized void notifyProgress(float level, String message) {
        // hdt-java repeats its phase names many times per second; print changes and then a heartbeat.
        String phase = message == null ? "" : message.trim();
        if (!phase.equals(lastPhase) || due()) {
            lastPhase = phase;
            print(String.format(Locale.ROOT, "hdt: %5.1f%% %s", level, phase));
        }
    }

    private boolean due() {
        long now = elapsedMillis();
        if (now - lastPrint >= intervalMillis) {
            lastPrint = now;
            return true;
        }
        return false;
    }

    private long elapsedMillis() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private void print(String line) {
        if (lines != null) {
            lines.accept(String.format(Locale.ROOT, "[%6.1fs] %s", elapsedMillis() / 1000.0, line));
        }
    }
}
