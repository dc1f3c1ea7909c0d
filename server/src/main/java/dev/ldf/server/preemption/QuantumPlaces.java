package dev.ldf.server.preemption;

import java.util.ArrayDeque;
import java.util.Deque;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import com.github.benmanes.caffeine.cache.Ticker;

/**
 * The places where quanta run: a fixed number at once, a bounded number waiting for a bounded
 * time. A request that finds the queue full, or waits too long, is refused, so that a burst costs
 * clients a retry rather than the server its memory. Thread-safe.
 *
 * <p>Two kinds of places, as in a multi-level feedback queue. {@link Place#ANY} places take every
 * request and run a full quantum. {@link Place#FIRST_QUANTUM} places take only requests that start
 * a query, when no other place is free, and run a shortened quantum: a short query is done in it
 * at once however many long ones hold the other places, and a long one is suspended early and
 * continues in the others. A place that comes free goes to a request that starts a query before
 * one that resumes a query, each kind first come, first served; a resuming request that has waited
 * {@code agingMillis} goes first, so a long query still advances while new ones keep coming.
 * Waits and ages are measured by a {@link Ticker}: the system's in a server, one that tests move.
 */
public final class QuantumPlaces {

    /** The kind of place a request got. */
    public enum Place {
        /** Any request's place: a full quantum. */
        ANY,
        /** A place kept for requests that start a query: a shortened quantum. */
        FIRST_QUANTUM
    }

    private final Ticker ticker;
    private final ReentrantLock lock = new ReentrantLock();
    private final Deque<Ticket> starting = new ArrayDeque<>();
    private final Deque<Ticket> resuming = new ArrayDeque<>();
    private final int maxWaiting;
    private final long waitNanos;
    private final long agingNanos;
    private int free;
    private int firstQuantumFree;
    /** Requests waiting now, read without the lock by running quanta. */
    private volatile int waitingNow;

    /** One waiting request. */
    private final class Ticket {
        final Condition turn = lock.newCondition();
        final long since = ticker.read();
        Place granted;
    }

    /**
     * {@code places} places for any request, {@code firstQuantumPlaces} more for requests that start
     * a query; {@code maxWaiting} requests wait at most {@code waitMillis}.
     */
    public QuantumPlaces(int places, int firstQuantumPlaces, int maxWaiting, long waitMillis, long agingMillis) {
        this(places, firstQuantumPlaces, maxWaiting, waitMillis, agingMillis, Ticker.systemTicker());
    }

    /** {@link #QuantumPlaces(int, int, int, long, long)} with time as {@code ticker} tells it. */
    QuantumPlaces(int places, int firstQuantumPlaces, int maxWaiting, long waitMillis, long agingMillis, Ticker ticker) {
        this.ticker = ticker;
        this.free = places;
        this.firstQuantumFree = firstQuantumPlaces;
        this.maxWaiting = maxWaiting;
        this.waitNanos = TimeUnit.MILLISECONDS.toNanos(waitMillis);
        this.agingNanos = TimeUnit.MILLISECONDS.toNanos(agingMillis);
    }

    /**
     * Takes a place, waiting if allowed; null when refused. {@code resumes}: the request continues a
     * suspended query. Every place taken must be given back with {@link #leave(Place)}.
     */
    public Place enter(boolean resumes) throws InterruptedException {
        lock.lock();
        try {
            // Places are handed straight to waiters: a free place means nobody waits for it.
            if (free > 0) {
                free--;
                return Place.ANY;
            }
            if (!resumes && firstQuantumFree > 0) {
                firstQuantumFree--;
                return Place.FIRST_QUANTUM;
            }
            if (starting.size() + resuming.size() >= maxWaiting) {
                return null;
            }
            Deque<Ticket> queue = resumes ? resuming : starting;
            Ticket ticket = new Ticket();
            queue.addLast(ticket);
            waitingNow++;
            long deadline = ticket.since + waitNanos;
            try {
                // The ticker says when the wait is over; the condition's own timeout only wakes the loop to look.
                for (long left = waitNanos; ticket.granted == null && left > 0; left = deadline - ticker.read()) {
                    ticket.turn.awaitNanos(left);
                }
            } catch (InterruptedException e) {
                if (ticket.granted != null) {
                    Thread.currentThread().interrupt();
                    return ticket.granted;
                }
                queue.remove(ticket);
                waitingNow--;
                throw e;
            }
            if (ticket.granted == null) {
                queue.remove(ticket);
                waitingNow--;
            }
            return ticket.granted;
        } finally {
            lock.unlock();
        }
    }

    /** Gives back a place that {@link #enter(boolean)} gave. */
    public void leave(Place place) {
        lock.lock();
        try {
            Ticket next = place == Place.ANY ? next() : starting.pollFirst();
            if (next != null) {
                waitingNow--;
                next.granted = place;
                next.turn.signal();
            } else if (place == Place.ANY) {
                free++;
            } else {
                firstQuantumFree++;
            }
        } finally {
            lock.unlock();
        }
    }

    private Ticket next() {
        Ticket oldest = resuming.peekFirst();
        if (oldest != null && ticker.read() - oldest.since >= agingNanos) {
            return resuming.pollFirst();
        }
        Ticket first = starting.pollFirst();
        return first != null ? first : resuming.pollFirst();
    }

    /** True while a request waits for a place: running quanta then end sooner. Lock-free. */
    public boolean contended() {
        return waitingNow > 0;
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
