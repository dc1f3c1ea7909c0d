package dev.ldf.server.preemption;

import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The places where quanta run: a fixed number at once, a bounded number waiting (first come,
 * first served) for a bounded time. A request that finds the queue full, or waits too long, is
 * refused, so that a burst costs clients a retry rather than the server its memory. Thread-safe.
 */
public final class QuantumSlots {

    private final Semaphore places;
    private final int maxWaiting;
    private final long waitMillis;
    private final AtomicInteger waiting = new AtomicInteger();

    public QuantumSlots(int places, int maxWaiting, long waitMillis) {
        this.places = new Semaphore(places, true);
        this.maxWaiting = maxWaiting;
        this.waitMillis = waitMillis;
    }

    /** Takes a place, waiting if allowed; false when refused. Every true must be followed by {@link #leave()}. */
    public boolean enter() throws InterruptedException {
        // A timed acquire with no wait still honours the queue's order; tryAcquire() would jump it.
        if (places.tryAcquire(0, TimeUnit.MILLISECONDS)) {
            return true;
        }
        if (waiting.incrementAndGet() > maxWaiting) {
            waiting.decrementAndGet();
            return false;
        }
        try {
            return places.tryAcquire(waitMillis, TimeUnit.MILLISECONDS);
        } finally {
            waiting.decrementAndGet();
        }
    }

    public void leave() {
        places.release();
    }

    /** Requests waiting for a place now. */
    int waiting() {
        return waiting.get();
    }
}
