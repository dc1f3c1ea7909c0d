package dev.ldf.client.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.Predicate;

import org.junit.jupiter.api.Test;

import dev.ldf.cli.ProgressLine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ProgressTest {

    /**
     * What progress printed every 20 ms until {@code enough} says so (at most 10 s: a loaded
     * machine may run the printing thread late), then at its stop.
     */
    private static String show(ProgressLine.Style style, Predicate<String> enough) throws InterruptedException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);
        Progress progress = new Progress(err, style, new AtomicLong(42), Duration.ofMillis(20));
        progress.start();
        long deadline = System.nanoTime() + Duration.ofSeconds(10).toNanos();
        do {
            Thread.sleep(20);
        } while (!enough.test(bytes.toString(StandardCharsets.UTF_8)) && System.nanoTime() < deadline);
        progress.stop();
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void offATerminalProgressIsPlainLines() throws InterruptedException {
        String lines = show(ProgressLine.Style.LINES, out -> out.lines().count() >= 2);
        assertFalse(lines.contains("\r"), "no carriage returns in a log");
        assertTrue(lines.lines().count() >= 2, lines);
        assertTrue(lines.lines().allMatch(l -> l.matches("progress: \\d+ requests, 42 results, \\d+\\.\\d s")), lines);
    }

    @Test
    void onATerminalOneLineIsRedrawnAndClearedAtTheEnd() throws InterruptedException {
        String line = show(ProgressLine.Style.TERMINAL, out -> out.chars().filter(c -> c == '\r').count() >= 2);
        assertTrue(line.startsWith("\r0 requests, 42 results"), line);
        assertTrue(line.matches("(?s).*\r {22,}\r$"), "cleared when done: " + line);
        assertFalse(line.contains("\n"));
    }

    @Test
    void quietShowsNothing() throws InterruptedException {
        // Ten periods at least: nothing in any of them.
        long start = System.nanoTime();
        assertEquals("", show(ProgressLine.Style.OFF, out -> System.nanoTime() - start > Duration.ofMillis(200).toNanos()));
    }
}
