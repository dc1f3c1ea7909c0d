package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.Condition;
import java.util.concurrent.locks.ReentrantLock;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.hdt.HdtDatasource;

/**
 * A dataset that takes changes: its {@link LiveDatasource} and the {@link PatchLog} that makes
 * them durable.
 *
 * <p>A patch is written to the log and forced to disk, then applied, and only then acknowledged;
 * on start the log is replayed. Writers take turns, so the log's order is the order in which
 * readers see changes. Thread-safe.
 */
public final class LiveDataset implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LiveDataset.class);

    /** What a write did: the version it made and its effect on the data. */
    public record Accepted(long version, long changes, ChangeSet.Effect effect) {}

    private final LiveDatasource source;
    private final PatchLog log;
    private final ReentrantLock writer = new ReentrantLock();
    private final ReentrantLock versions = new ReentrantLock();
    private final Condition changed = versions.newCondition();

    private LiveDataset(LiveDatasource source, PatchLog log) {
        this.source = source;
        this.log = log;
    }

    /** Opens the dataset over {@code base} with the log at {@code logFile}, replaying what it holds. */
    public static LiveDataset open(HdtDatasource base, Path logFile) throws IOException {
        LiveDatasource source = new LiveDatasource(base, 0);
        long start = System.nanoTime();
        long[] replayed = {0, 0};
        PatchLog log = PatchLog.open(logFile, 0, entry -> {
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
        return new LiveDataset(source, log);
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
    public Accepted write(ChangeSet changes) throws IOException {
        writer.lock();
        try {
            if (changes.size() == 0) {
                return new Accepted(source.versionNumber(), 0, new ChangeSet.Effect(0, 0));
            }
            long version = log.append(changes.toPatch());
            ChangeSet.Effect effect = source.apply(changes, version);
            signal();
            return new Accepted(version, changes.size(), effect);
        } finally {
            writer.unlock();
        }
    }

    /** Waits until the version is past {@code since}, at most {@code timeoutMillis}; true if it is. */
    public boolean awaitAfter(long since, long timeoutMillis) throws InterruptedException {
        long left = TimeUnit.MILLISECONDS.toNanos(timeoutMillis);
        versions.lock();
        try {
            while (source.versionNumber() <= since && left > 0) {
                left = changed.awaitNanos(left);
            }
            return source.versionNumber() > since;
        } finally {
            versions.unlock();
        }
    }

    /** Sends the logged patches after {@code since}, in order. */
    public void patchesAfter(long since, PatchLog.Reader reader) throws IOException {
        log.read(since, reader);
    }

    private void signal() {
        versions.lock();
        try {
            changed.signalAll();
        } finally {
            versions.unlock();
        }
    }

    /** Closes the log; the source is closed with the server's other datasources. */
    @Override
    public void close() {
        log.close();
    }
}
