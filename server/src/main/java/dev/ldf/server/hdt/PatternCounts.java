package dev.ldf.server.hdt;

import java.util.List;

import org.rdfhdt.hdt.enums.ResultEstimationType;
import org.rdfhdt.hdt.triples.IteratorTripleID;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.ldf.server.fragment.Count;

/**
 * How many triples a fragment holds. Exact wherever HDT's counts are; for {@code ?P?} (whose HDT
 * estimate counts subject-predicate pairs, not triples) from per-predicate counts taken when the
 * file opens. {@code S?O} and patterns with a repeated variable are counted by scanning when their
 * HDT bound is at most {@code countScanLimit}; above it the bound is an estimate until a page
 * reaches the end, which makes it exact. Counts learnt that way are remembered, bounded by the
 * patterns they name. Thread-safe.
 */
final class PatternCounts {

    /** How many patterns the learnt counts may name together (a few MB at most). */
    private static final long LEARNT_PATTERNS = 200_000;

    /** The matches of {@code pattern} that none of {@code earlier} yields. */
    private record PartKey(PatternIds pattern, List<PatternIds> earlier) {}

    /** The whole fragment of a selector's patterns. */
    private record TotalKey(List<PatternIds> patterns) {}

    private final Matches matches;
    private final long countScanLimit;
    private final Cache<Object, Long> learnt;

    PatternCounts(Matches matches, long countScanLimit) {
        this.matches = matches;
        this.countScanLimit = countScanLimit;
        this.learnt = Caffeine.newBuilder()
                .maximumWeight(LEARNT_PATTERNS)
                .weigher((Object key, Long count) -> key instanceof TotalKey t ? t.patterns().size()
                        : 1 + ((PartKey) key).earlier().size())
                .build();
    }

    /**
     * The number of matches of {@code ids} that none of {@code earlier} yields; {@code search} is
     * HDT's iterator over the matches of {@code ids}, opened and not read, or null.
     */
    Count part(PatternIds ids, List<PatternIds> earlier, IteratorTripleID search) {
        Count bound = search == null ? unfiltered(ids) : bound(ids, search);
        if (bound.exact() && !ids.filtered() && earlier.isEmpty()) {
            return bound;
        }
        if (bound.value() == 0) {
            return Count.ZERO;
        }
        PartKey key = new PartKey(ids, earlier);
        Long scanned = learnt.getIfPresent(key);
        if (scanned != null) {
            return Count.exact(scanned);
        }
        if (bound.value() <= countScanLimit) {
            return remember(key, matches.of(ids, earlier).skip(Long.MAX_VALUE));
        }
        if (bound.exact() && !ids.filtered()) {
            // Too large to scan, but what smaller earlier patterns take away from it can be counted.
            Long overlap = overlap(ids, earlier);
            if (overlap != null) {
                return remember(key, bound.value() - overlap);
            }
        }
        return Count.estimate(bound.value());
    }

    /** A selector's count: the sum of its parts', or the exact size once a page reached the end. */
    Count total(List<Part> parts) {
        if (parts.size() == 1 && parts.get(0).count().exact()) {
            return parts.get(0).count();
        }
        Long known = learnt.getIfPresent(new TotalKey(patterns(parts)));
        if (known != null) {
            return Count.exact(known);
        }
        long sum = 0;
        boolean exact = true;
        for (Part part : parts) {
            sum += part.count().value();
            exact &= part.count().exact();
        }
        return exact || sum == 0 ? Count.exact(sum) : Count.estimate(sum);
    }

    /** Remembers the exact size of a selector's fragment, found by reading to its end. */
    Count learnTotal(List<Part> parts, long exact) {
        return remember(new TotalKey(patterns(parts)), exact);
    }

    private static List<PatternIds> patterns(List<Part> parts) {
        return parts.stream().map(Part::pattern).toList();
    }

    /**
     * How many matches of {@code ids} the {@code earlier} patterns yield (each counted once), or
     * null when reading all of their matches would exceed the scan limit.
     */
    private Long overlap(PatternIds ids, List<PatternIds> earlier) {
        long budget = countScanLimit;
        for (PatternIds e : earlier) {
            budget -= unfiltered(e).value();
            if (budget < 0) {
                return null;
            }
        }
        long overlap = 0;
        for (int j = 0; j < earlier.size(); j++) {
            overlap += matches.of(earlier.get(j), earlier.subList(0, j)).countAlsoMatching(ids);
        }
        return overlap;
    }

    /** HDT's count of the pattern without repeated-variable restriction; exact or an upper bound. */
    private Count unfiltered(PatternIds ids) {
        if (ids.predicateOnly()) {
            return Count.exact(matches.predicates().triples(ids.predicate()));
        }
        return bound(ids, matches.triples().search(ids.unfiltered().toTripleId()));
    }

    /** The count that HDT's iterator over the matches of {@code ids} announces. */
    private static Count bound(PatternIds ids, IteratorTripleID it) {
        long estimate = it.estimatedNumResults();
        if (it.numResultEstimation() == ResultEstimationType.EXACT && !ids.subjectAndObjectOnly()) {
            return Count.exact(estimate);
        }
        // S?O reports the subject's triple count: an upper bound, never exact.
        return estimate <= 0 ? Count.ZERO : Count.estimate(estimate);
    }

    private Count remember(Object key, long exact) {
        learnt.put(key, exact);
        return Count.exact(exact);
    }
}
