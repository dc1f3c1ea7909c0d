package dev.ldf.server.live;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.locks.ReentrantReadWriteLock;
import java.util.function.Function;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.server.fragment.DatasetStatistics;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.PageTriples.EncodedTripleConsumer;
import dev.ldf.server.fragment.PredicateCount;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.index.Overlay;
import dev.ldf.server.live.patch.ChangeSet;
import dev.ldf.server.live.read.LiveScans;
import dev.ldf.server.live.read.MergedDump;
import dev.ldf.server.live.read.MergedPages;
import dev.ldf.server.preemption.PreemptableDataset;
import dev.ldf.server.preemption.ResumableScans;

/**
 * A dataset that changes: an HDT file as its base and an {@link Overlay} of the changes since.
 *
 * <p>A fragment lists the base's matches that were not deleted, in the base's order, then the
 * added matches in the overlay's order; its count is the base's minus the deleted matches plus the
 * added ones, exact wherever the base's is. Within one version the order is fixed, so paging is
 * stable. Where no deleted triple matches, pages are the base's own, read at their offsets; where
 * some do, the base is read from where the previous page of the same version stopped
 * ({@link ResumePoints}), or from its start.
 *
 * <p>Readers share a lock that a change takes alone: a page is computed against one version.
 */
public final class LiveDatasource implements Datasource, PreemptableDataset {

    /** The base and its overlay: replaced together by a compaction. Guarded by {@link #lock}. */
    private HdtDatasource base;
    private Overlay overlay;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final MergedPages pages = new MergedPages();
    /** What changed when, for queries suspended across changes. Guarded by {@link #lock}. */
    private final ChangeClocks clocks = new ChangeClocks();
    /** The last applied change's version: the dataset's version. Guarded by {@link #lock}. */
    private long version;

    public LiveDatasource(HdtDatasource base, long baseVersion) {
        this.base = base;
        this.overlay = new Overlay(base::identify);
        this.version = baseVersion;
    }

    /**
     * What applying {@code changes} needs to know of the base, found out with readers and other
     * writers going on (the lookups read only the immutable base file): whether the base holds each
     * triple, and the change clocks' slots.
     */
    Prepared prepare(ChangeSet changes) {
        Overlay before;
        lock.readLock().lock();
        try {
            before = overlay;
        } finally {
            lock.readLock().unlock();
        }
        return new Prepared(changes, before, before.inBase(changes), ChangeClocks.slots(changes));
    }

    /** A change set and what {@link #prepare} found out for it, against the overlay it looked at. */
    record Prepared(ChangeSet changes, Overlay lookedAt, TripleID[] inBase, int[] slots) {}

    /**
     * Applies {@code changes} whole, as {@code version}; readers see the dataset before or after,
     * never between. Returns how many triples were in fact added and deleted.
     */
    public ChangeSet.Effect apply(ChangeSet changes, long version) {
        return apply(prepare(changes), version);
    }

