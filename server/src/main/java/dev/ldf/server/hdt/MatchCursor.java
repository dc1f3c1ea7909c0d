package dev.ldf.server.hdt;

import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

/**
 * The matches of one pattern, read forward, with repeated variables filtered out.
 *
 * <p>Not thread-safe: a cursor belongs to one request at a time (the cursor cache hands it out by
 * removing it).
 */
final class MatchCursor {

    private final IteratorTripleID matches;
    private final RepeatedVariables repeated;
    private final int repeats;
    private long subject;
    private long predicate;
    private long object;
    private boolean ready;

    MatchCursor(IteratorTripleID matches, RepeatedVariables repeated, int repeats) {
        this.matches = matches;
        this.repeated = repeated;
        this.repeats = repeats;
    }

    /** True when HDT can jump to any position of this cursor's matches directly. */
    boolean canJump() {
        return repeats == RepeatedVariables.NONE && matches.canGoTo();
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
            if (repeats == RepeatedVariables.NONE || repeated.accepts(repeats, t)) {
                subject = t.getSubject();
                predicate = t.getPredicate();
                object = t.getObject();
                ready = true;
                return true;
            }
        }
        return false;
    }

    /** Copies the next match into {@code ids} at {@code index} (subject, predicate, object). */
    void next(long[] ids, int index) {
        if (!hasNext()) {
            throw new java.util.NoSuchElementException();
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
