package dev.ldf.server.live.index;

import java.util.HashMap;
import java.util.Map;
import java.util.function.BiConsumer;

/**
 * How many triples of a {@link TripleIndex} each term has as subject, predicate and object, kept
 * as triples come and go: patterns of one bound term are counted without a scan.
 */
final class TermCounts {

    private final Map<Integer, int[]> subjects = new HashMap<>();
    private final Map<Integer, int[]> predicates = new HashMap<>();
    private final Map<Integer, int[]> objects = new HashMap<>();

    /** A triple of these term numbers came ({@code delta} 1) or went (-1). */
    void change(int subject, int predicate, int object, int delta) {
        bump(subjects, subject, delta);
        bump(predicates, predicate, delta);
        bump(objects, object, delta);
    }

    int asSubject(int term) {
        return count(subjects, term);
    }

    int asPredicate(int term) {
        return count(predicates, term);
    }

    int asObject(int term) {
        return count(objects, term);
    }

    /** Every predicate with triples, and how many. */
    void forEachPredicate(BiConsumer<Integer, Integer> action) {
        predicates.forEach((term, count) -> action.accept(term, count[0]));
    }

    private static int count(Map<Integer, int[]> counts, int term) {
        int[] count = counts.get(term);
        return count == null ? 0 : count[0];
    }

    private static void bump(Map<Integer, int[]> counts, int term, int delta) {
        int[] count = counts.computeIfAbsent(term, k -> new int[1]);
        count[0] += delta;
        if (count[0] == 0) {
            counts.remove(term);
        }
    }
}
