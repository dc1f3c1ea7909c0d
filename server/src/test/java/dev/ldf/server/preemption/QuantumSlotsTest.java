package dev.ldf.server.preemption;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Places for quanta: a fixed number run, a bounded number wait a bounded time, the rest are refused. */
class QuantumSlotsTest {

    @Test
    void runsWaitsAndRefuses() throws Exception {
        QuantumSlots slots = new QuantumSlots(2, 1, 5_000);
        assertTrue(slots.enter());
        assertTrue(slots.enter());
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            CountDownLatch waiting = new CountDownLatch(1);
            Future<Boolean> queued = pool.submit(() -> {
                waiting.countDown();
                return slots.enter();
            });
            waiting.await();
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
            while (slots.waiting() < 1 && System.nanoTime() < deadline) {
                Thread.sleep(1);
            }
            // The one place in the queue is taken: the next request is refused at once.
            long start = System.nanoTime();
            assertFalse(slots.enter(), "a full queue refuses");
            assertTrue(System.nanoTime() - start < TimeUnit.SECONDS.toNanos(1), "at once");
            slots.leave();
            assertTrue(queued.get(5, TimeUnit.SECONDS), "the waiting request gets the place that came free");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aWaitThatLastsTooLongIsRefused() throws Exception {
        QuantumSlots slots = new QuantumSlots(1, 4, 50);
        assertTrue(slots.enter());
        long start = System.nanoTime();
        assertFalse(slots.enter());
        assertTrue(System.nanoTime() - start >= TimeUnit.MILLISECONDS.toNanos(40));
        slots.leave();
        assertTrue(slots.enter());
    }
}
