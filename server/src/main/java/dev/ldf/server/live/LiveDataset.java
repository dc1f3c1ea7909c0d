package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.monitor.OutOfMemory;

/**
 * A dataset that takes changes: its {@link LiveDatasource} and the {@link PatchLog} that makes
 * them durable.
 *
 * <p>A patch is written to the log and forced to disk, then applied, and only then acknowledged;
 * on start the log is replayed from the version the HDT file holds. Writers take turns, so the
 * log's order is the order in which readers see changes.
 *
 * <p>A compaction ({@link #compact}, or by itself once the overlay holds {@code compactAfter}
 * triples) folds the overlay into a new HDT file on a background thread while reads and writes go
 * on; writers then wait only while the new file is swapped in and the patches that arrived
 * meanwhile are applied to it. The old file stays open for {@link #RETIRE_AFTER_MINUTES} minutes
 * for the pages and dumps still reading it. The log then drops the patches the previous
 * compaction folded in, keeping the ones since for followers that lag behind. Thread-safe.
 */
public final class LiveDataset implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LiveDataset.class);

    /** How long a replaced base stays open for the reads begun on it. */
    static final long RETIRE_AFTER_MINUTES = 10;

    /** What a write did: the version it made and its effect on the data. */
    public record Accepted(long version, long changes, ChangeSet.Effect effect) {}

    /** What a compaction did: the version it folded in, the new file's size, how long it took. */
    public record Compacted(long version, long triples, long folded, long millis) {}

    private final String name;
    private final LiveDatasource source;
    private final PatchLog log;
    private final long compactAfter;
    private final ReentrantLock writer = new ReentrantLock();
    private final ReentrantLock versions = new ReentrantLock();
    /** Requests waiting for a version past theirs (long polls), guarded by {@link #versions}. */
    private final java.util.List<Waiter> waiters = new java.util.ArrayList<>();
    private final ScheduledExecutorService background;
    private final AtomicReference<CompletableFuture<Compacted>> compaction = new AtomicReference<>();
    private volatile Compacted lastCompaction;
    /**
     * The version the base file held before the last compaction: the log keeps the patches after
     * it, so that followers lagging behind a compaction still find theirs in the feed.
     */
    private long keptAfter;
    private volatile boolean stopping;
    /** After a failed compaction, the overlay's size starts none by itself before this time. */
    private volatile long autoCompactionPausedUntil = System.nanoTime();

    private LiveDataset(String name, LiveDatasource source, PatchLog log, long compactAfter) {
        this.name = name;
        this.source = source;
        this.log = log;
        this.compactAfter = compactAfter;
        this.background = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "compaction-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    /** Opens the dataset over {@code base} with the log at {@code logFile}; compacts only when asked. */
    public static LiveDataset open(HdtDatasource base, Path logFile) throws IOException {
        return open(base.path().getFileName().toString(), base, logFile, 0);
    }

    /**
     * Opens the dataset over {@code base} with the log at {@code logFile}, replaying the patches
     * after the version the base holds; {@code compactAfter} overlay triples start a compaction by
     * themselves (0: never).
     */
    public static LiveDataset open(String name, HdtDatasource base, Path logFile, long compactAfter)
            throws IOException {
        Compaction.removeLeftovers(base.path());
        LiveDatasource source = new LiveDatasource(base, base.compactedVersion());
        long start = System.nanoTime();
        long[] replayed = {0, 0};
        PatchLog log = PatchLog.open(logFile, base.compactedVersion(), entry -> {
            ChangeSet changes;
            try {
                changes = PatchReader.read(new ByteArrayInputStream(entry.patch()));
            } catch (BadPatchException e) {
                throw new IOException("Patch log " + logFile + ", version " + entry.version() + ": " + e.getMessage(), e);
            }
            source.apply(changes, entry.version());
            replayed[0]++;
            replayed[1] += changes.size();
            return true;
        });
        if (replayed[0] > 0) {
            LOG.info("Replayed {} patches ({} changes) of {} in {} ms: version {}", replayed[0], replayed[1], logFile,
                    (System.nanoTime() - start) / 1_000_000, log.version());
        }
        LiveDataset dataset = new LiveDataset(name, source, log, compactAfter);
        dataset.keptAfter = base.compactedVersion();
        return dataset;
    }

    public LiveDatasource source() {
        return source;
    }

    /** The version of the last accepted patch; 0 before any. */
    public long version() {
        return source.versionNumber();
    }

    /**
     * Makes {@code changes} durable, then visible; returns once both are done. An empty change set
     * changes nothing and makes no version.
     */
    public Accepted write(ChangeSet changes) throws IOException, BadPatchException {
        writer.lock();
        try {
            if (changes.size() == 0) {
                return new Accepted(source.versionNumber(), 0, new ChangeSet.Effect(0, 0));
            }
            return writeAs(source.versionNumber() + 1, changes);
        } finally {
            writer.unlock();
        }
    }

    /**
     * Applies a patch that another server made as {@code version} (a follower applying its
     * primary's feed): logged under the same version, then visible. A version already held is
     * passed over; one that skips versions is refused.
     */
    public Accepted writeAs(long version, ChangeSet changes) throws IOException, BadPatchException {
        writer.lock();
        try {
            long current = source.versionNumber();
            if (version <= current) {
                return new Accepted(current, 0, new ChangeSet.Effect(0, 0));
            }
            if (version != current + 1) {
                throw new IllegalStateException("version " + version + " does not follow " + current);
            }
            // What is acknowledged must read back from the log and survive a compaction.
            WritableTerms.check(changes);
            long logged = log.append(changes::writeTo);
            if (logged != version) {
                throw new IllegalStateException("the log made version " + logged + " of " + version);
            }
            ChangeSet.Effect effect = source.apply(changes, version);
            signal();
            if (compactAfter > 0 && source.overlaySize() >= compactAfter
                    && System.nanoTime() - autoCompactionPausedUntil >= 0) {
                compact();
            }
            return new Accepted(version, changes.size(), effect);
        } finally {
            writer.unlock();
        }
    }

    /**
     * Starts a compaction unless one runs; returns the running one's future. It folds in the
     * dataset as it is at this call (writes after it stay in the overlay). Reads and writes go on
     * while it runs.
     */
    public CompletableFuture<Compacted> compact() {
        CompletableFuture<Compacted> running = compaction.get();
        if (running != null && !running.isDone()) {
            return running;
        }
        CompletableFuture<Compacted> next = new CompletableFuture<>();
        if (!compaction.compareAndSet(running, next)) {
            return compaction.get();
        }
        // Taken here, not on the compaction thread: what a compaction folds in is what was there when it was asked for.
        LiveDatasource.Snapshot snapshot = source.snapshot();
        background.execute(() -> {
            try {
                next.complete(compactNow(snapshot));
            } catch (IOException | RuntimeException | Error e) {
                OutOfMemory.check(e);
                LOG.error("Compaction of {} failed; the dataset goes on with its overlay (next try by size in "
                        + "10 minutes, or when asked): {}", name, e.toString(), e);
                autoCompactionPausedUntil = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
                next.completeExceptionally(e);
            }
        });
        return next;
    }

    /**
     * The current base file. A compaction replaces it by a rename: a channel opened on it reads
     * one whole file, which names its own version in its header.
     */
    public Path baseFile() {
        return source.base().path();
    }

    /** Where a follower puts a copy of its primary's file before {@link #install}. */
    public Path downloadFile() {
        return Compaction.downloadFile(source.base().path());
    }

    /**
     * Makes {@code file}, a copy of the primary's current HDT file (a follower that fell behind
     * the primary's compactions), this dataset's base: the dataset goes to the version the file
     * holds, with an empty overlay and log. Runs on the compaction thread, after any running
     * compaction, so that none writes an older base over it. Returns the version reached; a file
     * no newer than the dataset is removed and changes nothing.
     *
     * @throws IOException when the file is not a readable HDT file (it is removed), or cannot be put in place
     */
    public long install(Path file) throws IOException {
        return onCompactionThread(() -> installNow(file));
    }

    /**
     * Makes the file now at this dataset's base path its base when it holds a later version than
     * the dataset: another process replaced it, such as a primary compacting into a volume this
     * follower shares read-only. Returns whether it did; runs on the compaction thread as
     * {@link #install} does.
     */
    public boolean adoptReplacedBase() throws IOException {
        return onCompactionThread(this::adoptNow);
    }

    private <T> T onCompactionThread(java.util.concurrent.Callable<T> work) throws IOException {
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
            throw new java.io.InterruptedIOException("interrupted while replacing the base of " + name);
        }
    }

    private boolean adoptNow() throws IOException {
        HdtDatasource current = source.base();
        long onDisk;
        try (HdtDatasource probe = HdtDatasource.open(current.path(), mapped(current.options()))) {
            onDisk = probe.compactedVersion();
        } catch (RuntimeException e) {
            return false; // unreadable here (being replaced, say): a copy from the primary is the way
        }
        HdtDatasource old;
        writer.lock();
        try {
            long at = source.versionNumber();
            if (onDisk <= at) {
                return false;
            }
            old = swapIn(HdtDatasource.open(current.path(), current.options()), onDisk, at, "the file another process put in its place");
        } finally {
            writer.unlock();
        }
        background.schedule(old::close, RETIRE_AFTER_MINUTES, TimeUnit.MINUTES);
        return true;
    }

    /** Options that map the file, for a look at a file that may not become the base. */
    private static HdtDatasource.Options mapped(HdtDatasource.Options options) {
        return new HdtDatasource.Options(false, options.countScanLimit(), options.cursorCachePatterns(),
                options.cursorIdleTime());
    }

    /**
     * Makes {@code fresh}, which holds the dataset at {@code version}, the base, with an empty
     * overlay and log; the caller holds the writer lock. Returns the old base.
     */
    private HdtDatasource swapIn(HdtDatasource fresh, long version, long at, String what) throws IOException {
        log.resetTo(version);
        HdtDatasource old = source.install(fresh, version);
        keptAfter = version;
        LOG.info("Dataset {} went from version {} to {} with {} ({} triples)", name, at, version, what,
                fresh.statistics().triples());
        signal();
        return old;
    }

    private long installNow(Path file) throws IOException {
        HdtDatasource current = source.base();
        Path hdt = current.path();
        Path next = Compaction.nextFile(hdt.toAbsolutePath());
        // An index an earlier attempt left would not be this file's.
        Files.deleteIfExists(HdtFiles.indexFile(next));
        Files.move(file, next, StandardCopyOption.REPLACE_EXISTING);
        HdtDatasource.Options options = current.options();
        long version;
        // Opened mapped to read its version and build its index beside it; loaded (if so configured) once in place.
        try (HdtDatasource probe = HdtDatasource.open(next, mapped(options))) {
            version = probe.compactedVersion();
        } catch (RuntimeException e) {
            Compaction.removeLeftovers(hdt);
            throw new IOException("the primary's file is not a readable HDT file: " + e.getMessage(), e);
        }
        HdtDatasource old;
        writer.lock();
        try {
            long at = source.versionNumber();
            if (version <= at) {
                Compaction.removeLeftovers(hdt);
                return at;
            }
            Compaction.replace(hdt, next);
            // A crash from here on restarts from the new file: the log's records are all older.
            old = swapIn(HdtDatasource.open(hdt, options), version, at, "a copy of the primary's file");
        } finally {
            writer.unlock();
        }
        background.schedule(old::close, RETIRE_AFTER_MINUTES, TimeUnit.MINUTES);
        return version;
    }

    /** The running compaction, or null. */
    public boolean compacting() {
        CompletableFuture<Compacted> running = compaction.get();
        return running != null && !running.isDone();
    }

    /** The last finished compaction since start, or null. */
    public Compacted lastCompaction() {
        return lastCompaction;
    }

    private Compacted compactNow(LiveDatasource.Snapshot asked) throws IOException {
        long start = System.nanoTime();
        // A copy of the primary's file installed since the call replaced the base the snapshot was of.
        LiveDatasource.Snapshot snapshot = asked.base() == source.base() ? asked : source.snapshot();
        long folded = snapshot.added().size() + snapshot.deleted().size();
        if (folded == 0) {
            return new Compacted(snapshot.version(), snapshot.base().statistics().triples(), 0, 0);
        }
        LOG.info("Compacting {}: {} added and {} deleted triples into a new base at version {}", name,
                snapshot.added().size(), snapshot.deleted().size(), snapshot.version());
        Path hdt = snapshot.base().path();
        Path next = Compaction.write(snapshot, name);
        Compaction.replace(hdt, next);
        // A crash from here on restarts from the new file and the patches after its version.
        HdtDatasource fresh = HdtDatasource.open(hdt, snapshot.base().options());
        HdtDatasource old;
        writer.lock();
        try {
            Overlay overlay = new Overlay(fresh::contains);
            try {
                log.read(snapshot.version(), entry -> {
                    try {
                        overlay.apply(PatchReader.read(new ByteArrayInputStream(entry.patch())));
                    } catch (BadPatchException e) {
                        throw new IOException("Patch log " + log.file() + ", version " + entry.version() + ": "
                                + e.getMessage(), e);
                    }
                    return true;
                });
            } catch (IOException | RuntimeException e) {
                fresh.close();
                throw e;
            }
            old = source.rebase(fresh, overlay);
            try {
                // The patches since the compaction before this one stay for followers that lag behind.
                log.dropThrough(keptAfter);
                keptAfter = snapshot.version();
                // The data is the same but a fragment's order may not be: a version of its own (an empty
                // patch) tells clients paging across the compaction that their pages changed.
                ChangeSet mark = new ChangeSet(java.util.List.of());
                source.apply(mark, log.append(mark.toPatch()));
                signal();
            } catch (IOException e) {
                LOG.warn("Compaction of {}: the new file is in use, but the log could not be cut or marked ({}); "
                        + "the next start skips the patches the file holds", name, e.toString());
            }
        } finally {
            writer.unlock();
        }
        background.schedule(old::close, RETIRE_AFTER_MINUTES, TimeUnit.MINUTES);
        Compacted done = new Compacted(snapshot.version(), fresh.statistics().triples(), folded,
                (System.nanoTime() - start) / 1_000_000);
        lastCompaction = done;
        LOG.info("Compacted {} at version {}: {} triples in the new base, {} changes folded in, {} ms", name,
                done.version(), done.triples(), folded, done.millis());
        return done;
    }

    /**
     * Sends the logged patches after {@code since}, in order; false, sending none, when a
     * compaction has dropped some of them ({@code since} below {@link #oldestReplayable()}).
     */
    public boolean patchesAfter(long since, PatchLog.Reader reader) throws IOException {
        return log.read(since, reader);
    }

    /** The oldest version after which {@link #patchesAfter} can send the patches. */
    public long oldestReplayable() {
        return log.floor();
    }

    /**
     * Runs {@code action} once the version is past {@code since} (at once if it is), on the thread
     * that made it so: {@code action} must hand its work on. Returns what cancels the wait.
     */
    public Runnable whenAfter(long since, Runnable action) {
        // A waiter leaves the list before it runs (signal), so it runs once.
        Waiter waiter = new Waiter(since, action);
        versions.lock();
        try {
            if (source.versionNumber() <= since && !stopping) {
                waiters.add(waiter);
                return () -> removeWaiter(waiter);
            }
        } finally {
            versions.unlock();
        }
        action.run();
        return () -> { };
    }

    private record Waiter(long since, Runnable action) {}

    private void removeWaiter(Waiter waiter) {
        versions.lock();
        try {
            // By identity: two requests may wait for the same version with equal actions.
            waiters.removeIf(w -> w == waiter);
        } finally {
            versions.unlock();
        }
    }

    /** Ends every wait of {@link #whenAfter} now and from now on: the server is stopping. */
    public void stopWaiting() {
        stopping = true;
        signal();
    }

    private void signal() {
        java.util.List<Waiter> due = new java.util.ArrayList<>();
        versions.lock();
        try {
            long version = source.versionNumber();
            waiters.removeIf(w -> (stopping || version > w.since()) && due.add(w));
        } finally {
            versions.unlock();
        }
        due.forEach(w -> w.action().run());
    }

    /**
     * Stops a running compaction, closes the log and the bases kept for earlier reads; the source
     * is closed with the server's other datasources.
     */
    @Override
    public void close() {
        background.shutdownNow();
        try {
            background.awaitTermination(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        // Pending closes of old bases did not run: run them now.
        for (Runnable pending : background.shutdownNow()) {
            pending.run();
        }
        log.close();
    }
}