    /** {@link #apply(ChangeSet, long)} with the base's lookups already made. */
    ChangeSet.Effect apply(Prepared prepared, long version) {
        lock.writeLock().lock();
        try {
            if (version <= this.version) {
                throw new IllegalArgumentException("version " + version + " is not after " + this.version);
            }
            // A compaction swapped the base since the lookups: look again.
            ChangeSet changes = prepared.changes();
            ChangeSet.Effect effect = overlay.apply(changes, overlay == prepared.lookedAt() ? prepared.inBase()
                    : overlay.inBase(changes));
            clocks.tick(prepared.slots(), version);
            this.version = version;
            return effect;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** The dataset at one version, as a compaction reads it: the base and copies of the overlay's two sets. */
    record Snapshot(HdtDatasource base, long version, List<Triple> added, List<Triple> deleted) {}

    /** The dataset as it is now; writers wait while the overlay is copied. */
    Snapshot snapshot() {
        lock.readLock().lock();
        try {
            List<Triple> added = new ArrayList<>();
            List<Triple> deleted = new ArrayList<>();
            overlay.added(TriplePattern.ALL).forEachRemaining(added::add);
            overlay.deleted(TriplePattern.ALL).forEachRemaining(deleted::add);
            return new Snapshot(base, version, added, deleted);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Replaces the base and the overlay at once, the dataset staying what it was (the caller keeps
     * changes out meanwhile); returns the old base, which pages begun on it may still read.
     */
    HdtDatasource rebase(HdtDatasource newBase, Overlay newOverlay) {
        lock.writeLock().lock();
        try {
            HdtDatasource old = base;
            base = newBase;
            overlay = newOverlay;
            // Resume points are positions in the old base.
            pages.forgetPositions();
            return old;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /**
     * Replaces the base with {@code newBase}, which holds the dataset at {@code version}, a later
     * one, and empties the overlay (a follower given a copy of its primary's file); returns the old
     * base, which pages begun on it may still read.
     */
    HdtDatasource install(HdtDatasource newBase, long version) {
        lock.writeLock().lock();
        try {
            if (version <= this.version) {
                throw new IllegalArgumentException("version " + version + " is not after " + this.version);
            }
            HdtDatasource old = base;
            base = newBase;
            overlay = new Overlay(newBase::identify);
            this.version = version;
            pages.forgetPositions();
            return old;
        } finally {
            lock.writeLock().unlock();
        }
    }

    /** The base file now. */
    HdtDatasource base() {
        lock.readLock().lock();
        try {
            return base;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The version of the last change applied, or the base's when none was. */
    public long versionNumber() {
        lock.readLock().lock();
        try {
            return version;
        } finally {
            lock.readLock().unlock();
        }
    }

    /** Triples held apart from the base (added plus deleted). */
    /** The heap the overlay holds, estimated as a patch's cost is ({@link PatchAdmission#cost}). */
    long overlayBytes() {
        lock.readLock().lock();
        try {
            return PatchAdmission.cost(overlay.size(), overlay.termCount());
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The distinct terms of {@code changes} that the overlay does not number yet ({@link Overlay#newTerms}). */
    long newTerms(ChangeSet changes) {
        lock.readLock().lock();
        try {
            return overlay.newTerms(changes);
        } finally {
            lock.readLock().unlock();
        }
    }

    public long overlaySize() {
        lock.readLock().lock();
        try {
            return overlay.size();
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public FragmentPage page(Selector selector, long offset, int limit) {
        lock.readLock().lock();
        try {
            return pages.page(base, overlay, version, selector, offset, limit);
        } finally {
            lock.readLock().unlock();
        }
    }

    /**
     * Runs a quantum of the preemptive engine on the dataset as it stands, changes held off until
     * it returns. Positions refer to the base by the version it holds and its size, which replicas
     * that compacted at the same version share.
     */
    @Override
    public <T> T read(Function<PreemptableDataset.State, T> quantum) {
        lock.readLock().lock();
        try {
            HdtDatasource file = base;
            long baseNumber = file.compactedVersion() * 1_000_003L + file.statistics().triples();
            ResumableScans scans = overlay.isEmpty() ? file.scans() : new LiveScans(file.scans(), overlay);
            return quantum.apply(new QuantumView(baseNumber, version, scans, clocks, lock));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The dataset as one quantum reads it, under the read lock. */
    private record QuantumView(long base, long version, ResumableScans scans, ChangeClocks clocks,
            ReentrantReadWriteLock lock) implements PreemptableDataset.State {
        @Override
        public boolean changedSince(long since, Collection<Triple> patterns) {
            return clocks.changedSince(since, patterns);
        }

        @Override
        public boolean changesWaiting() {
            return lock.hasQueuedThreads();
        }
    }

    @Override
    public void export(TriplePattern pattern, EncodedTripleConsumer consumer) throws IOException {
        // A copy of the pattern's changes, so that writers need not wait for a long dump.
        MergedDump dump;
        lock.readLock().lock();
        try {
            dump = MergedDump.of(base, overlay, pattern);
        } finally {
            lock.readLock().unlock();
        }
        dump.export(pattern, consumer);
    }

    /**
     * The base's sizes with the overlay's triples counted in; the distinct terms stay the base's
     * (an upper bound after deletions, a lower one after additions) until compaction.
     */
    @Override
    public DatasetStatistics statistics() {
        lock.readLock().lock();
        try {
            DatasetStatistics stats = base.statistics();
            long triples = stats.triples() - overlay.deletedCount(TriplePattern.ALL) + overlay.addedCount(TriplePattern.ALL);
            return new DatasetStatistics(triples, stats.properties(), stats.distinctSubjects(), stats.distinctObjects());
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The base's predicates with the overlay's changes counted in, and those only the overlay has. */
    @Override
    public List<PredicateCount> predicates(int limit) {
        lock.readLock().lock();
        try {
            Map<Node, Long> counts = new HashMap<>();
            for (PredicateCount c : base.predicates(Integer.MAX_VALUE)) {
                counts.put(c.predicate(), c.triples());
            }
            overlay.forEachPredicateChange((p, n) -> counts.merge(p, n, Long::sum));
            List<PredicateCount> all = new ArrayList<>();
            counts.forEach((p, n) -> {
                if (n > 0) {
                    all.add(new PredicateCount(p, n));
                }
            });
            all.sort(PredicateCount.MOST_USED_FIRST);
            return List.copyOf(all.subList(0, Math.min(limit, all.size())));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The base file's version and the last change's: entity tags change with either. */
    @Override
    public boolean takesChanges() {
        return true;
    }

    @Override
    public String version() {
        lock.readLock().lock();
        try {
            return base.version() + "." + version;
        } finally {
            lock.readLock().unlock();
        }
    }

    @Override
    public void close() {
        lock.writeLock().lock();
        try {
            base.close();
        } finally {
            lock.writeLock().unlock();
        }
    }
}
