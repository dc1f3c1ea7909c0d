package dev.ldf.server.live;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.List;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.ReentrantLock;

import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.log.PatchLog;
import dev.ldf.server.live.patch.BadPatchException;

/**
 * What the jobs of a live dataset share (writing, {@link Compactor}, {@link BaseReplacement}):
 * its data, its log, the requests waiting for versions, and the one thread on which compactions
 * and base replacements run one after another. It owns the writers' turn: a write, and a swap of
 * the base, each run alone, so that the log's order is the order in which readers see changes.
 */
final class LiveState {

    /** How long a replaced base stays open for the reads begun on it. */
    static final long RETIRE_AFTER_MINUTES = 10;

    /** Work done in the writers' turn. */
    @FunctionalInterface
    interface Turn<T> {
        T run() throws IOException, BadPatchException;
    }

    /** A swap of the base, done in the writers' turn. */
    @FunctionalInterface
    interface BaseSwap {
        /**
         * Puts a new base in place (through the datasource and the log), given the version the
         * dataset is at; returns the old base, or null to leave the dataset as it is.
         */
        HdtDatasource swap(long at) throws IOException;
    }

    private final String name;
    private final LiveDatasource source;
    private final PatchLog log;
    private final ReentrantLock writer = new ReentrantLock();
    private final VersionWaiters waiters;
    private final ScheduledExecutorService background;

    LiveState(String name, LiveDatasource source, PatchLog log) {
        this.name = name;
        this.source = source;
        this.log = log;
        this.waiters = new VersionWaiters(source::versionNumber, name);
        this.background = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "compaction-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    String name() {
        return name;
    }

    LiveDatasource source() {
        return source;
    }

    PatchLog log() {
        return log;
    }

    VersionWaiters waiters() {
        return waiters;
    }

    /** Runs {@code work} in the writers' turn: no other write and no swap of the base runs meanwhile. */
    <T> T inTurn(Turn<T> work) throws IOException, BadPatchException {
        writer.lock();
        try {
            return work.run();
        } finally {
            writer.unlock();
        }
    }

    /**
     * Swaps the base in the writers' turn, wakes the requests waiting for a version, and closes
     * the old base once the reads begun on it are done; returns whether {@code swap} swapped.
     */
    boolean swapBase(BaseSwap swap) throws IOException {
        HdtDatasource old;
        writer.lock();
        try {
            old = swap.swap(source.versionNumber());
            if (old == null) {
                return false;
            }
            waiters.signal();
        } finally {
            writer.unlock();
        }
        background.schedule(old::close, RETIRE_AFTER_MINUTES, TimeUnit.MINUTES);
        return true;
    }

    /** Runs {@code work} on the background thread, after what runs there. */
    void inBackground(Runnable work) {
        background.execute(work);
    }

    /** Runs {@code work} on the background thread, after what runs there, and waits for it. */
    <T> T onBackground(Callable<T> work) throws IOException {
        Future<T> done = background.submit(work);
        try {
            return done.get();
        } catch (ExecutionException e) {
            if (e.getCause() instanceof IOException io) {
                throw io;
            }
            throw e.getCause() instanceof RuntimeException r ? r : new IllegalStateException(e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new InterruptedIOException("interrupted while waiting on the background work of " + name);
        }
    }

    /** Stops the background work; the closes of old bases it did not get to run now. */
    void stopBackground() {
        List<Runnable> pending = background.shutdownNow();
        try {
            background.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        pending.forEach(Runnable::run);
    }
}
