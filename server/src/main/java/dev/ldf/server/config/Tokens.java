package dev.ldf.server.config;

import java.nio.charset.StandardCharsets;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * How the server signs the continuation tokens of its preemptive endpoints. Replicas behind one
 * cache must share the keys, or a query suspended on one cannot resume on another; without keys
 * the server makes a random one at start, so tokens die with the process.
 *
 * @param keys            signing keys: the first signs, all verify (add a new key first, drop the
 *                        old one once its tokens have expired)
 * @param lifetimeSeconds how long a token may be resumed
 */
public record Tokens(List<Key> keys, Integer lifetimeSeconds) {

    /** A key: a short id written into tokens, and a secret of at least 32 bytes (UTF-8). */
    public record Key(String id, String secret) {
        @Override
        public String toString() {
            return "Key[" + id + "]"; // never the secret, not even in a log line
        }
    }

    public static final int DEFAULT_LIFETIME_SECONDS = 24 * 3600;

    public Tokens {
        keys = keys == null ? List.of() : List.copyOf(keys);
        lifetimeSeconds = lifetimeSeconds == null ? DEFAULT_LIFETIME_SECONDS : lifetimeSeconds;
    }

    public static Tokens defaults() {
        return new Tokens(null, null);
    }

    void validate() {
        Set<String> ids = new HashSet<>();
        for (Key key : keys) {
            if (key == null || key.id() == null || !key.id().matches("[!-~]{1,32}")) {
                throw new ConfigException("tokens.keys: every key needs an id of 1 to 32 printable ASCII characters");
            }
            if (key.secret() == null || key.secret().getBytes(StandardCharsets.UTF_8).length < 32) {
                throw new ConfigException("tokens.keys: key '" + key.id() + "' needs a secret of at least 32 bytes");
            }
            if (!ids.add(key.id())) {
                throw new ConfigException("tokens.keys: key id '" + key.id() + "' is used twice");
            }
        }
        if (lifetimeSeconds < 1) {
            throw new ConfigException("tokens.lifetimeSeconds must be at least 1");
        }
    }
}
