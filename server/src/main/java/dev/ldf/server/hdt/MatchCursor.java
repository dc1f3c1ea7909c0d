package dev.ldf.server.hdt;

import java.util.List;
import java.util.NoSuchElementException;

import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

/**
 * The matches of one pattern, read forward: HDT's matches, without those that break a repeated
 * variable or that an earlier pattern of the selector already yields.
 *
 * <p>Not thread-safe: a cursor belongs to one request at a time (the cursor cache hands it out by
 * removing it).
 */
final class MatchCursor {

    private final IteratorTripleID matches;
    private final RepeatedVariables repeated;
    private final PatternIds pattern;
    private final List<PatternIds> earlier;
    private long subject;
    private long predicate;
    private long object;
    private boolean ready;

    MatchCursor(IteratorTripleID matches, RepeatedVariables repeated, PatternIds pattern, List<PatternIds> earlier) {
        this.matches = matches;
        this.repeated = repeated;
        this.pattern = pattern;
        this.earlier = earlier;
    }

    /** True when HDT can jump to any position of this cursor's matches directly. */
    boolean canJump() {
        return earlier.isEmpty() && !pattern.filtered() && matches.canGoTo();
    }

    /** Jumps to position {@code offset}; only when {@link #canJump()}. */
    void jumpTo(long offset) {
        matches.goTo(offset);
        ready = false;
    }

    boolean hasNext() {
        if (ready) {
            return true;
        }
        while (matches.hasNext()) {
            // hdt-java reuses the returned TripleID: copy it out before the next call.
            TripleID t = matches.next();
            if (repeated.accepts(pattern.repeats(), t) && !yieldedEarlier(t)) {
                subject = t.getSubject();
                predicate = t.getPredicate();
                object = t.getObject();
                ready = true;
                return true;
            }
        }
        return false;
    }

    private boolean yieldedEarlier(TripleID t) {
        for (int i = 0; i < earlier.size(); i++) {
            if (matches(earlier.get(i), t)) {
                return true;
            }
        }
        return false;
    }

    private boolean matches(PatternIds other, TripleID t) {
        return other.matchesConstants(t) && repeated.accepts(other.repeats(), t);
    }

    /** Reads the remaining matches and returns how many of them also match {@code other}. */
    long countAlsoMatching(PatternIds other) {
        long count = 0;
        TripleID t = new TripleID();
        while (hasNext()) {
            ready = false;
            t.setAll(subject, predicate, object);
            if (matches(other, t)) {
                count++;
            }
        }
        return count;
    }

    /** Copies the next match into {@code ids} at {@code index} (subject, predicate, object). */
    void next(long[] ids, int index) {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        ids[index] = subject;
        ids[index + 1] = predicate;
        ids[index + 2] = object;
        ready = false;
    }

    /** Skips up to {@code n} matches and returns how many there were. */
    long skip(long n) {
        long skipped = 0;
        while (skipped < n && hasNext()) {
            ready = false;
            skipped++;
        }
        return skipped;
    }
}
