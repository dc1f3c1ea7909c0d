package dev.ldf.server.http;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.function.BiConsumer;

import org.eclipse.jetty.util.UrlEncoded;

/**
 * Decodes {@code application/x-www-form-urlencoded} UTF-8 strictly, as Jetty's
 * {@link UrlEncoded#decodeUtf8To} does (same pairs, same refusals), but a component at a time:
 * plain ones are cut out of the string, escaped ones go through one byte array and one strict
 * UTF-8 decode. Jetty's decoder goes character by character through a callback and a UTF-8 state
 * machine, which was a sixth of a brTPF request's time with its 3 KB {@code values} parameter.
 * Anything but ASCII in the raw string (HTTP request lines are ASCII) is left to Jetty.
 */
final class FormDecoding {

    /** The value of each ASCII hex digit, -1 for any other ASCII character. */
    private static final int[] HEX = new int[128];

    static {
        Arrays.fill(HEX, -1);
        for (int c = 0; c < 128; c++) {
            HEX[c] = Character.digit(c, 16);
        }
    }

    private FormDecoding() {}

    /**
     * Sends each {@code name=value} pair of {@code encoded} to {@code sink}, empty parts skipped,
     * a part without {@code =} as a name with the empty value.
     *
     * @throws IllegalArgumentException for a malformed percent escape or invalid UTF-8
     */
    static void decode(String encoded, BiConsumer<String, String> sink) {
        if (!isAscii(encoded)) {
            UrlEncoded.decodeUtf8To(encoded, 0, encoded.length(), sink::accept);
            return;
        }
        int start = 0;
        int length = encoded.length();
        while (start <= length) {
            int end = encoded.indexOf('&', start);
            if (end < 0) {
                end = length;
            }
            if (end > start) {
                // Only within the part: a body of many parts without '=' must not be scanned to its end for each.
                int equals = start;
                while (equals < end && encoded.charAt(equals) != '=') {
                    equals++;
                }
                if (equals == end) {
                    sink.accept(component(encoded, start, end), "");
                } else {
                    sink.accept(component(encoded, start, equals), component(encoded, equals + 1, end));
                }
            }
            start = end + 1;
        }
    }

    private static boolean isAscii(String s) {
        for (int i = 0; i < s.length(); i++) {
            if (s.charAt(i) >= 0x80) {
                return false;
            }
        }
        return true;
    }

    /** One name or value, decoded. */
    private static String component(String s, int from, int to) {
        int first = from;
        while (first < to && s.charAt(first) != '%' && s.charAt(first) != '+') {
            first++;
        }
        if (first == to) {
            return s.substring(from, to);
        }
        byte[] bytes = new byte[to - from];
        int n = 0;
        for (int i = from; i < to; i++) {
            char c = s.charAt(i);
            if (c == '+') {
                bytes[n++] = ' ';
            } else if (c == '%') {
                int high = i + 1 < to ? HEX[s.charAt(i + 1)] : -1;
                int low = i + 2 < to ? HEX[s.charAt(i + 2)] : -1;
                if (high < 0 || low < 0) {
                    throw new IllegalArgumentException("Not valid encoding at " + i);
                }
                bytes[n++] = (byte) (high << 4 | low);
                i += 2;
            } else {
                bytes[n++] = (byte) c;
            }
        }
        String decoded = new String(bytes, 0, n, StandardCharsets.UTF_8);
        // The JDK's decoder replaces what is not UTF-8 by U+FFFD: only then is a strict look needed.
        if (decoded.indexOf('\uFFFD') >= 0) {
            try {
                StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                        .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(bytes, 0, n));
            } catch (CharacterCodingException e) {
                throw new IllegalArgumentException("Invalid UTF-8", e);
            }
        }
        return decoded;
    }
}
