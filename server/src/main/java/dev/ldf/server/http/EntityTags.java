package dev.ldf.server.http;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.commons.codec.digest.DigestUtils;

/**
 * Strong entity tags and {@code If-None-Match} evaluation (RFC 9110, section 13.1.2).
 *
 * <p>A tag is a digest of what determines the bytes of a response besides its URL: the data's
 * version, the serving configuration and the format.
 */
final class EntityTags {

    /** Tags made, by their parts: most requests share a few (the dataset's version and the format). */
    private static final Map<List<String>, String> MADE = new ConcurrentHashMap<>();
    private static final int MAX_MADE = 1024;

    private EntityTags() {}

    static String of(String... parts) {
        List<String> key = List.of(parts);
        String tag = MADE.get(key);
        if (tag == null) {
            tag = digest(parts);
            if (MADE.size() >= MAX_MADE) {
                MADE.clear(); // old versions' and POSTed bodies' tags: cheap to make again
            }
            MADE.put(key, tag);
        }
        return tag;
    }

    private static String digest(String... parts) {
        MessageDigest digest = DigestUtils.getSha256Digest();
        for (String part : parts) {
            digest.update(part.getBytes(StandardCharsets.UTF_8));
            digest.update((byte) 0);
        }
        return '"' + HexFormat.of().formatHex(digest.digest(), 0, 12) + '"';
    }

    /**
     * True when {@code ifNoneMatch} names {@code etag} (weak comparison, as the RFC asks for this
     * header). Jetty's gzip handler adds {@code --gzip} to tags of compressed responses; a client
     * that sends such a tag back means the same representation.
     */
    static boolean matches(String ifNoneMatch, String etag) {
        if (ifNoneMatch == null) {
            return false;
        }
        String wanted = opaque(etag);
        for (String candidate : ifNoneMatch.split(",")) {
            String tag = candidate.trim();
            if (tag.equals("*")) {
                return true;
            }
            if (opaque(tag).equals(wanted)) {
                return true;
            }
        }
        return false;
    }

    private static String opaque(String tag) {
        String t = tag.startsWith("W/") ? tag.substring(2) : tag;
        if (t.endsWith("--gzip\"")) {
            t = t.substring(0, t.length() - "--gzip\"".length()) + '"';
        }
        return t;
    }
}
