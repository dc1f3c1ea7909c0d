package dev.ldf.server.live.read;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.function.Function;
import java.util.stream.IntStream;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Triple;

import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.PageTriples;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.index.Overlay;

/**
 * The pages of a fragment of a base and its overlay together: the base's matches that were not
 * deleted, in the base's order, then the added matches in the overlay's order; the count is the
 * base's minus the deleted matches plus the added ones, exact wherever the base's is. Where no
 * deleted triple matches, pages are the base's own, read at their offsets; where some do, the base
 * is read from where the previous page of the same version stopped ({@link ResumePoints}), or from
 * its start. The caller holds the dataset's read lock: a page is of one version.
 */
public final class MergedPages {

    /** Base triples read at a time, at most, when deleted ones must be passed over. */
    private static final int BASE_CHUNK = 1_024;
    /**
     * Base triples read beyond what the page needs, for the deleted ones among them: deletions are
     * mostly a small share of a fragment, and every triple read is decoded, so a first page reads
     * about its own size rather than a whole chunk; where more were deleted, the next read goes on.
     */
    private static final int SLACK = 16;

    private final ResumePoints resumes = new ResumePoints(4_096);

    /** Forgets where pages start in the base: a new base has other positions. */
    public void forgetPositions() {
        resumes.clear();
    }

    public FragmentPage page(HdtDatasource base, Overlay overlay, long version, Selector selector, long offset, int limit) {
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
        BaseSlice slice = deleted == 0 ? baseSlice(base, selector, offset, limit)
                : visibleBaseSlice(base, overlay, version, selector, offset, limit, deleted);
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
    }

    /** The base's part of a page when no deleted triple matches: the base's own page. */
    private static BaseSlice baseSlice(HdtDatasource base, Selector selector, long offset, int limit) {
        FragmentPage page = base.page(selector, offset, limit);
        return new BaseSlice(page.triples(), page.size(), page.hasNextPage(), page.count(), page.count().value());
    }

    /**
     * The base's part of a page, its deleted triples passed over: by their identifiers, so that
     * only the triples shown are spelled.
     */
    private BaseSlice visibleBaseSlice(HdtDatasource base, Overlay overlay, long version, Selector selector,
            long offset, int limit, long deleted) {
        ResumePoints.Key key = new ResumePoints.Key(selector.patterns(), version, offset);
        Long resume = resumes.get(key);
        long position = resume == null ? 0 : resume;
        long toSkip = resume == null ? offset : 0;
        long[] kept = new long[3 * limit];
        int size = 0;
        Count baseCount = null;
        while (true) {
            long needed = toSkip + (limit - size) + 1;
            HdtDatasource.IdRun chunk = base.idRun(selector, position, (int) Math.min(BASE_CHUNK, needed + SLACK));
            if (baseCount == null) {
                baseCount = chunk.count();
            }
            long[] ids = chunk.ids();
            for (int i = 0; i < 3 * chunk.size(); i += 3) {
                if (overlay.isDeletedFromBase(ids[i], ids[i + 1], ids[i + 2])) {
                    position++;
                } else if (toSkip > 0) {
                    toSkip--;
                    position++;
                } else if (size < limit) {
                    System.arraycopy(ids, i, kept, 3 * size++, 3);
                    position++;
                } else {
                    // One more visible triple: the page has a next, which starts here.
                    resumes.put(new ResumePoints.Key(selector.patterns(), version, offset + limit), position);
                    return new BaseSlice(base.triplesOf(kept, size), size, true, baseCount, -1);
                }
            }
            if (!chunk.more()) {
                // The base ran out: its count, deleted triples included, is now known.
                long visibleTotal = offset - toSkip + size;
                return new BaseSlice(base.triplesOf(kept, size), size, false, Count.exact(visibleTotal + deleted),
                        visibleTotal);
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
     * The triples of {@code patterns}' matches in order, each once: a triple that also matches an
     * earlier pattern is listed only under that one, as {@link Selector} defines.
     */
    private static Iterator<Triple> distinct(List<TriplePattern> patterns,
            Function<TriplePattern, Iterator<Triple>> find) {
        return Iter.flatMap(IntStream.range(0, patterns.size()).iterator(),
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
