package dev.ldf.server.live;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;
import java.util.concurrent.locks.ReentrantReadWriteLock;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetStatistics;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.PageTriples;
import dev.ldf.server.fragment.PredicateCount;
import dev.ldf.server.fragment.PageTriples.EncodedTripleConsumer;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.hdt.HdtDatasource;
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

    /** Base triples read at a time when deleted ones must be passed over. */
    private static final int BASE_CHUNK = 1_024;

    /** The base and its overlay: replaced together by a compaction. Guarded by {@link #lock}. */
    private HdtDatasource base;
    private Overlay overlay;
    private final ReentrantReadWriteLock lock = new ReentrantReadWriteLock();
    private final ResumePoints resumes = new ResumePoints(4_096);
    /** What changed when, for queries suspended across changes. Guarded by {@link #lock}. */
    private final ChangeClocks clocks = new ChangeClocks();
    /** The last applied change's version: the dataset's version. Guarded by {@link #lock}. */
    private long version;

    public LiveDatasource(HdtDatasource base, long baseVersion) {
        this.base = base;
        this.overlay = new Overlay(base::contains);
        this.version = baseVersion;
    }

    /**
     * Applies {@code changes} whole, as {@code version}; readers see the dataset before or after,
     * never between. Returns how many triples were in fact added and deleted.
     */
    public ChangeSet.Effect apply(ChangeSet changes, long version) {
        // The base's lookups first, with readers going on: they read only the immutable base file.
        Overlay before;
        lock.readLock().lock();
        try {
            before = overlay;
        } finally {
            lock.readLock().unlock();
        }
        boolean[] inBase = before.inBase(changes);
        int[] slots = ChangeClocks.slots(changes);
        lock.writeLock().lock();
        try {
            if (version <= this.version) {
                throw new IllegalArgumentException("version " + version + " is not after " + this.version);
            }
            // A compaction swapped the base meanwhile (when the caller does not keep it out): look again.
            ChangeSet.Effect effect = overlay.apply(changes, overlay == before ? inBase : overlay.inBase(changes));
            clocks.tick(slots, version);
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
            resumes.clear();
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
            overlay = new Overlay(newBase::contains);
            this.version = version;
            resumes.clear();
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
            if (overlay.isEmpty()) {
                return base.page(selector, offset, limit);
            }
            List<TriplePattern> patterns = selector.patterns();
            // One pattern (TPF) is counted by the overlay's indexes; a brTPF union, by its distinct matches.
            long deleted = patterns.size() == 1 ? overlay.deletedCount(patterns.get(0))
                    : count(distinct(patterns, overlay::deleted));
            long added = patterns.size() == 1 ? overlay.addedCount(patterns.get(0))
                    : count(distinct(patterns, overlay::added));
            if (deleted == 0 && added == 0) {
                return base.page(selector, offset, limit);
            }
            BaseSlice slice = deleted == 0 ? baseSlice(selector, offset, limit)
                    : visibleBaseSlice(selector, offset, limit, deleted);
            Count count = slice.count(deleted, added);
            if (slice.more()) {
                return new FragmentPage(atLeast(count, offset + slice.size() + 1), slice.size(), true, slice.triples());
            }
            // The base ran out on this page or before it: the added triples follow.
            long skip = Math.max(0, offset - slice.visibleTotal());
            List<Triple> addedPart = new ArrayList<>();
            Iterator<Triple> it = distinct(patterns, overlay::added);
            skip(it, skip);
            while (addedPart.size() < limit - slice.size() && it.hasNext()) {
                addedPart.add(it.next());
            }
            boolean more = it.hasNext();
            int size = slice.size() + addedPart.size();
            return new FragmentPage(atLeast(count, offset + size + (more ? 1 : 0)), size, more,
                    concat(slice.triples(), PageTriples.of(addedPart)));
        } finally {
            lock.readLock().unlock();
        }
    }

    /** The base's part of a page when no deleted triple matches: the base's own page. */
    private BaseSlice baseSlice(Selector selector, long offset, int limit) {
        FragmentPage page = base.page(selector, offset, limit);
        return new BaseSlice(page.triples(), page.size(), page.hasNextPage(), page.count(), page.count().value());
    }

    /** The base's part of a page, its deleted triples passed over. */
    private BaseSlice visibleBaseSlice(Selector selector, long offset, int limit, long deleted) {
        ResumePoints.Key key = new ResumePoints.Key(selector.patterns(), version, offset);
        Long resume = resumes.get(key);
        long position = resume == null ? 0 : resume;
        long toSkip = resume == null ? offset : 0;
        List<Triple> triples = new ArrayList<>();
        Count baseCount = null;
        while (true) {
            FragmentPage chunk = base.page(selector, position, BASE_CHUNK);
            if (baseCount == null) {
                baseCount = chunk.count();
            }
            for (Triple t : chunk.triples()) {
                if (overlay.isDeleted(t)) {
                    position++;
                } else if (toSkip > 0) {
                    toSkip--;
                    position++;
                } else if (triples.size() < limit) {
                    triples.add(t);
                    position++;
                } else {
                    // One more visible triple: the page has a next, which starts here.
                    resumes.put(new ResumePoints.Key(selector.patterns(), version, offset + limit), position);
                    return new BaseSlice(PageTriples.of(triples), triples.size(), true, baseCount, -1);
                }
            }
            if (!chunk.hasNextPage()) {
                // The base ran out: its count, deleted triples included, is now known.
                long visibleTotal = offset - toSkip + triples.size();
                return new BaseSlice(PageTriples.of(triples), triples.size(), false,
                        Count.exact(visibleTotal + deleted), visibleTotal);
            }
            if (chunk.size() == 0) {
                throw new IllegalStateException("the base claims more triples past position " + position);
            }
        }
    }

    /**
     * The base's part of a page.
     *
     * @param visibleTotal how many base triples the fragment shows in all, known when the base ran
     *                     out ({@code more} false)
     */
    private record BaseSlice(PageTriples triples, int size, boolean more, Count baseCount, long visibleTotal) {
        Count count(long deleted, long added) {
            long value = Math.max(0, baseCount.value() - deleted) + added;
            return baseCount.exact() ? Count.exact(value) : Count.estimate(Math.max(1, value));
        }
    }

    /** An estimate never below what the data has shown. */
    private static Count atLeast(Count count, long seen) {
        return count.exact() || count.value() >= seen ? count : Count.estimate(seen);
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
        Set<Spelling> deleted = new HashSet<>();
        List<Triple> added = new ArrayList<>();
        HdtDatasource base;
        lock.readLock().lock();
        try {
            base = this.base;
            overlay.deleted(pattern).forEachRemaining(t -> deleted.add(Spelling.of(t)));
            overlay.added(pattern).forEachRemaining(added::add);
        } finally {
            lock.readLock().unlock();
        }
        if (deleted.isEmpty()) {
            base.export(pattern, consumer);
        } else {
            base.export(pattern, (s, sl, p, pl, o, ol) -> {
                if (!deleted.contains(new Spelling(text(s, sl), text(p, pl), text(o, ol)))) {
                    consumer.triple(s, sl, p, pl, o, ol);
                }
            });
        }
        PageTriples.of(added).forEachEncoded(consumer);
    }

    /** A triple as the dictionary spells its terms. */
    private record Spelling(String s, String p, String o) {
        static Spelling of(Triple t) {
            return new Spelling(HdtTerms.toHdt(t.getSubject()), HdtTerms.toHdt(t.getPredicate()),
                    HdtTerms.toHdt(t.getObject()));
        }
    }

    private static String text(byte[] bytes, int length) {
        return new String(bytes, 0, length, StandardCharsets.UTF_8);
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
            java.util.Map<Node, Long> counts = new java.util.HashMap<>();
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

    /**
     * The triples of {@code patterns}' matches in order, each once: a triple that also matches an
     * earlier pattern is listed only under that one, as {@link Selector} defines.
     */
    private static Iterator<Triple> distinct(List<TriplePattern> patterns,
            java.util.function.Function<TriplePattern, Iterator<Triple>> find) {
        return Iter.flatMap(java.util.stream.IntStream.range(0, patterns.size()).iterator(),
                i -> Iter.filter(find.apply(patterns.get(i)), t -> !matchesEarlier(patterns, i, t)));
    }

    private static boolean matchesEarlier(List<TriplePattern> patterns, int index, Triple t) {
        for (int i = 0; i < index; i++) {
            if (patterns.get(i).matches(t)) {
                return true;
            }
        }
        return false;
    }

    private static long count(Iterator<Triple> it) {
        long n = 0;
        for (; it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }

    private static void skip(Iterator<Triple> it, long n) {
        for (long i = 0; i < n && it.hasNext(); i++) {
            it.next();
        }
    }

    /** One page's triples from two sources, read once in order. */
    private static PageTriples concat(PageTriples first, PageTriples second) {
        return new PageTriples() {
            @Override
            public void forEachEncoded(EncodedTripleConsumer consumer) throws IOException {
                first.forEachEncoded(consumer);
                second.forEachEncoded(consumer);
            }

            @Override
            public Iterator<Triple> iterator() {
                return Iter.concat(first.iterator(), second.iterator());
            }
        };
    }
}
