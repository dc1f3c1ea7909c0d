package dev.ldf.server.live.read;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import dev.ldf.server.fragment.TriplePattern;

/**
 * Where in the base the next page of a fragment starts, for fragments with deleted triples: their
 * offsets in the fragment and in the base differ by the deleted triples before them, which only
 * reading tells. Keeps the most recently used points; thread-safe.
 */
final class ResumePoints {

    /** A fragment's page at {@code offset} in dataset version {@code version}. */
    record Key(List<TriplePattern> patterns, long version, long offset) {}

    private final Map<Key, Long> points;

    ResumePoints(int capacity) {
        this.points = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<Key, Long> eldest) {
                return size() > capacity;
            }
        };
    }

    /** The base position where the page of {@code key} starts, or null when unknown. */
    synchronized Long get(Key key) {
        return points.get(key);
    }

    synchronized void put(Key key, long basePosition) {
        points.put(key, basePosition);
    }

    synchronized void clear() {
        points.clear();
    }
}
