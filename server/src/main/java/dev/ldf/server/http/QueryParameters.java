package dev.ldf.server.http;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The parameters of a query string or form body ({@code application/x-www-form-urlencoded},
 * UTF-8), decoded strictly: a malformed percent escape or invalid UTF-8 is a 400, never a silently
 * replaced character that would look up the wrong term.
 */
final class QueryParameters {

    private final Map<String, List<String>> values;

    private QueryParameters(Map<String, List<String>> values) {
        this.values = values;
    }

    static QueryParameters parse(String encoded) {
        return parse(encoded, "query string");
    }

    /** Parses {@code encoded}; {@code where} names it in error messages ("query string", "request body"). */
    static QueryParameters parse(String encoded, String where) {
        Map<String, List<String>> values = new LinkedHashMap<>();
        if (encoded != null && !encoded.isEmpty()) {
            try {
                FormDecoding.decode(encoded, (name, value) -> values.computeIfAbsent(name, n -> new ArrayList<>()).add(value));
            } catch (IllegalArgumentException e) {
                // Also Jetty's Utf8IllegalArgumentException.
                throw HttpError.badRequest("The " + where + " is not valid percent-encoded UTF-8.");
            }
        }
        return new QueryParameters(values);
    }

    /**
     * These parameters and {@code other}'s together.
     *
     * @throws HttpError 400 when a parameter is in both
     */
    QueryParameters merge(QueryParameters other) {
        Map<String, List<String>> merged = new LinkedHashMap<>(values);
        for (Map.Entry<String, List<String>> entry : other.values.entrySet()) {
            if (merged.containsKey(entry.getKey())) {
                throw HttpError.badRequest("The parameter '" + entry.getKey()
                        + "' is given both in the URL and in the body; give it once.");
            }
            merged.put(entry.getKey(), entry.getValue());
        }
        return new QueryParameters(merged);
    }

    /** The first value of a parameter, or null: for showing what was sent, not for answering. */
    String first(String name) {
        List<String> list = values.get(name);
        return list == null ? null : list.get(0);
    }

    /**
     * The value of a parameter that may occur at most once, or null when it is absent.
     *
     * @throws HttpError 400 when it is given more than once
     */
    String single(String name) {
        List<String> list = values.get(name);
        if (list == null) {
            return null;
        }
        if (list.size() > 1) {
            throw HttpError.badRequest("The parameter '" + name + "' is given " + list.size() + " times; give it once.");
        }
        return list.get(0);
    }
}
