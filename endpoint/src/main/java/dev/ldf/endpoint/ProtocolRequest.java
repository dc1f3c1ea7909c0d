package dev.ldf.endpoint;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;

import org.eclipse.jetty.http.HttpHeader;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.util.Fields;
import org.eclipse.jetty.util.UrlEncoded;

/**
 * The query of a request as the SPARQL 1.1 Protocol sends it (section 2.1): {@code query} in the
 * query string of a GET, in a form POSTed as {@code application/x-www-form-urlencoded}, or the
 * whole body of a POST as {@code application/sparql-query}. Neither the query string nor a body
 * may be longer than the limit; a body is read no further than one byte past it.
 */
record ProtocolRequest(String query, String format) {

    static final String SPARQL_QUERY = "application/sparql-query";
    static final String FORM = "application/x-www-form-urlencoded";

    /**
     * The query text, and the answer's format where the URL names one ({@code format=csv}, as
     * Fuseki takes it: a download link cannot set Accept); an {@link EndpointError} says what is
     * wrong with the request otherwise.
     */
    static ProtocolRequest read(Request request, int maxBytes) throws IOException {
        String queryString = request.getHttpURI().getQuery();
        if (queryString != null && queryString.length() > maxBytes) {
            throw new EndpointError(414, "The query string is longer than " + maxBytes + " bytes; POST the query.");
        }
        Fields url = decode(queryString == null ? "" : queryString);
        String method = request.getMethod();
        String format = one(url, "format");
        if ("GET".equals(method)) {
            return new ProtocolRequest(single(url), format);
        }
        if (!"POST".equals(method)) {
            throw new EndpointError(405, "Ask with GET or POST, not " + method + ".");
        }
        String contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        String type = contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (type.equals(SPARQL_QUERY)) {
            if (url.get("query") != null) {
                throw EndpointError.badRequest("The query is both in the URL and in the body; send it once.");
            }
            refuseDatasets(url);
            return new ProtocolRequest(nonBlank(utf8(body(request, maxBytes))), format);
        }
        if (type.equals(FORM)) {
            Fields form = decode(utf8(body(request, maxBytes)));
            for (Fields.Field field : url) {
                form.add(field.getName(), field.getValue());
            }
            return new ProtocolRequest(single(form), format);
        }
        throw new EndpointError(415, "POST the query as " + SPARQL_QUERY + ", or as a form (" + FORM
                + ") with the parameter query; not " + (type.isEmpty() ? "no content type" : type) + ".");
    }

    private static String single(Fields parameters) {
        if (parameters.get("update") != null) {
            throw EndpointError.badRequest("This endpoint only reads: it takes no SPARQL Update.");
        }
        refuseDatasets(parameters);
        if (parameters.get("query") == null) {
            throw EndpointError.badRequest("Send a SPARQL query in the parameter 'query'.");
        }
        return nonBlank(one(parameters, "query"));
    }

    /** The fields of a POSTed form, read no further than {@code maxBytes}; any other request is refused. */
    static Fields form(Request request, int maxBytes) throws IOException {
        if (!"POST".equals(request.getMethod())) {
            throw new EndpointError(405, "POST the call as a form (" + FORM + ").");
        }
        String contentType = request.getHeaders().get(HttpHeader.CONTENT_TYPE);
        String type = contentType == null ? "" : contentType.split(";", 2)[0].trim().toLowerCase(Locale.ROOT);
        if (!type.equals(FORM)) {
            throw new EndpointError(415, "POST the call as a form (" + FORM + ").");
        }
        return decode(utf8(body(request, maxBytes)));
    }

    /** The value of a parameter given at most once; null where it is missing. */
    static String one(Fields parameters, String name) {
        Fields.Field field = parameters.get(name);
        if (field == null) {
            return null;
        }
        List<String> values = field.getValues();
        if (values.size() > 1) {
            throw EndpointError.badRequest("Send one " + name + ", not " + values.size() + ".");
        }
        return values.get(0);
    }

    /** The query a browser's GET carries, for the page to show again; null where there is none to read. */
    static String queryInUrl(Request request) {
        Fields.Field query = urlFields(request).get("query");
        return query == null || query.getValue().isBlank() ? null : query.getValue();
    }

    /** Whether the URL names the answer's format ({@code format=}); a URL that does not decode names none. */
    static boolean namesFormatInUrl(Request request) {
        return urlFields(request).get("format") != null;
    }

    /** The URL's parameters for a page to read, leniently: none where they do not decode. */
    private static Fields urlFields(Request request) {
        String queryString = request.getHttpURI().getQuery();
        try {
            return queryString == null ? new Fields(true) : decode(queryString);
        } catch (EndpointError e) {
            return new Fields(true);
        }
    }

    /** The dataset is the merge of the sources: a request may not name graphs of its own (Protocol 2.1.4). */
    private static void refuseDatasets(Fields parameters) {
        if (parameters.get("default-graph-uri") != null || parameters.get("named-graph-uri") != null) {
            throw EndpointError.badRequest("This endpoint's one graph is the merge of its sources: it takes no "
                    + "default-graph-uri or named-graph-uri.");
        }
    }

    private static String nonBlank(String query) {
        if (query == null || query.isBlank()) {
            throw EndpointError.badRequest("The query is empty.");
        }
        return query;
    }

    private static Fields decode(String encoded) {
        Fields fields = new Fields(true);
        try {
            UrlEncoded.decodeUtf8To(encoded, fields);
        } catch (IllegalArgumentException | IllegalStateException e) {
            throw EndpointError.badRequest("The parameters are not well-formed: " + e.getMessage());
        }
        return fields;
    }

    /** The body, refused once it passes {@code maxBytes}: no more of it is read. */
    private static byte[] body(Request request, int maxBytes) throws IOException {
        long declared = request.getLength();
        if (declared > maxBytes) {
            throw new EndpointError(413, "The request body is longer than " + maxBytes + " bytes.");
        }
        try (InputStream in = Request.asInputStream(request)) {
            byte[] body = in.readNBytes(maxBytes + 1);
            if (body.length > maxBytes) {
                throw new EndpointError(413, "The request body is longer than " + maxBytes + " bytes.");
            }
            return body;
        }
    }

    private static String utf8(byte[] body) {
        try {
            return StandardCharsets.UTF_8.newDecoder().onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT).decode(ByteBuffer.wrap(body)).toString();
        } catch (CharacterCodingException e) {
            throw EndpointError.badRequest("The request is not valid UTF-8.");
        }
    }
}
