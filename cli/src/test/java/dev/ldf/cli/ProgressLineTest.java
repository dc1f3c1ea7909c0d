package dev.ldf.cli;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

class ProgressLineTest {

    private final ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    private final PrintStream err = new PrintStream(bytes, true, StandardCharsets.UTF_8);

    private String shown() {
        return bytes.toString(StandardCharsets.UTF_8);
    }

    @Test
    void offATerminalStatusIsAPlainLineAtMostOncePerInterval() {
        ProgressLine line = ProgressLine.on(err, ProgressLine.Style.LINES, Duration.ofHours(1));
        for (int i = 0; i < 1000; i++) {
            line.update("read " + i);
        }
        assertEquals("", shown(), "a short run's log stays empty");
        for (int i = 0; i < 1000; i++) {
            line.update("phase " + i, true); // hdt-java names a new phase many times a second
        }
        assertEquals("", shown(), "new phases keep the pace off a terminal too");
        line.print("done: out.hdt");
        assertEquals(List.of("done: out.hdt"), shown().lines().toList());
        assertFalse(shown().contains("\r") || shown().contains("\u001b"), "no carriage returns or colour codes");
    }

    @Test
    void onATerminalANewPhaseShowsAtOnce() {
        ProgressLine line = ProgressLine.on(err, ProgressLine.Style.TERMINAL, Duration.ofHours(1));
        line.update("phase one", true);
        line.update("phase one, later");
        line.update("phase two", true);
        assertEquals("\rphase one\rphase two", shown());
    }

    @Test
    void onATerminalTheStatusIsRedrawnInPlaceAndClearedBeforeALastingLine() {
        ProgressLine line = ProgressLine.on(err, ProgressLine.Style.TERMINAL, Duration.ZERO);
        line.update("parsing: 1,000,000 triples");
        line.update("parsing: 2 MB");
        line.print("done");
        assertEquals("\rparsing: 1,000,000 triples\rparsing: 2 MB" + " ".repeat(13)
                + "\r" + " ".repeat(13) + "\r" + "done" + System.lineSeparator(), shown());
    }

    @Test
    void quietShowsNothingAtAll() {
        ProgressLine line = ProgressLine.on(err, ProgressLine.Style.OFF, Duration.ZERO);
        line.update("x", true);
        line.print("done");
        line.clear();
        assertEquals("", shown());
    }

    @Test
    void aShareOfTheWorkIsABar() {
        assertEquals("[                    ]   0%", ProgressLine.bar(0));
        assertEquals("[=========           ]  45%", ProgressLine.bar(0.456));
        assertEquals("[===================="+ "]  99%", ProgressLine.bar(0.999));
        assertEquals("[====================] 100%", ProgressLine.bar(1.2));
    }

    @Test
    void logLinesCarryNoPrefix() {
        List<String> log = new ArrayList<>();
        ProgressLine line = ProgressLine.toLines(log::add, Duration.ZERO);
        line.update("parsing");
        line.print("done");
        assertEquals(List.of("parsing", "done"), log);
    }

    @Test
    void aPipedStandardErrorGetsLinesAndQuietGetsNothing() {
        // Surefire pipes a forked test JVM's standard error.
        assertEquals(ProgressLine.Style.LINES, ProgressLine.standardErrorStyle(false));
        assertEquals(ProgressLine.Style.OFF, ProgressLine.standardErrorStyle(true));
    }
}
