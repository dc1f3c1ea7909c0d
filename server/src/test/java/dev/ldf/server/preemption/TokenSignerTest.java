package dev.ldf.server.preemption;

import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ldf.server.preemption.InvalidTokenException.Reason;
import dev.ldf.server.preemption.TokenSigner.Binding;
import dev.ldf.server.preemption.TokenSigner.Key;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class TokenSignerTest {

    private static final Key K1 = new Key("k1", "a secret of thirty-two bytes or more!".getBytes(StandardCharsets.UTF_8));
    private static final Key K2 = new Key("k2", "another secret, also long enough to sign".getBytes(StandardCharsets.UTF_8));
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-11-23T12:00:00Z"), ZoneOffset.UTC);
    private static final Binding QUERY = Binding.of("watdiv", "SELECT * WHERE { ?s ?p ?o }");
    private static final byte[] STATE = {0, 1, 2, 3, (byte) 0xFF, 42};
    private static final TokenSigner.Resumption SAVED = new TokenSigner.Resumption(7, 12, STATE);

    private static TokenSigner signer(Clock clock, Key... keys) {
        return new TokenSigner(List.of(keys), Duration.ofMinutes(10), clock);
    }

    private static Reason refused(TokenSigner signer, Binding binding, String token) {
        return assertThrows(InvalidTokenException.class, () -> signer.verify(binding, token)).reason();
    }

    @Test
    void aTokenGivesBackItsStateAndIsUrlSafe() throws InvalidTokenException {
        String token = signer(NOW, K1).sign(QUERY, SAVED);
        assertTrue(token.matches("[A-Za-z0-9_-]+"), token);
        TokenSigner.Resumption resumption = signer(NOW, K1).verify(QUERY, token);
        assertArrayEquals(STATE, resumption.state());
        assertEquals(7, resumption.base(), "the data its positions refer to");
        assertEquals(12, resumption.version(), "the dataset version it was saved at");
        assertTrue(token.length() < 80, "a small state makes a small token: " + token.length());
    }

    @Test
    void everyEditedByteIsCaught() {
        byte[] bytes = Base64.getUrlDecoder().decode(signer(NOW, K1).sign(QUERY, SAVED));
        for (int i = 0; i < bytes.length; i++) {
            for (int bit = 0; bit < 8; bit++) {
                byte[] edited = bytes.clone();
                edited[i] ^= (byte) (1 << bit);
                String token = Base64.getUrlEncoder().withoutPadding().encodeToString(edited);
                assertThrows(InvalidTokenException.class, () -> signer(NOW, K1).verify(QUERY, token),
                        "bit " + bit + " of byte " + i);
            }
        }
    }

    @Test
    void aTokenBelongsToItsQueryAndDataset() {
        String token = signer(NOW, K1).sign(QUERY, SAVED);
        assertEquals(Reason.BAD_SIGNATURE, refused(signer(NOW, K1),
                Binding.of("watdiv", "SELECT * WHERE { ?s ?p ?x }"), token));
        assertEquals(Reason.BAD_SIGNATURE, refused(signer(NOW, K1),
                Binding.of("other", "SELECT * WHERE { ?s ?p ?o }"), token));
    }

    @Test
    void tokensExpire() {
        String token = signer(NOW, K1).sign(QUERY, SAVED);
        Clock later = Clock.offset(NOW, Duration.ofMinutes(11));
        assertEquals(Reason.EXPIRED, refused(signer(later, K1), QUERY, token));
    }

    @Test
    void keysRotateWithoutBreakingTokensInFlight() throws InvalidTokenException {
        String old = signer(NOW, K1).sign(QUERY, SAVED);
        TokenSigner rotated = signer(NOW, K2, K1);
        assertArrayEquals(STATE, rotated.verify(QUERY, old).state(), "the old key still verifies");
        String fresh = rotated.sign(QUERY, SAVED);
        assertEquals(Reason.UNKNOWN_KEY, refused(signer(NOW, K1), QUERY, fresh));
        assertEquals(Reason.UNKNOWN_KEY, refused(signer(NOW, K2), QUERY, old), "a retired key no longer verifies");
    }

    @Test
    void garbageIsMalformedNotACrash() {
        TokenSigner s = signer(NOW, K1);
        for (String junk : new String[] {"", "!!!", "AAAA", "AQ", "not a token at all",
                Base64.getUrlEncoder().encodeToString(new byte[100])}) {
            assertEquals(Reason.MALFORMED, refused(s, QUERY, junk), junk);
        }
    }

    @Test
    void keysMustBeLongEnoughAndDistinct() {
        assertThrows(IllegalArgumentException.class, () -> new Key("short", new byte[16]));
        assertThrows(IllegalArgumentException.class, () -> new Key("has space", new byte[32]));
        assertThrows(IllegalArgumentException.class, () -> signer(NOW, K1, K1));
    }
}
