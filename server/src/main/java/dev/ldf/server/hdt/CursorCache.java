package dev.ldf.server.hdt;

import java.time.Duration;
import java.util.List;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

/**
 * Cursors where pages stopped, so that a client paging forward continues from there instead of
 * making the server skip from the start. Bounded by the patterns the cursors hold (a TPF cursor
 * holds one, a brTPF cursor one per bound pattern); idle ones expire. A cursor is handed out by
 * removing it, so that one request at a time uses it. Thread-safe.
 */
final class CursorCache {

    /** Where a cached cursor stands: the next match it yields is at {@code offset}. */
    private record Key(List<PatternIds> patterns, long offset) {}

    private final Cache<Key, SelectorCursor> cursors;

    CursorCache(int maxPatterns, Duration idleTime) {
        this.cursors = Caffeine.newBuilder()
                .maximumWeight(maxPatterns)
                .weigher((Key key, SelectorCursor cursor) -> key.patterns().size())
                .expireAfterAccess(idleTime)
                .build();
    }

    /** The cursor that stands at {@code offset} of these patterns' matches, or null. */
    SelectorCursor take(List<PatternIds> patterns, long offset) {
        return cursors.asMap().remove(new Key(patterns, offset));
    }

    void put(List<PatternIds> patterns, long offset, SelectorCursor cursor) {
        cursors.put(new Key(patterns, offset), cursor);
    }

    void clear() {
        cursors.invalidateAll();
    }
}
