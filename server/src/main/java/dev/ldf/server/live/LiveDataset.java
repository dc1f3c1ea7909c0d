package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.CompletableFuture;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.log.LoggedPatch;
import dev.ldf.server.live.log.PatchLog;
import dev.ldf.server.live.patch.BadPatchException;
import dev.ldf.server.live.patch.ChangeSet;
import dev.ldf.server.live.patch.PatchReader;
import dev.ldf.server.live.patch.WritableTerms;

/**
 * A dataset that takes changes: its {@link LiveDatasource} and the {@link PatchLog} that makes
 * them durable.
 *
 * <p>A patch is written to the log and forced to disk, then applied, and only then acknowledged;
 * on start the log is replayed from the version the HDT file holds. Writers take turns, so the
 * log's order is the order in which readers see changes; the patches of writers waiting for the
 * turn are logged and forced together ({@link GroupCommit}).
 *
 * <p>Its other jobs have classes of their own: {@link Compactor} folds the overlay into a new HDT
 * file, {@link BaseReplacement} takes a primary's file for a follower, {@link VersionWaiters}
 * holds the change feed's long polls. A replaced base stays open for
 * {@link LiveState#RETIRE_AFTER_MINUTES} minutes for the pages still reading it, and after that
 * until the dumps begun on it end.
 * Thread-safe.
 */
public final class LiveDataset implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LiveDataset.class);

    private final LiveState state;
    private final Compactor compactor;
    private final BaseReplacement replacement;
    private final GroupCommit commits;

    /** The share of the heap an overlay may hold before a compaction starts by itself: a quarter. */
    static final int OVERLAY_HEAP_SHARE = 4;

    private LiveDataset(LiveState state, long compactAfter, long compactAboveBytes) {
        this.state = state;
        this.compactor = new Compactor(state, compactAfter, compactAboveBytes);
        this.replacement = new BaseReplacement(state);
        this.commits = new GroupCommit(state, new PatchAdmission(), compactor::afterWrite);
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
        return open(name, base, logFile, compactAfter, Runtime.getRuntime().maxMemory() / OVERLAY_HEAP_SHARE);
    }

    /** {@link #open(String, HdtDatasource, Path, long)}, a compaction starting once the overlay holds {@code compactAboveBytes} of heap. */
    static LiveDataset open(String name, HdtDatasource base, Path logFile, long compactAfter, long compactAboveBytes)
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
        return new LiveDataset(new LiveState(name, source, log), compactAfter, compactAboveBytes);
    }

    public LiveDatasource source() {
        return state.source();
    }

    /** The version of the last accepted patch; 0 before any. */
    public long version() {
        return state.source().versionNumber();
    }

    /**
     * Makes {@code changes} durable, then visible; returns once both are done. An empty change set
     * changes nothing and makes no version. A patch the heap has no room for is refused before it
     * is logged ({@link PatchAdmission}).
     */
    public Accepted write(ChangeSet changes) throws IOException, BadPatchException {
        if (changes.size() == 0) {
            return new Accepted(version(), 0, new ChangeSet.Effect(0, 0));
        }
        return commits.write(prepare(changes));
    }

    /**
     * Applies a patch that another server made as {@code version} (a follower applying its
     * primary's feed): logged under the same version, then visible. A version already held is
     * passed over; one that skips versions is refused.
     */
    public Accepted writeAs(long version, ChangeSet changes) throws IOException, BadPatchException {
        LiveDatasource.Prepared prepared = prepare(changes);
        return state.inTurn(() -> {
            long current = version();
            if (version <= current) {
                return new Accepted(current, 0, new ChangeSet.Effect(0, 0));
            }
            if (version != current + 1) {
                throw new IllegalStateException("version " + version + " does not follow " + current);
            }
            return logAndApply(version, prepared);
        });
    }

    /**
     * The work a patch needs before it takes its turn, done while other writers take theirs: its
     * terms checked (what is acknowledged must read back from the log and survive a compaction)
     * and the base's lookups made.
     */
    private LiveDatasource.Prepared prepare(ChangeSet changes) throws BadPatchException {
        WritableTerms.check(changes);
        return state.source().prepare(changes);
    }

    /** Logs and applies a prepared patch as {@code version}, in the writers' turn (a follower's, one by one). */
    private Accepted logAndApply(long version, LiveDatasource.Prepared prepared) throws IOException {
        ChangeSet changes = prepared.changes();
        long logged = state.log().append(changes::writeTo);
        if (logged != version) {
            throw new IllegalStateException("the log made version " + logged + " of " + version);
        }
        ChangeSet.Effect effect = state.source().apply(prepared, version);
        state.waiters().signal();
        compactor.afterWrite();
        return new Accepted(version, changes.size(), effect);
    }

    /**
     * Starts a compaction ({@link Compactor}) unless one runs; returns the running one's future.
     * It folds in the dataset as it is at this call; reads and writes go on while it runs.
     */
    public CompletableFuture<Compacted> compact() {
        return compactor.compact();
    }

    /** Whether a compaction runs. */
    public boolean compacting() {
        return compactor.compacting();
    }

    /** The last finished compaction since start, or null. */
    public Compacted lastCompaction() {
        return compactor.last();
    }

    /**
     * The current base file. A compaction replaces it by a rename: a channel opened on it reads
     * one whole file, which names its own version in its header.
     */
    public Path baseFile() {
        return state.source().base().path();
    }

    /** Where a follower puts a copy of its primary's file before {@link #install}. */
    public Path downloadFile() {
        return Compaction.downloadFile(state.source().base().path());
    }

    /**
     * Makes {@code file}, a copy of the primary's current HDT file, this dataset's base
     * ({@link BaseReplacement}); returns the version reached. A file no newer than the dataset is
     * removed and changes nothing.
     *
     * @throws IOException when the file is not a readable HDT file (it is removed), or cannot be put in place
     */
    public long install(Path file) throws IOException {
        return replacement.install(file);
    }

    /**
     * Makes the file now at this dataset's base path its base when it holds a later version than
     * the dataset (another process replaced it); returns whether it did.
     */
    public boolean adoptReplacedBase() throws IOException {
        return replacement.adoptReplacedBase();
    }

    /**
     * Sends the logged patches after {@code since}, in order; false, sending none, when a
     * compaction has dropped some of them ({@code since} below {@link #oldestReplayable()}).
     */
    public boolean patchesAfter(long since, LoggedPatch.Reader reader) throws IOException {
        return state.log().read(since, reader);
    }

    /** The oldest version after which {@link #patchesAfter} can send the patches. */
    public long oldestReplayable() {
        return state.log().floor();
    }

    /**
     * Runs {@code action} once, when the version is past {@code since} (at once if it is) or after
     * {@code timeoutMillis} at the latest, on the thread that made it so (the one that changed the
     * version, or the dataset's timer): {@code action} must hand its work on. Returns what cancels
     * the wait.
     */
    public Runnable whenAfter(long since, long timeoutMillis, Runnable action) {
        return state.waiters().whenAfter(since, timeoutMillis, action);
    }

    /** Ends every wait of {@link #whenAfter} now and from now on: the server is stopping. */
    public void stopWaiting() {
        state.waiters().stop();
    }

    /**
     * Stops a running compaction, closes the log and the bases kept for earlier reads; the source
     * is closed with the server's other datasources.
     */
    @Override
    public void close() {
        state.waiters().close();
        state.stopBackground();
        state.log().close();
    }
}
