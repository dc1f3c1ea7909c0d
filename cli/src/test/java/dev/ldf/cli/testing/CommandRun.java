package dev.ldf.cli.testing;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.function.IntSupplier;
import java.util.regex.Pattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A command run in this JVM with its standard error captured, for the tours of each command's
 * error paths: a mistake must be one line, {@code error: ...}, saying what was wrong, with the
 * exit code of the convention (2 for the call, 1 at run time) and no stack trace.
 */
public record CommandRun(int code, String err, String out) {

    /**
     * Runs {@code command} (which makes its picocli {@code CommandLine} inside, so that picocli
     * writes to the captured streams).
     */
    public static CommandRun of(IntSupplier command) {
        PrintStream originalErr = System.err;
        PrintStream originalOut = System.out;
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        System.setErr(new PrintStream(err, true, StandardCharsets.UTF_8));
        System.setOut(new PrintStream(out, true, StandardCharsets.UTF_8));
        try {
            int code = command.getAsInt();
            return new CommandRun(code, err.toString(StandardCharsets.UTF_8), out.toString(StandardCharsets.UTF_8));
        } finally {
            System.setErr(originalErr);
            System.setOut(originalOut);
        }
    }

    /** {@code -V} printed {@code name version (commit)}, one line, and nothing else. */
    public CommandRun printsVersion(String name) {
        assertEquals(0, code, err);
        assertTrue(out.matches(Pattern.quote(name) + " \\S+ \\([^)]+\\)\\R"), "-V printed: " + out);
        assertEquals("", err);
        return this;
    }

    /** Exit code {@code code}, and the last line of standard error an error that contains {@code says}. */
    public CommandRun failsWith(int code, String says) {
        assertEquals(code, this.code, err);
        String last = err.lines().reduce((a, b) -> b).orElse("");
        assertTrue(last.startsWith("error: ") && last.contains(says), "expected an error line saying '" + says + "': " + err);
        assertFalse(err.contains("\tat ") || err.contains("Exception"), "no stack trace: " + err);
        return this;
    }

    /** As {@link #failsWith}, with nothing else on standard error. */
    public CommandRun failsWithOneLine(int code, String says) {
        failsWith(code, says);
        assertEquals(1, err.lines().count(), "one line: " + err);
        return this;
    }
}
