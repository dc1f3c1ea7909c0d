package dev.ldf.server.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

import org.eclipse.jetty.util.UrlEncoded;

import dev.ldf.server.fragment.Addresses;
import jakarta.servlet.http.HttpServletRequest;

/**
 * The URLs a response talks about, as the client sees the server.
 *
 * <p>The page URL is rebuilt from the request exactly as it arrived (raw path, raw query string)
 * because clients match the subject of {@code hydra:next} against the URL they requested byte for
 * byte. The scheme and authority come from the configured base URL, or else from the request,
 * where Jetty has already applied {@code Forwarded} and {@code X-Forwarded-*} headers.
 */
record PublicUrls(String base, String rawPath, String rawQuery) implements Addresses {

    static PublicUrls of(HttpServletRequest request, String configuredBase) {
        String base = configuredBase != null ? configuredBase : requestBase(request);
        // The raw path below the context: the base already ends with the context path, if any
        // (a servlet container may serve the application under one, e.g. /ldf).
        String path = request.getRequestURI();
        String context = request.getContextPath();
        if (!context.isEmpty() && path.startsWith(context)) {
            path = path.substring(context.length());
        }
        return new PublicUrls(base, path, request.getQueryString());
    }

    private static String requestBase(HttpServletRequest request) {
        String scheme = request.getScheme();
        if (!"http".equals(scheme) && !"https".equals(scheme)) {
            // Only a Forwarded or X-Forwarded-Proto header can name another: it would become the
            // scheme of every link on the page (javascript:, say).
            throw HttpError.badRequest("The request's scheme (from a Forwarded or X-Forwarded-Proto header) is '"
                    + (scheme.length() > 20 ? scheme.substring(0, 20) + "..." : scheme) + "'; only http and https are "
                    + "accepted.");
        }
        String host = request.getServerName();
        if (host.indexOf(':') >= 0 && !host.startsWith("[")) {
            host = "[" + host + "]";
        }
        int port = request.getServerPort();
        boolean defaultPort = port <= 0 || ("http".equals(scheme) && port == 80) || ("https".equals(scheme) && port == 443);
        return scheme + "://" + host + (defaultPort ? "" : ":" + port) + request.getContextPath();
    }

    /** The URL exactly as requested. */
    @Override
    public String requestUrl() {
        return base + rawPath + (rawQuery == null ? "" : "?" + rawQuery);
    }

    /** The index URL. */
    @Override
    public String index() {
        return base + "/";
    }

    @Override
    public String dataset(String name) {
        return base + "/" + name;
    }

    /** The Skolem IRI prefix for a dataset's blank nodes. */
    @Override
    public String genidPrefix(String dataset) {
        return base + "/.well-known/genid/" + dataset + "/";
    }

    /**
     * This URL on another page: the {@code page} parameter is replaced (and left out for page 1,
     * whose canonical URL has none), every other parameter is kept byte for byte and in order.
     */
    @Override
    public String onPage(long page) {
        List<String> kept = new ArrayList<>();
        if (rawQuery != null) {
            for (String pair : rawQuery.split("&")) {
                if (!pair.isEmpty() && !isPageParameter(pair)) {
                    kept.add(pair);
                }
            }
        }
        if (page > 1) {
            kept.add("page=" + page);
        }
        return base + rawPath + (kept.isEmpty() ? "" : "?" + String.join("&", kept));
    }

    private static boolean isPageParameter(String pair) {
        int eq = pair.indexOf('=');
        String name = eq < 0 ? pair : pair.substring(0, eq);
        try {
            return "page".equals(UrlEncoded.decodeString(name));
        } catch (IllegalArgumentException e) {
            return false;
        }
    }

    static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
