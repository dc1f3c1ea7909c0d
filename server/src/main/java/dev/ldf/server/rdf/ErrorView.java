package dev.ldf.server.rdf;

/**
 * An error response body.
 *
 * @param reason  the status's reason phrase, e.g. "Bad Request"
 * @param message a sentence for people that says what was wrong with the request; characters
 *                that some output formats cannot carry (controls, which XML forbids; lone
 *                surrogates) become U+FFFD, since messages may quote what the client sent
 */
public record ErrorView(int status, String reason, String message) {

    public ErrorView {
        message = printable(message);
    }

    private static String printable(String text) {
        StringBuilder b = new StringBuilder(text.length());
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            boolean control = c < 0x20 || (c >= 0x7F && c <= 0x9F) || c == 0xFFFE || c == 0xFFFF;
            boolean loneSurrogate = Character.isHighSurrogate(c)
                    ? i + 1 >= text.length() || !Character.isLowSurrogate(text.charAt(i + 1))
                    : Character.isLowSurrogate(c) && (i == 0 || !Character.isHighSurrogate(text.charAt(i - 1)));
            b.append(control || loneSurrogate ? '\uFFFD' : c);
        }
        return b.toString();
    }
}
