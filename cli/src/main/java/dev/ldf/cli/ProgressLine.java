package dev.ldf.cli;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Locale;
import java.util.function.Consumer;
import java.util.function.Supplier;

/**
 * Progress of a long run, shown the way its reader needs it:
 * <ul>
 *   <li>{@link Style#TERMINAL}: one line on standard error, redrawn in place at most four times
 *       a second and cleared when a lasting line is printed;</li>
 *   <li>{@link Style#LINES}: off a terminal (a log, a pipe), a plain {@code progress: ...} line at
 *       most every ten seconds, so that a long run's log shows it moving and a short one's stays
 *       empty; no carriage returns, no colour;</li>
 *   <li>{@link Style#OFF}: nothing ({@code --quiet}).</li>
 * </ul>
 * Thread-safe: libraries report progress from their worker threads.
 */
public final class ProgressLine {

    /** How progress shows. */
    public enum Style { TERMINAL, LINES, OFF }

    public static final Duration REDRAW_EVERY = Duration.ofMillis(250);
    public static final Duration LINE_EVERY = Duration.ofSeconds(10);
    private static final int BAR_WIDTH = 20;

    private final PrintStream terminal;
    private final Consumer<String> lines;
    private final String statusPrefix;
    private final Style style;
    private final long everyNanos;
    private long last = System.nanoTime();
    private int drawn;

    private ProgressLine(PrintStream terminal, Consumer<String> lines, String statusPrefix, Style style, Duration every) {
        this.terminal = terminal;
        this.lines = lines;
        this.statusPrefix = statusPrefix;
        this.style = style;
        this.everyNanos = every.toNanos();
    }

    /** On standard error, as a terminal or a log wants it; nothing if {@code quiet}. */
    public static ProgressLine standardError(boolean quiet) {
        return on(System.err, standardErrorStyle(quiet));
    }

    /** How progress shows on standard error: nothing if {@code quiet}, else as a terminal or a log wants it. */
    public static Style standardErrorStyle(boolean quiet) {
        return quiet ? Style.OFF : standardErrorIsTerminal() ? Style.TERMINAL : Style.LINES;
    }

    /** On {@code err} in {@code style}, at its usual pace. */
    public static ProgressLine on(PrintStream err, Style style) {
        return on(err, style, style == Style.TERMINAL ? REDRAW_EVERY : LINE_EVERY);
    }

    /** On {@code err} in {@code style}, at most once every {@code every}. */
    public static ProgressLine on(PrintStream err, Style style, Duration every) {
        return new ProgressLine(style == Style.TERMINAL ? err : null, line -> err.println(line), "progress: ", style, every);
    }

    /** Plain lines to {@code lines} (a logger, say), status at most once every {@code every}. */
    public static ProgressLine toLines(Consumer<String> lines, Duration every) {
        return new ProgressLine(null, lines, "", Style.LINES, every);
    }

    /** Shows nothing. */
    public static ProgressLine off() {
        return new ProgressLine(null, line -> { }, "", Style.OFF, LINE_EVERY);
    }

    public Style style() {
        return style;
    }

    /** The run's state now; shown if the last was shown long enough ago. */
    public synchronized void update(String status) {
        update(status, false);
    }

    /** As {@link #update(String)}, making the text only when it is shown: for calls per item of a large input. */
    public synchronized void update(Supplier<String> status) {
        if (style != Style.OFF && System.nanoTime() - last >= everyNanos) {
            update(status.get(), true);
        }
    }

    /**
     * The run's state now; shown if the last was shown long enough ago, or, on a terminal, at once
     * if {@code changed} (a new phase began). Off a terminal lines keep their pace whatever
     * changes: a log gets at most one every ten seconds.
     */
    public synchronized void update(String status, boolean changed) {
        long now = System.nanoTime();
        if (style == Style.OFF || (!(changed && style == Style.TERMINAL) && now - last < everyNanos)) {
            return;
        }
        last = now;
        if (style == Style.TERMINAL) {
            terminal.print("\r" + status + " ".repeat(Math.max(0, drawn - status.length())));
            terminal.flush();
            drawn = status.length();
        } else {
            lines.accept(statusPrefix + status);
        }
    }

    /** A line that stays (a phase done, a file written); on a terminal, below the cleared status. */
    public synchronized void print(String line) {
        if (style == Style.OFF) {
            return;
        }
        clear();
        lines.accept(line);
    }

    /** Takes the drawn status line off a terminal, before other output or at the end. */
    public synchronized void clear() {
        if (style == Style.TERMINAL && drawn > 0) {
            terminal.print("\r" + " ".repeat(drawn) + "\r");
            terminal.flush();
            drawn = 0;
        }
    }

    /** A share of the work done, 0 to 1, as {@code [=====     ]  50%}. */
    public static String bar(double share) {
        double done = Math.max(0, Math.min(1, share));
        int filled = (int) Math.round(done * BAR_WIDTH);
        return "[" + "=".repeat(filled) + " ".repeat(BAR_WIDTH - filled) + "] "
                + String.format(Locale.ROOT, "%3d%%", (int) Math.floor(done * 100));
    }

    /**
     * Whether standard error is a terminal. {@link System#console()} answers for standard input
     * and output, which are often redirected while progress still shows on a terminal; Linux says
     * what file descriptor 2 is.
     */
    static boolean standardErrorIsTerminal() {
        try {
            String target = Files.readSymbolicLink(Path.of("/proc/self/fd/2")).toString();
            return target.startsWith("/dev/pts/") || target.startsWith("/dev/tty");
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return System.console() != null;
        }
    }
}
