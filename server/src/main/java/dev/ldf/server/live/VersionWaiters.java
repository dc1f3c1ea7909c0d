package dev.ldf.server.live;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.locks.ReentrantLock;
import java.util.function.LongSupplier;

/**
 * Requests waiting for a dataset's version to pass theirs (the change feed's long polls): each
 * runs once, when a change makes the version pass it, or when waiting stops with the server.
 */
final class VersionWaiters {

    private record Waiter(long since, Runnable action) {}

    private final LongSupplier version;
    private final ReentrantLock lock = new ReentrantLock();
    /** Guarded by {@link #lock}. */
    private final List<Waiter> waiters = new ArrayList<>();
    private volatile boolean stopping;

    /** {@code version}: the dataset's version now. */
    VersionWaiters(LongSupplier version) {
        this.version = version;
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
