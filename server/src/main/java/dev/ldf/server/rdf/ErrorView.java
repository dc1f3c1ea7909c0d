package dev.ldf.server.rdf;

/**
 * An error response body.
 *
 * @param reason  the status's reason phrase, e.g. "Bad Request"
 * @param message a sentence for people that says what was wrong with the request
 */
public record ErrorView(int status, String reason, String message) {
}
