package dev.ldf.server.preemption;

import java.io.ByteArrayOutputStream;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.time.Clock;
import java.time.Duration;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

import org.apache.commons.codec.digest.DigestUtils;

import dev.ldf.server.preemption.InvalidTokenException.Reason;

/**
 * Signs and checks continuation tokens: a suspended plan's state, bound to the dataset and the
 * query it belongs to, with the data its positions refer to, the dataset version it was saved at
 * and an expiry, authenticated with HMAC-SHA256. Whether the dataset may still resume it is the
 * caller's to decide.
 *
 * <p>A token is {@code base64url(format, key id, base, version, expiry, state, tag)}; the tag
 * also covers the dataset's name and a digest of the query, which the client sends anyway, so a
 * token cannot be replayed against another query or dataset. Keys rotate: the first key signs,
 * every key listed verifies, so tokens issued before a rotation resume until they expire.
 */
public final class TokenSigner {

    private static final byte FORMAT = 2;
    private static final String ALGORITHM = "HmacSHA256";
    private static final int TAG_BYTES = 32;
    private static final byte[] DOMAIN = "ldf continuation token".getBytes(StandardCharsets.US_ASCII);

    /** A signing key: a short id (written into tokens) and a secret of at least 32 bytes. */
    public record Key(String id, byte[] secret) {
        public Key {
            if (id == null || id.isEmpty() || id.length() > 32 || !id.chars().allMatch(c -> c > 32 && c < 127)) {
                throw new IllegalArgumentException("A token key id is 1 to 32 printable ASCII characters");
            }
            if (secret == null || secret.length < 32) {
                throw new IllegalArgumentException("Token key " + id + " needs a secret of at least 32 bytes");
            }
            secret = secret.clone();
        }
    }

    /** What a token is bound to: the dataset's name and the digest of the query. */
    public record Binding(String dataset, byte[] queryDigest) {
        /** The binding of {@code query} (its exact text and the limits it runs under) on a dataset. */
        public static Binding of(String dataset, String query) {
            return new Binding(dataset, DigestUtils.sha256(query));
        }
    }

    private final Map<String, SecretKeySpec> keys = new LinkedHashMap<>();
    private final String signingKey;
    private final Duration lifetime;
    private final Clock clock;

    /** @param keys the first signs; all verify */
    public TokenSigner(List<Key> keys, Duration lifetime, Clock clock) {
        if (keys.isEmpty()) {
            throw new IllegalArgumentException("At least one token key is needed");
        }
        for (Key k : keys) {
            if (this.keys.put(k.id(), new SecretKeySpec(k.secret(), ALGORITHM)) != null) {
                throw new IllegalArgumentException("Token key id " + k.id() + " is listed twice");
            }
        }
        this.signingKey = keys.get(0).id();
        this.lifetime = lifetime;
        this.clock = clock;
    }

    /**
     * What a token carries.
     *
     * @param base    the data the state's positions refer to (a number that changes with the file,
     *                or with the base of a dataset that takes changes)
     * @param version the dataset version the state was saved at
     * @param state   the suspended plan
     */
    public record Resumption(long base, long version, byte[] state) {}

    /** A token carrying {@code saved}, bound to {@code binding}. */
    public String sign(Binding binding, Resumption saved) {
        byte[] state = saved.state();
        ByteArrayOutputStream body = new ByteArrayOutputStream(state.length + 64);
        body.write(FORMAT);
        byte[] id = signingKey.getBytes(StandardCharsets.US_ASCII);
        body.write(id.length);
        body.writeBytes(id);
        VarInts.write(body, saved.base());
        VarInts.write(body, saved.version());
        VarInts.write(body, clock.instant().plus(lifetime).getEpochSecond());
        VarInts.write(body, state.length);
        body.writeBytes(state);
        body.writeBytes(tag(keys.get(signingKey), binding, body.toByteArray()));
        return Base64.getUrlEncoder().withoutPadding().encodeToString(body.toByteArray());
    }

    /** What a token carries, once its signature, binding and expiry are checked. */
    public Resumption verify(Binding binding, String token) throws InvalidTokenException {
        byte[] bytes;
        try {
            bytes = Base64.getUrlDecoder().decode(token);
        } catch (IllegalArgumentException e) {
            throw new InvalidTokenException(Reason.MALFORMED, "The continuation token is not base64url");
        }
        if (bytes.length < 2 + TAG_BYTES || bytes[0] != FORMAT) {
            throw new InvalidTokenException(Reason.MALFORMED, "The continuation token is not one this server issued");
        }
        ByteBuffer in = ByteBuffer.wrap(bytes, 0, bytes.length - TAG_BYTES);
        try {
            in.get();
            byte[] id = new byte[Byte.toUnsignedInt(in.get())];
            in.get(id);
            SecretKeySpec key = keys.get(new String(id, StandardCharsets.US_ASCII));
            if (key == null) {
                throw new InvalidTokenException(Reason.UNKNOWN_KEY,
                        "The continuation token was signed with a key this server does not have (the server "
                                + "restarted, or another one signed it without a shared tokens.keys): start the query again");
            }
            byte[] body = new byte[bytes.length - TAG_BYTES];
            System.arraycopy(bytes, 0, body, 0, body.length);
            byte[] given = new byte[TAG_BYTES];
            System.arraycopy(bytes, body.length, given, 0, TAG_BYTES);
            if (!MessageDigest.isEqual(tag(key, binding, body), given)) {
                throw new InvalidTokenException(Reason.BAD_SIGNATURE,
                        "The continuation token was changed, or belongs to another query or dataset");
            }
            // Signed by us: from here on its fields are the ones we wrote.
            long base = VarInts.read(in);
            long version = VarInts.read(in);
            long expires = VarInts.read(in);
            if (clock.instant().getEpochSecond() > expires) {
                throw new InvalidTokenException(Reason.EXPIRED, "The continuation token has expired: start the query again");
            }
            byte[] state = new byte[Math.toIntExact(VarInts.read(in))];
            in.get(state);
            return new Resumption(base, version, state);
        } catch (BufferUnderflowException | ArithmeticException | IllegalArgumentException e) {
            throw new InvalidTokenException(Reason.MALFORMED, "The continuation token is truncated");
        }
    }

    private static byte[] tag(SecretKeySpec key, Binding binding, byte[] body) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            mac.update(DOMAIN);
            byte[] dataset = binding.dataset().getBytes(StandardCharsets.UTF_8);
            mac.update(ByteBuffer.allocate(4).putInt(dataset.length).array());
            mac.update(dataset);
            mac.update(binding.queryDigest());
            return mac.doFinal(body);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HMAC-SHA256 is missing from this JVM", e);
        }
    }
}
