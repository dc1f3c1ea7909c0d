package dev.ldf.server.monitor;

import java.util.Optional;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.cli.Causes;

/**
 * What the server does when the heap runs out. After an {@link OutOfMemoryError} any thread may
 * have died half-way (one of Jetty's, its scheduler, a change being applied), and a process that
 * served on would be half dead. A process that owns its JVM ({@code ldf-server}) therefore ends:
 * the error is logged, then the JVM halts (no shutdown hook waits on threads that may never
 * finish), and whatever supervises it starts it clean; acknowledged changes are in their log. An
 * application that embeds the server keeps the choice: it only gets the log line.
 *
 * <p>Limits keep requests from running out of memory; this is the last line, for what they miss.
 */
public final class OutOfMemory {

    private static final Logger LOG = LoggerFactory.getLogger(OutOfMemory.class);
    /** The exit code of a process halted for want of memory (as {@code -XX:+ExitOnOutOfMemoryError} uses). */
    public static final int EXIT_CODE = 3;

    private static volatile boolean halts;

    private OutOfMemory() {}

    /** Makes an out-of-memory error anywhere end the process; also for threads that die of it uncaught. */
    public static void haltTheProcess() {
        halts = true;
        Thread.UncaughtExceptionHandler previous = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, failure) -> {
            if (!check(failure)) {
                if (previous != null) {
                    previous.uncaughtException(thread, failure);
                } else {
                    LOG.error("Thread {} ended on an uncaught error", thread.getName(), failure);
                }
            }
        });
    }

    /**
     * If {@code failure} is, or was caused by, an out-of-memory error: logs it and, in a process
     * that owns its JVM, halts; true when it was one.
     */
    public static boolean check(Throwable failure) {
        Optional<OutOfMemoryError> outOfMemory = Causes.find(failure, OutOfMemoryError.class);
        outOfMemory.ifPresent(OutOfMemory::halt);
        return outOfMemory.isPresent();
    }

    private static void halt(Throwable error) {
        Runtime runtime = Runtime.getRuntime();
        try {
            LOG.error("Out of memory ({}; heap limit {} MB){}", error.getMessage(), runtime.maxMemory() >> 20,
                    halts ? ": stopping the process so that it starts again clean" : "");
        } finally {
            if (halts) {
                runtime.halt(EXIT_CODE);
            }
        }
    }
}
