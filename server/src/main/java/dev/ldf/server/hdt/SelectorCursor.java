package dev.ldf.server.hdt;

import java.util.List;
import java.util.NoSuchElementException;
import java.util.function.Function;

/**
 * The matches of a selector's parts one after the other. Skipping passes over whole parts by
 * their exact counts without reading them, and reads only where a count is an estimate.
 *
 * <p>Not thread-safe; see {@link MatchCursor}.
 */
final class SelectorCursor {

    private final List<Part> parts;
    private final Function<Part, MatchCursor> open;
    private int index;
    private MatchCursor current;

    SelectorCursor(List<Part> parts, Function<Part, MatchCursor> open) {
        this.parts = parts;
        this.open = open;
    }

    /** True when the cursor stands in a part whose matches HDT can jump into. */
    boolean canJump() {
        return current != null && current.canJump();
    }

    boolean hasNext() {
        while (true) {
            if (current == null) {
                if (index >= parts.size()) {
                    return false;
                }
                Part part = parts.get(index);
                if (part.count().exact() && part.count().value() == 0) {
                    index++;
                    continue;
                }
                current = open.apply(part);
            }
            if (current.hasNext()) {
                return true;
            }
            current = null;
            index++;
        }
    }

    void next(long[] ids, int at) {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        current.next(ids, at);
    }

    /** Skips up to {@code n} matches and returns how many there were. */
    long skip(long n) {
        long skipped = 0;
        while (skipped < n) {
            if (current == null) {
                if (index >= parts.size()) {
                    return skipped;
                }
                Part part = parts.get(index);
                long left = n - skipped;
                if (part.count().exact() && part.count().value() <= left) {
                    skipped += part.count().value();
                    index++;
                    continue;
                }
                current = open.apply(part);
                if (current.canJump() && part.count().exact()) {
                    // The count is exact and larger than what is left: the position exists.
                    current.jumpTo(left);
                    return n;
                }
            }
            long step = current.skip(n - skipped);
            skipped += step;
            if (skipped < n) {
                current = null;
                index++;
            }
        }
        return skipped;
    }
}
