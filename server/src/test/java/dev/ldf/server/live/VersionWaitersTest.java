package dev.ldf.server.live;

import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The change feed's waits: a change, the timeout or the stop runs each exactly once. */
class VersionWaitersTest {

    private final AtomicLong version = new AtomicLong(3);
    private final VersionWaiters waiters = new VersionWaiters(version::get, "test");

    @AfterEach
    void close() {
        waiters.close();
    }

    @Test
    void aChangeRunsTheWaitOnceAndItsTimeoutNoMore() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        waiters.whenAfter(3, 200, runs::incrementAndGet);
        assertEquals(0, runs.get());
        version.set(4);
        waiters.signal();
        assertEquals(1, runs.get());
        Thread.sleep(400);  // past the timeout
        assertEquals(1, runs.get(), "the timeout of a wait that ran does not run it again");
    }

    @Test
    void theTimeoutRunsAWaitThatNoChangeEnded() throws Exception {
        CountDownLatch ran = new CountDownLatch(1);
        AtomicInteger runs = new AtomicInteger();
        waiters.whenAfter(3, 50, () -> {
            runs.incrementAndGet();
            ran.countDown();
        });
        assertTrue(ran.await(10, TimeUnit.SECONDS));
        version.set(4);
        waiters.signal();
        assertEquals(1, runs.get(), "a change after the timeout finds no wait");
    }

    @Test
    void aVersionAlreadyPastRunsAtOnce() {
        AtomicInteger runs = new AtomicInteger();
        waiters.whenAfter(2, 60_000, runs::incrementAndGet);
        assertEquals(1, runs.get());
    }

    @Test
    void aCancelledWaitRunsNeitherOnAChangeNorOnItsTimeout() throws Exception {
        AtomicInteger runs = new AtomicInteger();
        Runnable cancel = waiters.whenAfter(3, 100, runs::incrementAndGet);
        cancel.run();
        version.set(4);
        waiters.signal();
        Thread.sleep(300);
        assertEquals(0, runs.get());
    }

    @Test
    void closingEndsTheWaitsStillOpen() {
        AtomicInteger runs = new AtomicInteger();
        waiters.whenAfter(3, 60_000, runs::incrementAndGet);
        waiters.close();
        assertEquals(1, runs.get());
        waiters.whenAfter(3, 60_000, runs::incrementAndGet);
        assertEquals(2, runs.get(), "after the stop, a wait ends at once");
    }
}
