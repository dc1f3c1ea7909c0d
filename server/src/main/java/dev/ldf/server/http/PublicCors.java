package dev.ldf.server.http;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * CORS for public data, whatever container serves it: the headers every response carries, with or
 * without an {@code Origin}, and the answer to a pre-flight request. One answer fits every origin,
 * so that a shared cache keeps one copy (see {@link PublicCorsHandler} for why not echo origins).
 */
public final class PublicCors {

    /** On every response. */
    public static final Map<String, String> EVERY_RESPONSE = Map.of(
            "Access-Control-Allow-Origin", "*",
            "Access-Control-Expose-Headers", "ETag, Content-Type, Retry-After, Next-Token, Preference-Applied, Server-Timing");

    /** The answer (204) to an {@code OPTIONS} request: any origin may send what the server answers. */
    public static final Map<String, String> PREFLIGHT = preflight();

    private PublicCors() {}

    private static Map<String, String> preflight() {
        Map<String, String> headers = new LinkedHashMap<>(EVERY_RESPONSE);
        headers.put("Allow", Headers.DATASET_METHODS);
        headers.put("Access-Control-Allow-Methods", Headers.DATASET_METHODS);
        headers.put("Access-Control-Allow-Headers", "Accept, Content-Type, If-None-Match, Prefer");
        headers.put("Access-Control-Max-Age", "86400");
        headers.put("X-Content-Type-Options", "nosniff");
        return Map.copyOf(headers);
    }
}
