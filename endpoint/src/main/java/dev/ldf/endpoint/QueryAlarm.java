package dev.ldf.endpoint;

import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.TimeUnit;

import org.apache.jena.sparql.exec.QueryExec;

/**
 * Ends a query when its time is up. ARQ's own timeout only raises a flag that its iterators read
 * on their next step, which never comes while the engine waits for a slow source; so the alarm
 * also aborts the execution and interrupts the thread that runs it, whose waits for pages end
 * at once. Closing the alarm before it rings disarms it, and clears an interrupt that came too
 * late, so that the thread goes back to its pool as it came.
 */
final class QueryAlarm implements AutoCloseable {

    private final Thread runner = Thread.currentThread();
    private final ScheduledFuture<?> alarm;
    private boolean armed = true;

    /** Armed for the calling thread, which runs {@code exec}. */
    QueryAlarm(ScheduledExecutorService clock, QueryExec exec, Duration timeout) {
        this.alarm = clock.schedule(() -> ring(exec), timeout.toNanos(), TimeUnit.NANOSECONDS);
    }

    private synchronized void ring(QueryExec exec) {
        if (armed) {
            runner.interrupt();
            try {
                exec.abort();
            } catch (RuntimeException e) {
                // The interrupt has ended the wait; what the abort could not close, the query's end closes.
            }
        }
    }

    @Override
    public void close() {
        synchronized (this) {
            armed = false;
        }
        alarm.cancel(false);
        Thread.interrupted();
    }
}
