package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.index.Overlay;
import dev.ldf.server.live.patch.BadPatchException;
import dev.ldf.server.live.patch.ChangeSet;
import dev.ldf.server.live.patch.PatchReader;
import dev.ldf.server.monitor.OutOfMemory;

/**
 * Folds a live dataset's overlay into a new HDT file on the background thread, while reads and
 * writes go on; writers then wait only while the new file is swapped in and the patches that
 * arrived meanwhile are applied to it. The log then drops the patches the previous compaction
 * folded in, keeping the ones since for followers that lag behind, and marks the compaction with
 * a version of its own. Starts by itself once the overlay holds {@code compactAfter} triples
 * (0: only when asked), or once the heap it holds, as estimated, reaches {@code compactAboveBytes}
 * (a quarter of the heap in a server): the overlay lives on the heap, and a compaction empties it
 * before writes have to be refused for want of memory ({@link PatchAdmission}).
 */
final class Compactor {

    private static final Logger LOG = LoggerFactory.getLogger(Compactor.class);

    private final LiveState state;
    private final long compactAfter;
    private final long compactAboveBytes;
    private final AtomicReference<CompletableFuture<Compacted>> running = new AtomicReference<>();
    private volatile Compacted last;
    /** After a failed compaction, the overlay's size starts none by itself before this time. */
    private volatile long pausedUntil = System.nanoTime();

    Compactor(LiveState state, long compactAfter, long compactAboveBytes) {
        this.state = state;
        this.compactAfter = compactAfter;
        this.compactAboveBytes = compactAboveBytes;
    }

    /** After a write: starts a compaction when the overlay has grown to {@code compactAfter} or its heap to its bound. */
    void afterWrite() {
        if (System.nanoTime() - pausedUntil < 0 || compacting()) {
            return;
        }
        if (compactAfter > 0 && state.source().overlaySize() >= compactAfter) {
            compact();
            return;
        }
        long bytes = state.source().overlayBytes();
        if (bytes >= compactAboveBytes) {
            LOG.info("Compacting {} before its overlay outgrows the heap: it holds about {} MB, the bound is {} MB",
                    state.name(), bytes >> 20, compactAboveBytes >> 20);
            compact();
        }
    }

    /**
     * Starts a compaction unless one runs; returns the running one's future. It folds in the
     * dataset as it is at this call (writes after it stay in the overlay).
     */
    CompletableFuture<Compacted> compact() {
        CompletableFuture<Compacted> current = running.get();
        if (current != null && !current.isDone()) {
            return current;
        }
        CompletableFuture<Compacted> next = new CompletableFuture<>();
        if (!running.compareAndSet(current, next)) {
            return running.get();
        }
        // Taken here, not on the compaction thread: what a compaction folds in is what was there when it was asked for.
        LiveDatasource.Snapshot snapshot = state.source().snapshot();
        state.inBackground(() -> {
            try {
                next.complete(compactNow(snapshot));
            } catch (IOException | RuntimeException | Error e) {
                OutOfMemory.check(e);
                LOG.error("Compaction of {} failed; the dataset goes on with its overlay (next try by size in "
                        + "10 minutes, or when asked): {}", state.name(), e.toString(), e);
                pausedUntil = System.nanoTime() + TimeUnit.MINUTES.toNanos(10);
                next.completeExceptionally(e);
            }
        });
        return next;
    }

    boolean compacting() {
        CompletableFuture<Compacted> current = running.get();
        return current != null && !current.isDone();
    }

    /** The last finished compaction since start, or null. */
    Compacted last() {
        return last;
    }

    private Compacted compactNow(LiveDatasource.Snapshot asked) throws IOException {
        long start = System.nanoTime();
        LiveDatasource source = state.source();
        // A copy of the primary's file installed since the call replaced the base the snapshot was of.
        LiveDatasource.Snapshot snapshot = asked.base() == source.base() ? asked : source.snapshot();
        long folded = snapshot.added().size() + snapshot.deleted().size();
        if (folded == 0) {
            return new Compacted(snapshot.version(), snapshot.base().statistics().triples(), 0, 0);
        }
        LOG.info("Compacting {}: {} added and {} deleted triples into a new base at version {}", state.name(),
                snapshot.added().size(), snapshot.deleted().size(), snapshot.version());
        Path hdt = snapshot.base().path();
        Path next = Compaction.write(snapshot, state.name());
        Compaction.replace(hdt, next);
        // A crash from here on restarts from the new file and the patches after its version.
        HdtDatasource fresh = HdtDatasource.open(hdt, snapshot.base().options());
        // The patches logged while the file was written go onto its overlay with writers going on;
        // writers then wait only while those logged since are applied and the base is swapped.
        Overlay overlay = new Overlay(fresh::identify);
        long applied;
        try {
            applied = applyLogged(overlay, snapshot.version());
        } catch (IOException | RuntimeException e) {
            fresh.close();
            throw e;
        }
        long[] locked = new long[1];
        state.swapBase(at -> {
            locked[0] = System.nanoTime();
            try {
                applyLogged(overlay, applied);
            } catch (IOException | RuntimeException e) {
                fresh.close();
                throw e;
            }
            HdtDatasource old = source.rebase(fresh, overlay);
            markInLog(snapshot.version());
            return old;
        });
        long writersWaited = (System.nanoTime() - locked[0]) / 1_000_000;
        Compacted done = new Compacted(snapshot.version(), fresh.statistics().triples(), folded,
                (System.nanoTime() - start) / 1_000_000);
        last = done;
        LOG.info("Compacted {} at version {}: {} triples in the new base, {} changes folded in, {} ms (writers waited {} ms "
                + "for the swap)", state.name(), done.version(), done.triples(), folded, done.millis(), writersWaited);
        return done;
    }

    /** Applies the logged patches after {@code since} to {@code overlay}; returns the last version applied. */
    private long applyLogged(Overlay overlay, long since) throws IOException {
        long[] last = {since};
        state.log().read(since, entry -> {
            try {
                overlay.apply(PatchReader.read(new ByteArrayInputStream(entry.patch())));
            } catch (BadPatchException e) {
                throw new IOException("Patch log " + state.log().file() + ", version " + entry.version() + ": "
                        + e.getMessage(), e);
            }
            last[0] = entry.version();
            return true;
        });
        return last[0];
    }

    /**
     * Drops the patches the previous compaction folded in (those since stay for followers that lag
     * behind) and ends the compaction with a version of its own, an empty patch: the data is the
     * same, but a fragment's order may not be, and clients paging across it must see that. Runs in
     * the writers' turn.
     */
    private void markInLog(long compactedVersion) {
        try {
            state.log().compacted(compactedVersion);
            ChangeSet mark = new ChangeSet(List.of());
            state.source().apply(mark, state.log().append(mark.toPatch()));
        } catch (IOException e) {
            LOG.warn("Compaction of {}: the new file is in use, but the log could not be cut or marked ({}); "
                    + "the next start skips the patches the file holds", state.name(), e.toString());
        }
    }
}
