package dev.ldf.server.preemption;

import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A quantum ends at its deadline, or sooner when other requests wait and its shorter time is up. */
class QuantumTest {

    private static final long LONG = TimeUnit.SECONDS.toNanos(60);
    private static final long SHORT = TimeUnit.MILLISECONDS.toNanos(1);

    @Test
    void anUncontendedQuantumRunsPastItsContendedTime() throws InterruptedException {
        Quantum quantum = Quantum.ofNanos(LONG, SHORT, () -> false);
        Thread.sleep(5);
        assertTrue(spendMany(quantum), "nobody waits: the full quantum");
    }

    @Test
    void aContendedQuantumEndsAfterItsContendedTime() throws InterruptedException {
        AtomicBoolean waiting = new AtomicBoolean();
        Quantum quantum = Quantum.ofNanos(LONG, SHORT, waiting::get);
        assertTrue(spendMany(quantum));
        waiting.set(true);
        Thread.sleep(5);
        assertFalse(spendMany(quantum), "a request waits and the contended time is up");
        assertTrue(quantum.spent());
    }

    @Test
    void contentionWithinTheContendedTimeDoesNotEndIt() {
        Quantum quantum = Quantum.ofNanos(LONG, LONG / 2, () -> true);
        assertTrue(spendMany(quantum));
    }

    /** Spends 100 rows (several clock reads); false when the quantum ran out. */
    private static boolean spendMany(Quantum quantum) {
        for (int i = 0; i < 100; i++) {
            if (!quantum.spend()) {
                return false;
            }
        }
        return true;
    }
}
