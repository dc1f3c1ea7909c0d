package dev.ldf.server.preemption;

import java.time.Duration;
import java.util.concurrent.atomic.AtomicBoolean;

import org.junit.jupiter.api.Test;

import dev.ldf.server.testing.ManualTicker;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** A quantum ends at its deadline, or sooner when other requests wait and its shorter time is up. */
class QuantumTest {

    private static final Duration LONG = Duration.ofSeconds(60);
    private static final Duration SHORT = Duration.ofMillis(1);

    private final ManualTicker ticker = new ManualTicker();

    @Test
    void aQuantumEndsAtItsDeadline() {
        Quantum quantum = Quantum.ofNanos(ticker, LONG.toNanos());
        assertTrue(spendMany(quantum));
        ticker.advance(LONG.minusNanos(1));
        assertTrue(spendMany(quantum), "one nanosecond left");
        ticker.advance(Duration.ofNanos(1));
        assertFalse(spendMany(quantum), "the deadline");
        assertTrue(quantum.spent());
        assertFalse(quantum.spend(), "spent stays spent");
    }

    @Test
    void anUncontendedQuantumRunsPastItsContendedTime() {
        Quantum quantum = Quantum.ofNanos(ticker, LONG.toNanos(), SHORT.toNanos(), () -> false);
        ticker.advance(SHORT.multipliedBy(5));
        assertTrue(spendMany(quantum), "nobody waits: the full quantum");
    }

    @Test
    void aContendedQuantumEndsAfterItsContendedTime() {
        AtomicBoolean waiting = new AtomicBoolean();
        Quantum quantum = Quantum.ofNanos(ticker, LONG.toNanos(), SHORT.toNanos(), waiting::get);
        assertTrue(spendMany(quantum));
        waiting.set(true);
        assertTrue(spendMany(quantum), "a request waits, but the contended time is not up");
        ticker.advance(SHORT);
        assertFalse(spendMany(quantum), "a request waits and the contended time is up");
        assertTrue(quantum.spent());
    }

    @Test
    void contentionWithinTheContendedTimeDoesNotEndIt() {
        Quantum quantum = Quantum.ofNanos(ticker, LONG.toNanos(), LONG.toNanos() / 2, () -> true);
        ticker.advance(LONG.dividedBy(2).minusNanos(1));
        assertTrue(spendMany(quantum));
    }

    @Test
    void aRowBudgetEndsAfterItsRowsWhateverTheTime() {
        Quantum quantum = Quantum.ofRows(3);
        assertTrue(quantum.spend() && quantum.spend() && quantum.spend());
        assertFalse(quantum.spend());
        assertTrue(quantum.spent());
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
