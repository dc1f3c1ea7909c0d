package dev.ldf.server.preemption;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Test;

import dev.ldf.server.preemption.QuantumPlaces.Place;
import dev.ldf.server.testing.ManualTicker;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;

/**
 * Places for quanta: a fixed number run, a bounded number wait a bounded time, the rest are refused;
 * starting queries go before resuming ones that have not waited long, and have places of their own
 * when the others are taken. Time moves only when a test moves it ({@link ManualTicker}).
 */
class QuantumPlacesTest {

    private final ManualTicker ticker = new ManualTicker();

    @Test
    void runsWaitsAndRefuses() throws Exception {
        QuantumPlaces places = new QuantumPlaces(2, 0, 1, 5_000, 75, ticker);
        assertEquals(Place.ANY, places.enter(false));
        assertEquals(Place.ANY, places.enter(false));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Place> queued = pool.submit(() -> places.enter(false));
            awaitWaiting(places, 1);
            // The one place in the queue is taken: the next request is refused without waiting (the
            // ticker never moves here, so a wait would never end).
            assertNull(pool.submit(() -> places.enter(false)).get(5, TimeUnit.SECONDS), "a full queue refuses");
            places.leave(Place.ANY);
            assertEquals(Place.ANY, queued.get(5, TimeUnit.SECONDS), "the waiting request gets the place that came free");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aWaitThatLastsTooLongIsRefused() throws Exception {
        QuantumPlaces places = new QuantumPlaces(1, 0, 4, 50, 75, ticker);
        assertEquals(Place.ANY, places.enter(false));
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            Future<Place> waiting = pool.submit(() -> places.enter(false));
            awaitWaiting(places, 1);
            ticker.advance(Duration.ofMillis(49));
            assertFalse(waiting.isDone(), "within its time");
            ticker.advance(Duration.ofMillis(1));
            assertNull(waiting.get(5, TimeUnit.SECONDS), "refused once its time is up");
            assertEquals(0, places.waiting());
        } finally {
            pool.shutdownNow();
        }
        places.leave(Place.ANY);
        assertEquals(Place.ANY, places.enter(false));
    }

    @Test
    void aStartingQueryGoesBeforeResumingOnesUntilTheyHaveWaitedLongEnough() throws Exception {
        QuantumPlaces places = new QuantumPlaces(1, 0, 8, 5_000, 200, ticker);
        assertEquals(Place.ANY, places.enter(false));
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            List<String> order = Collections.synchronizedList(new ArrayList<>());
            Future<?> resuming = pool.submit(() -> take(places, true, "resuming", order));
            awaitWaiting(places, 1);
            Future<?> starting = pool.submit(() -> take(places, false, "starting", order));
            awaitWaiting(places, 2);
            places.leave(Place.ANY);
            starting.get(5, TimeUnit.SECONDS);
            resuming.get(5, TimeUnit.SECONDS);
            assertEquals(List.of("starting", "resuming"), order, "the query that starts jumps the queue");

            // A resuming request that waited longer than the aging time goes first.
            order.clear();
            QuantumPlaces aging = new QuantumPlaces(1, 0, 8, 5_000, 200, ticker);
            assertEquals(Place.ANY, aging.enter(false));
            resuming = pool.submit(() -> take(aging, true, "resuming", order));
            awaitWaiting(aging, 1);
            ticker.advance(Duration.ofMillis(200));
            starting = pool.submit(() -> take(aging, false, "starting", order));
            awaitWaiting(aging, 2);
            aging.leave(Place.ANY);
            starting.get(5, TimeUnit.SECONDS);
            resuming.get(5, TimeUnit.SECONDS);
            assertEquals(List.of("resuming", "starting"), order, "an old enough resumption is not passed over");
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void aStartingQueryTakesAFirstQuantumPlaceWhenTheOthersAreTakenAndAResumingOneWaits() throws Exception {
        QuantumPlaces places = new QuantumPlaces(1, 1, 8, 5_000, 75, ticker);
        assertEquals(Place.ANY, places.enter(false), "a free place of any kind first");
        assertEquals(Place.FIRST_QUANTUM, places.enter(false), "then the place kept for starting queries");
        ExecutorService pool = Executors.newFixedThreadPool(2);
        try {
            Future<Place> resuming = pool.submit(() -> places.enter(true));
            awaitWaiting(places, 1);
            Future<Place> starting = pool.submit(() -> places.enter(false));
            awaitWaiting(places, 2);
            // A first-quantum place that comes free goes to the starting query, never to the resuming one.
            places.leave(Place.FIRST_QUANTUM);
            assertEquals(Place.FIRST_QUANTUM, starting.get(5, TimeUnit.SECONDS));
            awaitWaiting(places, 1);
            places.leave(Place.FIRST_QUANTUM);
            awaitWaiting(places, 1);
            assertFalse(resuming.isDone(), "a resuming query waits for a place of any kind");
            places.leave(Place.ANY);
            assertEquals(Place.ANY, resuming.get(5, TimeUnit.SECONDS));
            // The first-quantum place given back with nobody waiting is free again, for starting queries only.
            assertEquals(Place.FIRST_QUANTUM, places.enter(false));
        } finally {
            pool.shutdownNow();
        }
    }

    /** Enters, notes its name, leaves. */
    private static Void take(QuantumPlaces places, boolean resumes, String name, List<String> order) throws Exception {
        Place place = places.enter(resumes);
        assertNotNull(place);
        order.add(name);
        places.leave(place);
        return null;
    }

    /** Returns once {@code n} requests wait: the other threads have reached their place in the queue. */
    private static void awaitWaiting(QuantumPlaces places, int n) {
        while (places.waiting() < n) {
            Thread.yield();
        }
        assertEquals(n, places.waiting());
    }
}
