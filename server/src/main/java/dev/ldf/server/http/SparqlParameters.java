package dev.ldf.server.http;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import jakarta.servlet.http.HttpServletRequest;

/**
 * The parameters of a request to a preemptive endpoint, as the SPARQL 1.1 Protocol sends them:
 * {@code query} in the query string (GET), as the body ({@code application/sparql-query}), or in
 * a form body; {@code next}, the continuation token, in the query string or the form.
 */
record SparqlParameters(String query, String next) {

    static final String SPARQL_QUERY = "application/sparql-query";

    static SparqlParameters read(HttpServletRequest request, int maxBodyBytes) throws IOException {
        QueryParameters url = QueryParameters.parse(request.getQueryString());
        if (!"POST".equals(request.getMethod())) {
            return of(url);
        }
        String type = request.getContentType() == null ? ""
                : request.getContentType().split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (type.equals(SPARQL_QUERY)) {
            byte[] body = FragmentParameters.body(request, maxBodyBytes);
            if (url.single("query") != null) {
                throw HttpError.badRequest("The query is both in the URL and in the body; send it once.");
            }
            return new SparqlParameters(checked(utf8(body)), url.single("next"));
        }
        if (FragmentParameters.isUtf8Form(request.getContentType())) {
            byte[] body = FragmentParameters.body(request, maxBodyBytes);
            return of(url.merge(QueryParameters.parse(new String(body, StandardCharsets.UTF_8), "request body")));
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

    private static SparqlParameters of(QueryParameters parameters) {
        String next = parameters.single("next");
        return new SparqlParameters(checked(parameters.single("query")), next == null || next.isEmpty() ? null : next);
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
