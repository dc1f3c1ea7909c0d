package dev.ldf.hdt.convert;

import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;

import org.rdfhdt.hdt.listener.ProgressListener;

import dev.ldf.cli.ProgressLine;

/**
 * Progress of a conversion: triples read so far and hdt-java's phases as a {@link ProgressLine}
 * status, each line with the seconds since the start; the start of a phase shows at once, counts
 * within it at the line's pace; what was done ({@link #message}) stays.
 *
 * <p>Thread-safe: hdt-java reports from its worker threads.
 */
public final class ConversionProgress implements ProgressListener {

    private final ProgressLine line;
    private final long start = System.nanoTime();
    private String lastPhase = "";

    public ConversionProgress(ProgressLine line) {
        this.line = line;
    }

    /** Plain lines to {@code lines} (a logger, say), counts at most once every {@code every}. */
    public static ConversionProgress toLines(Consumer<String> lines, Duration every) {
        return new ConversionProgress(ProgressLine.toLines(lines, every));
    }

    /** A listener that shows nothing, for tests and library use. */
    public static ConversionProgress silent() {
        return new ConversionProgress(ProgressLine.off());
    }

    /**
     * Called for every triple read: cheap unless a line is due. {@code share} is how much of the
     * input was read, from 0 to 1, or negative when unknown.
     */
    void parsed(String file, long triples, double share) {
        if ((triples & 1023) == 1) {
            line.update(() -> stamp(String.format(Locale.ROOT, "parsing %s: %,d triples (%,d triples/s)%s",
                    file, triples, triples / Math.max(1, elapsedMillis() / 1000),
                    share < 0 ? "" : " " + ProgressLine.bar(share))));
        }
    }

    synchronized void message(String text) {
        line.print(stamp(text));
    }

    @Override
    public synchronized void notifyProgress(float level, String message) {
        String text = message == null ? "" : message.trim();
        // hdt-java repeats a phase many times a second with counts in it ("Loaded 100000 triples"):
        // a phase is its words, and its level is only shown where hdt-java measures one.
        String phase = text.replaceAll("\\d+", "#");
        boolean changed = !phase.equals(lastPhase);
        lastPhase = phase;
        String percent = level > 0 && level < 100 ? String.format(Locale.ROOT, " (%.0f%%)", level) : "";
        if (changed) {
            line.update(stamp("hdt: " + text + percent), true);
        } else {
            line.update(() -> stamp("hdt: " + text + percent));
        }
    }

    private long elapsedMillis() {
        return (System.nanoTime() - start) / 1_000_000;
    }

    private String stamp(String text) {
        return String.format(Locale.ROOT, "[%6.1fs] %s", elapsedMillis() / 1000.0, text);
    }
}
