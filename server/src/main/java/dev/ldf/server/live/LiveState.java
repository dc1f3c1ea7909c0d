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

/**
 * What the jobs of a live dataset share (writing, {@link Compactor}, {@link BaseReplacement}):
 * its data, its log, the writers' lock, the requests waiting for versions, the background thread
 * on which compactions and base replacements run one after another.
 */
final class LiveState {

    /** How long a replaced base stays open for the reads begun on it. */
    static final long RETIRE_AFTER_MINUTES = 10;

    final String name;
    final LiveDatasource source;
    final PatchLog log;
    /** Writers take turns: the log's order is the order in which readers see changes. */
    final ReentrantLock writer = new ReentrantLock();
    final VersionWaiters waiters;
    final ScheduledExecutorService background;
    /**
     * The version the base file held before the last compaction: the log keeps the patches after
     * it, so that followers lagging behind a compaction still find theirs in the feed. Guarded by
     * {@link #writer}.
     */
    long keptAfter;

    LiveState(String name, LiveDatasource source, PatchLog log, long keptAfter) {
        this.name = name;
        this.source = source;
        this.log = log;
        this.keptAfter = keptAfter;
        this.waiters = new VersionWaiters(source::versionNumber, name);
        this.background = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "compaction-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Closes a replaced base once the reads begun on it are done. */
    void retire(HdtDatasource old) {
        background.schedule(old::close, RETIRE_AFTER_MINUTES, TimeUnit.MINUTES);
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
