package dev.ldf.hdt.quiet;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.Callable;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Runs a library call that prints to {@code System.out} and {@code System.err} (hdt-java reports
 * "Index generated", load percentages and its own stack traces there) with both captured; what it
 * printed goes to the debug log. Meant for single-threaded phases such as start-up and conversion:
 * the standard streams are global.
 */
public final class QuietOutput {

    private static final Logger LOG = LoggerFactory.getLogger(QuietOutput.class);

    private QuietOutput() {}

    public static <T> T call(Callable<T> call) throws Exception {
        PrintStream out = System.out;
        PrintStream err = System.err;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        PrintStream sink = new PrintStream(captured, true, StandardCharsets.UTF_8);
        synchronized (QuietOutput.class) {
            System.setOut(sink);
            System.setErr(sink);
            try {
                return call.call();
            } finally {
                System.setOut(out);
                System.setErr(err);
                String text = captured.toString(StandardCharsets.UTF_8).strip();
                if (!text.isEmpty()) {
                    LOG.debug("Library output: {}", text);
                }
            }
        }
    }
}
