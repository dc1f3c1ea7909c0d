package dev.ldf.server.config;

import java.nio.file.Path;

/**
 * Changes to a dataset ({@code POST /name/changes}): off by default.
 *
 * @param enabled true accepts patches from clients that present {@code token}
 * @param token   the bearer token writers send ({@code Authorization: Bearer ...}), at least 16
 *                characters; {@code env:NAME} reads it from the environment variable NAME, so
 *                that it need not stand in the file
 * @param log     the write-ahead log of accepted patches (default: the HDT file's path with
 *                {@code .patches} appended); relative paths are resolved against the config file
 * @param compactAfter how many changed triples the overlay may hold before they are folded into
 *                a new HDT file in the background (default 1,000,000; 0 only on request)
 * @param follow  the URL of the same dataset on a primary server, whose change feed this one
 *                applies (a follower; its own writes stay off)
 */
public record Writes(Boolean enabled, String token, String log, Long compactAfter, String follow) {

    public static final int MIN_TOKEN_LENGTH = 16;
    public static final long DEFAULT_COMPACT_AFTER = 1_000_000;

    public Writes {
        enabled = enabled != null && enabled;
        compactAfter = compactAfter == null ? DEFAULT_COMPACT_AFTER : compactAfter;
    }

    public Writes(Boolean enabled, String token, String log) {
        this(enabled, token, log, null, null);
    }

    public Writes(Boolean enabled, String token, String log, Long compactAfter) {
        this(enabled, token, log, compactAfter, null);
    }

    /** Whether the dataset changes at all: by writes of its own or by following a primary. */
    public boolean live() {
        return enabled || follows();
    }

    public boolean follows() {
        return follow != null && !follow.isBlank();
    }

    public static Writes off() {
        return new Writes(false, null, null);
    }

    /** The token, read from the environment where the configuration says so; null when unset. */
    public String resolvedToken() {
        if (token != null && token.startsWith("env:")) {
            return System.getenv(token.substring(4));
        }
        return token;
    }

    /** The log's path for a dataset whose HDT file is {@code hdt}. */
    public Path logPath(Path hdt) {
        return log == null || log.isBlank() ? Path.of(hdt + ".patches") : Path.of(log);
    }

    Writes resolvedAgainst(Path dir) {
        return log == null || log.isBlank() ? this : new Writes(enabled, token, dir.resolve(log).normalize().toString(),
                compactAfter, follow);
    }

    void validate(String dataset) {
        if (compactAfter < 0) {
            throw new ConfigException("Dataset '" + dataset + "': writes.compactAfter must be 0 (only on request) or more");
        }
        if (follows()) {
            if (enabled) {
                throw new ConfigException("Dataset '" + dataset + "': a follower takes its changes from " + follow
                        + " only; remove writes.enabled (send writes to the primary)");
            }
            if (!follow.startsWith("http://") && !follow.startsWith("https://")) {
                throw new ConfigException("Dataset '" + dataset + "': writes.follow must be the http(s) URL of the dataset "
                        + "on the primary, e.g. http://primary:8080/" + dataset + ", not '" + follow + "'");
            }
        }
        if (!enabled) {
            return;
        }
        String resolved = resolvedToken();
        if (resolved == null || resolved.length() < MIN_TOKEN_LENGTH || resolved.chars().anyMatch(Character::isWhitespace)) {
            throw new ConfigException("Dataset '" + dataset + "': writes.token must be at least " + MIN_TOKEN_LENGTH
                    + " characters without spaces" + (token != null && token.startsWith("env:")
                            ? " (environment variable " + token.substring(4) + ")" : ""));
        }
    }
}
