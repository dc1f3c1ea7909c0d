package dev.ldf.server.http;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.apache.commons.codec.digest.DigestUtils;

import dev.ldf.server.fragment.FragmentRequest;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The parameters of a fragment request: {@code subject}, {@code predicate}, {@code object},
 * {@code values} (brTPF bindings) and {@code page}.
 *
 * <p>GET sends them in the query string. POST sends them as an
 * {@code application/x-www-form-urlencoded} body, so that large binding sets never meet URL
 * limits; the query string of a POST may hold more of them (the {@code hydra:next} URL of a POSTed
 * page carries {@code page} there), but no parameter may be given in both places.
 *
 * @param input      the pattern parameters as sent ("" when absent) and the VALUES block (or null)
 * @param page       the page number as sent, or null
 * @param bodyDigest a digest of a POST body (part of the entity tag), "" for GET
 */
record FragmentParameters(FragmentRequest.Input input, String page, String bodyDigest) {

    static final String FORM = "application/x-www-form-urlencoded";
    /** The most of a refused body the server reads to answer cleanly; beyond it, it closes. */
    private static final long DRAIN_LIMIT = 8L << 20;

    static FragmentParameters read(HttpServletRequest request, int maxBodyBytes) throws IOException {
        QueryParameters query = QueryParameters.parse(request.getQueryString());
        if (!"POST".equals(request.getMethod())) {
            return of(query, "");
        }
        if (!isUtf8Form(request.getContentType())) {
            // Lower case, as media types and charsets compare: containers keep the case differently.
            String type = request.getContentType() == null ? null : request.getContentType().toLowerCase(Locale.ROOT);
            throw new HttpError(415, "POST a form body (" + FORM + ", UTF-8) with the parameters subject, predicate, "
                    + "object, values and page; not " + (type == null ? "no content type" : type) + ".",
                    !drain(request));
        }
        byte[] body = body(request, maxBodyBytes);
        String text = new String(body, StandardCharsets.UTF_8);
        QueryParameters form = QueryParameters.parse(text, "request body");
        return of(query.merge(form), digest(body));
    }

    private static FragmentParameters of(QueryParameters parameters, String bodyDigest) {
        String[] terms = new String[3];
        String[] positions = {"subject", "predicate", "object"};
        for (int i = 0; i < positions.length; i++) {
            String value = parameters.single(positions[i]);
            terms[i] = value == null ? "" : value;
        }
        String values = parameters.single("values");
        return new FragmentParameters(new FragmentRequest.Input(terms[0], terms[1], terms[2],
                values == null || values.isBlank() ? null : values), parameters.single("page"), bodyDigest);
    }

    static boolean isUtf8Form(String contentType) {
        String type = contentType == null ? "" : contentType.toLowerCase(Locale.ROOT);
        String[] parts = type.split(";", -1);
        boolean form = parts[0].trim().equals(FORM);
        boolean utf8 = true;
        for (int i = 1; i < parts.length; i++) {
            String parameter = parts[i].trim();
            if (parameter.startsWith("charset=")) {
                String charset = parameter.substring(8).replace("\"", "").trim();
                utf8 = charset.equals("utf-8") || charset.equals("utf8");
            }
        }
        return form && utf8;
    }

    /**
     * The body, decoded ({@link RequestBodies}), refused with 413 when it is larger than the limit
     * (declared, or decoded: a small gzip body may inflate without end).
     */
    static byte[] body(HttpServletRequest request, int maxBodyBytes) throws IOException {
        long declared = request.getContentLengthLong();
        if (declared > DRAIN_LIMIT) {
            throw new HttpError(413, tooLargeMessage(maxBodyBytes), true);
        }
        if (declared > maxBodyBytes) {
            throw tooLarge(maxBodyBytes, request);
        }
        byte[] body = RequestBodies.decoded(request).readNBytes(maxBodyBytes + 1);
        if (body.length > maxBodyBytes) {
            throw tooLarge(maxBodyBytes, request);
        }
        return body;
    }

    private static HttpError tooLarge(int maxBodyBytes, HttpServletRequest request) throws IOException {
        return new HttpError(413, tooLargeMessage(maxBodyBytes), !drain(request));
    }

    private static String tooLargeMessage(int maxBodyBytes) {
        return "The request body is larger than " + maxBodyBytes + " bytes; send fewer bindings per request.";
    }

    /**
     * Reads and discards (what is left of) a refused body, so that the client, still sending,
     * receives the error instead of a reset connection; gives up (and the connection must close)
     * past a bound, or when the body stops arriving.
     */
    static boolean drain(HttpServletRequest request) throws IOException {
        InputStream in = RequestBodies.raw(request);
        byte[] buffer = new byte[8192];
        long drained = 0;
        try {
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                drained += n;
                if (drained > DRAIN_LIMIT) {
                    return false;
                }
            }
        } catch (HttpError e) {
            return false;
        }
        return true;
    }

    private static String digest(byte[] body) {
        return DigestUtils.sha256Hex(body);
    }
}
