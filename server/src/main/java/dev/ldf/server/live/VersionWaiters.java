package dev.ldf.server.live;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledFuture;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Requests waiting for a dataset's version to pass theirs (the change feed's long polls): each
 * runs once, when a change makes the version pass it, when its time is up, or when waiting stops
 * with the server. The timeouts are kept here, on a thread of the dataset's own, rather than on
 * the servlet container's scheduler: the feed then waits the same way in any container.
 */
final class VersionWaiters {

    private record Waiter(long since, Runnable action) {}

    private final LongSupplier version;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}. */
    private final List<Waiter> waiters = new ArrayList<>();
    private volatile boolean stopping;
    /** Its thread starts with the first wait that has a timeout. */
    private final ScheduledThreadPoolExecutor timeouts;

    /** {@code version}: the dataset's version now; {@code name} names the timeouts' thread. */
    VersionWaiters(LongSupplier version, String name) {
        this.version = version;
        this.timeouts = new ScheduledThreadPoolExecutor(1, r -> {
            Thread thread = new Thread(r, "ldf-feed-timeouts-" + name);
            thread.setDaemon(true);
            return thread;
        });
        timeouts.setRemoveOnCancelPolicy(true);
    }

    /**
     * As {@link #whenAfter(long, Runnable)}, but runs {@code action} after {@code timeoutMillis}
     * at the latest, once either way. Returns what cancels the wait and its timeout.
     */
    Runnable whenAfter(long since, long timeoutMillis, Runnable action) {
        AtomicBoolean ran = new AtomicBoolean();
        Runnable once = () -> {
            if (ran.compareAndSet(false, true)) {
                action.run();
            }
        };
        Runnable cancelWait = whenAfter(since, once);
        if (ran.get()) {
            return () -> { };
        }
        ScheduledFuture<?> timeout;
        try {
            timeout = timeouts.schedule(() -> {
                cancelWait.run();
                once.run();
            }, timeoutMillis, TimeUnit.MILLISECONDS);
        } catch (RejectedExecutionException e) {
            // Closed: the dataset is going away, and the wait with it.
            cancelWait.run();
            once.run();
            return () -> { };
        }
        return () -> {
            timeout.cancel(false);
            cancelWait.run();
        };
    }

    /**
     * Runs {@code action} once the version is past {@code since} (at once if it is), on the thread
     * that made it so: {@code action} must hand its work on. Returns what cancels the wait.
     */
    Runnable whenAfter(long since, Runnable action) {
        // A waiter leaves the list before it runs (signal), so it runs once.
        Waiter waiter = new Waiter(since, action);
        lock.lock();
        try {
            if (version.getAsLong() <= since && !stopping) {
                waiters.add(waiter);
                return () -> remove(waiter);
            }
        } finally {
            lock.unlock();
        }
        action.run();
        return () -> { };
    }

    private void remove(Waiter waiter) {
        lock.lock();
        try {
            // By identity: two requests may wait for the same version with equal actions.
            waiters.removeIf(w -> w == waiter);
        } finally {
            lock.unlock();
        }
    }

    /** Ends every wait now and from now on: the server is stopping. */
    void stop() {
        stopping = true;
        signal();
    }

    /** Ends every wait and stops the timeouts' thread. */
    void close() {
        stop();
        timeouts.shutdownNow();
    }

    /** Runs the waits the version has now passed. */
    void signal() {
        List<Waiter> due = new ArrayList<>();
        lock.lock();
        try {
            long now = version.getAsLong();
            waiters.removeIf(w -> (stopping || now > w.since()) && due.add(w));
        } finally {
            lock.unlock();
        }
        due.forEach(w -> w.action().run());
    }
}
