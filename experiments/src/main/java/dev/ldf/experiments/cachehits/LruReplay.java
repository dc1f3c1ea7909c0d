package dev.ldf.experiments.cachehits;

import dev.ldf.experiments.run.RequestLog;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.zip.GZIPInputStream;

/**
 * Experiment 3 of the brTPF paper (section 7): a request log replayed through LRU caches of given
 * sizes (entries), one cache per configuration, as a cache in front of the server would have seen
 * it. An unlimited cache gives the hit potential: every repeated request is a hit.
 */
public final class LruReplay {

    /** Entries of the unlimited cache. */
    public static final long UNLIMITED = Long.MAX_VALUE;

    /** Hits of one configuration's requests in a cache of {@code size} entries. */
    public record Hits(String configuration, long size, long requests, long hits) {
        public double rate() {
            return requests == 0 ? 0 : (double) hits / requests;
        }
    }

    private LruReplay() {}

    /** The request keys per configuration, in order, from a {@link RequestLog} file. */
    public static Map<String, List<String>> read(Path log) throws IOException {
        Map<String, List<String>> keys = new LinkedHashMap<>();
        try (BufferedReader in = new BufferedReader(new InputStreamReader(new GZIPInputStream(Files.newInputStream(log)),
                StandardCharsets.UTF_8))) {
            String header = in.readLine();
            if (!"configuration,query,key".equals(header)) {
                throw new IOException(log + " is not a request log (header: " + header + ")");
            }
            for (String line = in.readLine(); line != null; line = in.readLine()) {
                int first = line.indexOf(',');
                int last = line.lastIndexOf(',');
                keys.computeIfAbsent(line.substring(0, first), k -> new ArrayList<>()).add(line.substring(last + 1));
            }
        }
        return keys;
    }

    /** Replays {@code keys} through an LRU cache of {@code size} entries. */
    public static Hits replay(String configuration, List<String> keys, long size) {
        long hits = 0;
        if (size == UNLIMITED) {
            Set<String> seen = new HashSet<>();
            for (String k : keys) {
                hits += seen.add(k) ? 0 : 1;
            }
            return new Hits(configuration, size, keys.size(), hits);
        }
        Map<String, Boolean> cache = new LinkedHashMap<>(16, 0.75f, true) {
            @Override
            protected boolean removeEldestEntry(Map.Entry<String, Boolean> eldest) {
                return size() > size;
            }
        };
        for (String k : keys) {
            if (cache.get(k) != null) {
                hits++;
            } else {
                cache.put(k, Boolean.TRUE);
            }
        }
        return new Hits(configuration, size, keys.size(), hits);
    }
}
