package dev.ldf.server.http;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.eclipse.jetty.util.UrlEncoded;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;

/** The fast form decoder gives exactly Jetty's pairs, and refuses exactly what Jetty refuses. */
class FormDecodingTest {

    @Test
    void agreesWithJettyOnChosenCases() {
        for (String s : List.of("", "&", "a=1&&b=2", "=v", "k", "k=", "a=1&", "a==b", "%61=1", "a=+x", "a=%zz", "a=%",
                "a=%2", "a=%u0041", "a=%C3", "a=%C3%A9", "x=%E2%82%AC&y=%c3%a9", "a=%F0%9F%98%80", "a=%ED%A0%80",
                "a=%C0%AF", "a=%FF", "a=%EF%BF%BD", "a=%EF%BF%BD%C3", "a=%EF%BF%BDx%FF", "a=é", "a=%C3é", "values=%28%3Fs%29%20%7B%20%28%3Chttp%3A%2F%2Fex.org%2Fa%3E%29%20%7D",
                "subject=http%3A%2F%2Fexample.org%2Fa&predicate=&object=%22x%22%40en&page=2")) {
            assertEquals(jetty(s), ours(s), s);
        }
    }

    @Test
    void agreesWithJettyOnRandomStrings() {
        Random random = new Random(42);
        String alphabet = "ab=&%+0123456789ABCDEFcdefé%%%";
        for (int run = 0; run < 50_000; run++) {
            StringBuilder s = new StringBuilder();
            int length = random.nextInt(14);
            for (int i = 0; i < length; i++) {
                s.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = s.toString();
            if (droppedByJetty(text)) {
                assertEquals("refused", ours(text), text);
            } else {
                assertEquals(jetty(text), ours(text), text);
            }
        }
    }

    /**
     * Jetty drops a last part that is a bare name with invalid UTF-8 ({@code a=1&%db} gives only
     * {@code a=1}) where it refuses the same bytes anywhere else; we refuse it too.
     */
    @Test
    void refusesInvalidUtf8InALastBareNameThatJettyDrops() {
        assertEquals("[a|1]", jetty("a=1&%db"));
        assertEquals("refused", ours("a=1&%db"));
        assertEquals("refused", ours("%db"));
    }

    /**
     * A megabyte of bare names (a POSTed form at the body limit) is decoded in a fraction of a
     * second; a search for each part's "=" running to the end of the body made it 20 s of CPU (a guard
     * against hostile input, not a speed target).
     */
    @Test
    void manyPartsWithoutValuesDecodeInLinearTime() {
        String body = "a&".repeat(512 * 1024);
        long[] parts = new long[1];
        assertTimeoutPreemptively(Duration.ofSeconds(20), () -> FormDecoding.decode(body, (n, v) -> parts[0]++));
        assertEquals(512 * 1024, parts[0]);
    }

    private static boolean droppedByJetty(String s) {
        String last = s.substring(s.lastIndexOf('&') + 1);
        return !last.isEmpty() && last.indexOf('=') < 0 && !jetty(s).equals("refused")
                && ours(last).equals("refused") && jetty(last).equals("[]");
    }

    private static String ours(String s) {
        List<String> pairs = new ArrayList<>();
        try {
            FormDecoding.decode(s, (name, value) -> pairs.add(name + "|" + value));
        } catch (IllegalArgumentException e) {
            return "refused";
        }
        return pairs.toString();
    }

    private static String jetty(String s) {
        List<String> pairs = new ArrayList<>();
        try {
            UrlEncoded.decodeUtf8To(s, 0, s.length(), (name, value) -> pairs.add(name + "|" + value));
        } catch (IllegalArgumentException e) {
            return "refused";
        }
        return pairs.toString();
    }
}
