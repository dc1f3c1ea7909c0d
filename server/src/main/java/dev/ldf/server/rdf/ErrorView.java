package dev.ldf.server.rdf;

import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.FragmentRequest;

/**
 * An error response body.
 *
 * @param reason  the status's reason phrase, e.g. "Bad Request"
 * @param message a sentence for people that says what was wrong with the request; characters
 *                that some output formats cannot carry (controls, which XML forbids; lone
 *                surrogates) become U+FFFD, since messages may quote what the client sent
 * @param context where the request was going (null when unknown), for pages for people
 */
public record ErrorView(int status, String reason, String message, Context context) {

    /**
     * Where the failed request was going, for a page that helps to go on: the server, the dataset
     * if it named one, and the form's fields as they were sent (each may be null).
     */
    public record Context(String indexUrl, String serverTitle, DatasetDescription dataset, FragmentRequest.Input input) {}

    public ErrorView {
        message = printable(message);
    }

    /** An error without a context. */
    public ErrorView(int status, String reason, String message) {
        this(status, reason, message, null);
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
