package dev.ldf.server.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Enumeration;
import java.util.Locale;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The parameters of a request to a preemptive endpoint, as the SPARQL 1.1 Protocol sends them:
 * {@code query} in the query string (GET), as the body ({@code application/sparql-query}), or in
 * a form body; {@code next}, the continuation token, in the query string or the form. A client
 * that reads one quantum at a time says so with the preference {@value #CONTINUATION} (RFC 7240:
 * {@code Prefer: continuation}), or by sending a token.
 *
 * @param continuation true for a client that reads one quantum at a time and follows tokens
 */
record SparqlParameters(String query, String next, boolean continuation) {

    static final String SPARQL_QUERY = "application/sparql-query";
    static final String CONTINUATION = "continuation";

    static SparqlParameters read(HttpServletRequest request, int maxBodyBytes) throws IOException {
        QueryParameters url = QueryParameters.parse(request.getQueryString());
        boolean prefers = prefersContinuation(request);
        if (!"POST".equals(request.getMethod())) {
            return of(url, prefers);
        }
        String type = request.getContentType() == null ? ""
                : request.getContentType().split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (type.equals(SPARQL_QUERY)) {
            byte[] body = FragmentParameters.body(request, maxBodyBytes);
            if (url.single("query") != null) {
                throw HttpError.badRequest("The query is both in the URL and in the body; send it once.");
            }
            String next = url.single("next");
            return new SparqlParameters(checked(utf8(body)), next, prefers || next != null);
        }
        if (FragmentParameters.isUtf8Form(request.getContentType())) {
            byte[] body = FragmentParameters.body(request, maxBodyBytes);
            return of(url.merge(QueryParameters.parse(new String(body, StandardCharsets.UTF_8), "request body")), prefers);
        }
        throw new HttpError(415, "POST the query as " + SPARQL_QUERY + ", or as a form ("
                + FragmentParameters.FORM + ", UTF-8) with the parameters query and next; not "
                + (type.isEmpty() ? "no content type" : type) + ".", !FragmentParameters.drain(request));
    }

    /** A GET that names no query: a browser that came for the query page. */
    static boolean noQuery(HttpServletRequest request) {
        if (!"GET".equals(request.getMethod())) {
            return false;
        }
        String query = QueryParameters.parse(request.getQueryString()).first("query");
        return query == null || query.isBlank();
    }

    /** The answer's format as the URL names it ({@code format}), or null. */
    static String formatInUrl(HttpServletRequest request) {
        return QueryParameters.parse(request.getQueryString()).first("format");
    }

    /** The query as the URL gives it, for a page that shows it again; null where there is none to read. */
    static String queryInUrl(HttpServletRequest request) {
        try {
            return QueryParameters.parse(request.getQueryString()).first("query");
        } catch (HttpError e) {
            return null;
        }
    }

    /**
     * A count the query page's links carry ({@code part}, {@code before}), or {@code otherwise}
     * where it is missing or not a count: it only labels the page.
     */
    static long countInUrl(HttpServletRequest request, String name, long otherwise) {
        try {
            String value = QueryParameters.parse(request.getQueryString()).first(name);
            return value != null && value.matches("[0-9]{1,15}") ? Long.parseLong(value) : otherwise;
        } catch (HttpError e) {
            return otherwise;
        }
    }

    private static SparqlParameters of(QueryParameters parameters, boolean prefers) {
        String next = parameters.single("next");
        next = next == null || next.isEmpty() ? null : next;
        return new SparqlParameters(checked(parameters.single("query")), next, prefers || next != null);
    }

    /**
     * Whether a {@code Prefer} header names {@value #CONTINUATION}: preferences are separated by
     * commas, a preference's value and parameters follow {@code =} and {@code ;}, names are
     * case-insensitive, and a header may come more than once (RFC 7240, section 2).
     */
    static boolean prefersContinuation(HttpServletRequest request) {
        Enumeration<String> headers = request.getHeaders("Prefer");
        while (headers != null && headers.hasMoreElements()) {
            for (String preference : headers.nextElement().split(",")) {
                String name = preference.split("[=;]", 2)[0].trim();
                if (name.equalsIgnoreCase(CONTINUATION)) {
                    return true;
                }
            }
        }
        return false;
    }

    private static String checked(String query) {
        if (query == null || query.isBlank()) {
            throw HttpError.badRequest("Send a SPARQL SELECT query in the parameter 'query'.");
        }
        return query;
    }

    private static String utf8(byte[] body) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw HttpError.badRequest("The query is not valid UTF-8.");
        }
    }
}
