package dev.ldf.server.preemption;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

/**
 * The places where quanta run: a fixed number at once, a bounded number waiting for a bounded
 * time. A request that finds the queue full, or waits too long, is refused, so that a burst costs
 * clients a retry rather than the server its memory. Thread-safe.
 *
 * <p>A place that comes free goes to the request that starts a query before those that resume
 * one, each kind first come, first served; a resuming request that has waited {@code agingMillis}
 * goes first. A short query, done in its first quantum, then does not queue behind the quanta of
 * long ones (the convoy effect), and a long one still advances while new queries keep coming.
 */
public final class QuantumSlots {

    private final ReentrantLock lock = new ReentrantLock();
    private final Deque<Ticket> starting = new ArrayDeque<>();
    private final Deque<Ticket> resuming = new ArrayDeque<>();
    private final int maxWaiting;
    private final long waitNanos;
    private final long agingNanos;
    private int free;

    /** One waiting request. */
    private final class Ticket {
        final Condition turn = lock.newCondition();
        final long since = System.nanoTime();
        boolean granted;
    }

    public QuantumSlots(int places, int maxWaiting, long waitMillis, long agingMillis) {
        this.free = places;
        this.maxWaiting = maxWaiting;
        this.waitNanos = TimeUnit.MILLISECONDS.toNanos(waitMillis);
        this.agingNanos = TimeUnit.MILLISECONDS.toNanos(agingMillis);
    }

    /**
     * Takes a place, waiting if allowed; false when refused. {@code resumes}: the request continues
     * a suspended query. Every true must be followed by {@link #leave()}.
     */
    public boolean enter(boolean resumes) throws InterruptedException {
        lock.lock();
        try {
            if (free > 0) {
                free--; // places are handed straight to waiters: a free place means nobody waits
                return true;
            }
            if (starting.size() + resuming.size() >= maxWaiting) {
                return false;
            }
            Deque<Ticket> queue = resumes ? resuming : starting;
            Ticket ticket = new Ticket();
            queue.addLast(ticket);
            long left = waitNanos;
            try {
                while (!ticket.granted && left > 0) {
                    left = ticket.turn.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                if (ticket.granted) {
                    Thread.currentThread().interrupt();
                    return true;
                }
                queue.remove(ticket);
                throw e;
            }
            if (!ticket.granted) {
                queue.remove(ticket);
            }
            return ticket.granted;
        } finally {
            lock.unlock();
        }
    }

    public void leave() {
        lock.lock();
        try {
            Ticket next = next();
            if (next == null) {
                free++;
            } else {
                next.granted = true;
                next.turn.signal();
            }
        } finally {
            lock.unlock();
        }
    }

    private Ticket next() {
        Ticket oldest = resuming.peekFirst();
        if (oldest != null && System.nanoTime() - oldest.since >= agingNanos) {
            return resuming.pollFirst();
        }
        Ticket first = starting.pollFirst();
        return first != null ? first : resuming.pollFirst();
    }

    /** Requests waiting for a place now. */
    int waiting() {
        lock.lock();
        try {
            return starting.size() + resuming.size();
        } finally {
            lock.unlock();
        }
    }
}
