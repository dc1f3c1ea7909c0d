package dev.ldf.server.hostile;

import java.io.ByteArrayOutputStream;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Random;
import java.util.function.Supplier;

/**
 * A seeded grammar of hostile HTTP requests, as raw bytes: the kinds of input a public server
 * meets (malformed and huge terms, broken encodings, odd methods, paths, headers and bodies, limits
 * just over and under). The same seed gives the same requests.
 *
 * <p>Every request is complete and asks to close the connection, so that a server that answers at
 * all answers at once.
 */
final class HostileRequests {

    /** One generated request: its kind (for the report) and its bytes. */
    record Request(String kind, byte[] bytes, boolean html) {
        String firstLine() {
            String text = new String(bytes, 0, Math.min(bytes.length, 200), StandardCharsets.ISO_8859_1);
            int end = text.indexOf('\r');
            return end < 0 ? text : text.substring(0, end);
        }
    }

    static final String MARKUP = "<script>alert(1)</script>\"'><img src=x onerror=alert(2)>";

    private final Random random;
    private final int maxBindings;
    private final int maxBodyBytes;
    private final List<Supplier<Request>> kinds = new ArrayList<>();

    HostileRequests(long seed, int maxBindings, int maxBodyBytes) {
        this.random = new Random(seed);
        this.maxBindings = maxBindings;
        this.maxBodyBytes = maxBodyBytes;
        kinds.add(() -> get("term", "/library?" + position() + "=" + encode(term()), accept()));
        kinds.add(() -> get("raw term", "/library?" + position() + "=" + rawTerm(), accept()));
        kinds.add(() -> get("page", "/library?page=" + encode(page()), accept()));
        kinds.add(() -> get("values GET", "/library?subject=%3Fs&values=" + encode(values()), accept()));
        kinds.add(() -> post("values POST", "/library", "application/x-www-form-urlencoded",
                ("subject=%3Fs&values=" + encode(values())).getBytes(StandardCharsets.UTF_8), accept()));
        kinds.add(() -> post("body", "/library", contentType(), body(), accept()));
        kinds.add(() -> get("accept", "/library?predicate=" + encode("http://schema.org/name"), oddAccept()));
        kinds.add(() -> request("method", method(), "/library", List.of("Accept", accept()), new byte[0]));
        kinds.add(() -> get("path", path(), accept()));
        kinds.add(() -> get("headers", "/library", accept(), headers()));
        kinds.add(() -> get("parameters", "/library?" + parameters(), accept()));
        kinds.add(() -> post("parameters POST", "/library", "application/x-www-form-urlencoded",
                parameters().getBytes(StandardCharsets.US_ASCII), accept()));
        kinds.add(this::malformed);
        kinds.add(() -> get("markup", "/library?" + position() + "=" + encode(markupTerm()) + "&page="
                + encode(random.nextBoolean() ? MARKUP : "1"), "text/html"));
        kinds.add(() -> get("markup path", "/" + encode(MARKUP) + "?subject=" + encode(MARKUP), "text/html"));
    }

    Request next() {
        return kinds.get(random.nextInt(kinds.size())).get();
    }

    // ----- terms -----

    private String position() {
        return pick("subject", "predicate", "object");
    }

    private String term() {
        return switch (random.nextInt(18)) {
            case 0 -> "<http://example.org/" + word();
            case 1 -> "http://example.org/" + word() + ">";
            case 2 -> "<<http://a>>";
            case 3 -> "<>";
            case 4 -> "http://example.org/a b";
            case 5 -> "\"" + word();
            case 6 -> "\"" + word() + "\"@";
            case 7 -> "\"" + word() + "\"^^";
            case 8 -> "\"" + word() + "\"^^<http://dt";
            case 9 -> "\"" + word() + "\"@en-";
            case 10 -> "?" + pick("", "x y", "1", "-", "é");
            case 11 -> pick("_:b", "[]", "()", "a", "1", "true", "relative/iri");
            case 12 -> "http://example.org/" + "x".repeat(100 * 1024);
            case 13 -> "\"" + "y".repeat(100 * 1024) + "\"";
            case 14 -> "http://example.org/" + controlCharacters();
            // Issue 47: numbers whose value Jena computes in time quadratic in their digits.
            case 15 -> "\"" + "9".repeat(1_001 + random.nextInt(5_000)) + "\"^^<http://www.w3.org/2001/XMLSchema#integer>";
            case 16 -> "\"1." + "5".repeat(1_001 + random.nextInt(5_000)) + "\"^^<http://www.w3.org/2001/XMLSchema#decimal>";
            default -> "\"" + controlCharacters() + "\"@" + pick("en", "EN", "x-" + word(), "123", "e n");
        };
    }

    /** Bytes a client should percent-encode but did not, or encodings that are not UTF-8. */
    private String rawTerm() {
        return pick("%zz", "%", "%4", "%C3%28", "%E2%82", "%ED%A0%80", "%C0%AF", "%F8%88%80%80%80", "%FF",
                "%00", "%0A%0D", "%22%3C", "\u00e9", "%7F", "%%", "<a>", "\"x\"", "%3Chttp%3A%2F%2Fa%3E%00");
    }

    private String markupTerm() {
        return pick("http://example.org/" + MARKUP, "\"" + MARKUP + "\"", "\"x\"@" + MARKUP, "\"x\"^^" + MARKUP,
                "<" + MARKUP + ">", "?" + MARKUP);
    }

    private String controlCharacters() {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < 1 + random.nextInt(5); i++) {
            b.append((char) (random.nextBoolean() ? random.nextInt(0x20) : 0x7F + random.nextInt(0x21)));
        }
        return b.toString();
    }

    private String page() {
        return pick("0", "-1", "1e30", "1E3", "abc", "", "1.5", "99999999999999999999999", "9223372036854775807",
                "2", "1", "01", " 1", "1 ", "+1", "0x10", "١", "NaN", "-0");
    }

    // ----- bindings -----

    private String values() {
        int n = switch (random.nextInt(4)) {
            case 0 -> maxBindings - 1;
            case 1 -> maxBindings;
            case 2 -> maxBindings + 1;
            default -> random.nextInt(3 * maxBindings);
        };
        StringBuilder b = new StringBuilder("(?s) {");
        for (int i = 0; i < n; i++) {
            b.append(" (").append(random.nextInt(20) == 0 ? "UNDEF" : "<http://example.org/library/person/" + i + ">")
                    .append(")");
        }
        b.append(" }");
        String block = b.toString();
        return switch (random.nextInt(15)) {
            case 0 -> block.substring(0, random.nextInt(block.length() + 1)); // cut anywhere
            // Jena's tokenizer failed to word its error at a '%' that ends the text (issue 32).
            case 9 -> pick("(?s) { (ex:a%", "(?s) { (ex:a%4", "(?s) { (<http://a>) (ex:b%", "(?s) { (a%");
            case 1 -> block.replace(")", "");
            case 2 -> "(?s ?o) { (<http://a>) }";
            case 3 -> "() { () () }";
            case 4 -> "(?s) { (\"lit\"@en) (\"1\"^^<http://www.w3.org/2001/XMLSchema#integer>) (_:b) }";
            case 5 -> "(?s) { ((<http://a>)) }";
            case 6 -> "?s { <http://a> }";
            case 7 -> "(?s) { (<http://a>) } trailing";
            case 8 -> "(?" + MARKUP + ") { (<http://a>) }";
            // Issue 47: a number of thousands of digits, and an IRI of thousands of dot segments to resolve.
            case 10 -> "(?s) { (" + "7".repeat(1_001 + random.nextInt(20_000)) + ") }";
            case 11 -> "(?s) { (<a:" + "/.".repeat(65 + random.nextInt(10_000)) + ">) }";
            default -> block;
        };
    }

    // ----- bodies and content types -----

    private String contentType() {
        return pick("application/x-www-form-urlencoded", "application/x-www-form-urlencoded; charset=UTF-8",
                "application/x-www-form-urlencoded; charset=ISO-8859-1", "application/json", "text/plain",
                "multipart/form-data; boundary=x", "", "application/sparql-query", "*/*", ";;;", "text/html");
    }

    private byte[] body() {
        return switch (random.nextInt(8)) {
            case 0 -> new byte[0];
            case 1 -> "{\"subject\": \"?s\"}".getBytes(StandardCharsets.UTF_8);
            case 2 -> randomBytes(1 + random.nextInt(4096));
            case 3 -> ("subject=" + "a".repeat(maxBodyBytes + 1)).getBytes(StandardCharsets.US_ASCII);
            case 4 -> ("values=" + encode(values()) + "&values=" + encode(values())).getBytes(StandardCharsets.UTF_8);
            case 5 -> "subject=%ZZ&object=%C3%28".getBytes(StandardCharsets.US_ASCII);
            case 6 -> ("page=" + page() + "&subject=" + encode(term())).getBytes(StandardCharsets.UTF_8);
            default -> "=&&=&subject&object=".getBytes(StandardCharsets.US_ASCII);
        };
    }

    // ----- accept headers, methods, paths, headers, parameters -----

    private String accept() {
        return pick("application/n-quads", "text/turtle", "application/trig", "application/n-triples",
                "application/ld+json", "application/rdf+xml", "text/html", "*/*");
    }

    private String oddAccept() {
        return switch (random.nextInt(10)) {
            case 0 -> "*/*;q=abc";
            case 1 -> "text/*;q=0, */*;q=0";
            case 2 -> "";
            case 3 -> ";;;,,,";
            case 4 -> String.join(", ", Collections.nCopies(600, "application/x-" + word() + ";q=0.5"));
            case 5 -> "application/n-quads;q=2";
            case 6 -> "image/png";
            case 7 -> "text/html;level=1;q=0.9, */*;q=0.1";
            case 8 -> "application/ld+json; profile=\"http://www.w3.org/ns/json-ld#expanded\"";
            default -> MARKUP;
        };
    }

    private String method() {
        return pick("GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "FOO", "get",
                "PROPFIND", "MKCOL");
    }

    private String path() {
        return pick("/../../etc/passwd", "/%2e%2e/%2e%2e/etc/passwd", "/library/../../etc/passwd", "//library",
                "/library/", "/LIBRARY", "/.well-known/genid/library/../../x", "/-/../library", "/nothing",
                "/library%00", "/" + "a".repeat(5000), "/.well-known/genid/library/", "/.well-known/genid/x/y",
                "/-/metrics/../../etc/passwd", "/library;jsessionid=1", "/%ZZ", "/%C0%AF", "/library/%2e%2e/",
                "/-/nothing", "/index.html", "/WEB-INF/web.xml", "/library?subject=<http://a>");
    }

    private List<String> headers() {
        List<String> headers = new ArrayList<>();
        switch (random.nextInt(5)) {
            case 0 -> headers.addAll(List.of("X-Big", "h".repeat(20_000)));
            case 1 -> {
                for (int i = 0; i < 1000; i++) {
                    headers.addAll(List.of("X-Many-" + i, "v"));
                }
            }
            case 2 -> headers.addAll(List.of("Forwarded", "for=1;host=\"" + MARKUP + "\";proto=javascript",
                    "X-Forwarded-Host", MARKUP));
            case 3 -> headers.addAll(List.of("If-None-Match", "\"" + "x".repeat(3000) + "\", W/\"\", *",
                    "Accept-Encoding", "gzip;q=abc, br, ;;"));
            default -> headers.addAll(List.of("Range", "bytes=0-1,5-", "Expect", "100-continue", "Origin", MARKUP));
        }
        return headers;
    }

    private String parameters() {
        int n = random.nextBoolean() ? 1000 + random.nextInt(2000) : 10 + random.nextInt(50);
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < n; i++) {
            if (i > 0) {
                b.append('&');
            }
            b.append(random.nextInt(10) == 0 ? pick("subject", "page", "object", "values") : "p" + i).append('=')
                    .append(random.nextInt(100));
        }
        return b.toString();
    }

    /** Requests that are broken at the HTTP level. */
    private Request malformed() {
        String text = switch (random.nextInt(10)) {
            case 0 -> "GET /library HTTP/9.9\r\nHost: x\r\nConnection: close\r\n\r\n";
            case 1 -> "GET /library\r\n\r\n";
            case 2 -> "GET http://evil.example/library HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n";
            case 3 -> "GET /library HTTP/1.1\r\nConnection: close\r\n\r\n";
            case 4 -> "POST /library HTTP/1.1\r\nHost: x\r\nContent-Length: 5\r\nTransfer-Encoding: chunked\r\n"
                    + "Connection: close\r\n\r\n0\r\n\r\n";
            case 5 -> "GET /library HTTP/1.1\r\nHost: x\r\nHost: y\r\nConnection: close\r\n\r\n";
            case 6 -> "GET /library HTTP/1.1\r\nHost x\r\nConnection: close\r\n\r\n";
            case 7 -> "POST /library HTTP/1.1\r\nHost: x\r\nContent-Length: -1\r\nConnection: close\r\n\r\n";
            case 8 -> "POST /library HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\nContent-Type: "
                    + "application/x-www-form-urlencoded\r\nConnection: close\r\n\r\nZZ\r\nsubject=x\r\n0\r\n\r\n";
            default -> "\u0000\u0001GARBAGE / HTTP/1.1\r\n\r\n";
        };
        return new Request("malformed", text.getBytes(StandardCharsets.ISO_8859_1), false);
    }

    // ----- building requests -----

    private Request get(String kind, String target, String accept, List<String> extra) {
        List<String> headers = new ArrayList<>(List.of("Accept", accept));
        headers.addAll(extra);
        return request(kind, "GET", target, headers, new byte[0]);
    }

    private Request get(String kind, String target, String accept) {
        return request(kind, "GET", target, List.of("Accept", accept), new byte[0]);
    }

    private Request post(String kind, String target, String contentType, byte[] body, String accept) {
        List<String> headers = new ArrayList<>(List.of("Accept", accept));
        if (!contentType.isEmpty()) {
            headers.addAll(List.of("Content-Type", contentType));
        }
        return request(kind, "POST", target, headers, body);
    }

    private Request request(String kind, String method, String target, List<String> headers, byte[] body) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        StringBuilder head = new StringBuilder(method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\n");
        boolean html = false;
        for (int i = 0; i < headers.size(); i += 2) {
            head.append(headers.get(i)).append(": ").append(headers.get(i + 1)).append("\r\n");
            html |= headers.get(i).equals("Accept") && headers.get(i + 1).contains("html");
        }
        if (body.length > 0 || method.equals("POST") || method.equals("PUT")) {
            head.append("Content-Length: ").append(body.length).append("\r\n");
        }
        head.append("Connection: close\r\n\r\n");
        out.writeBytes(head.toString().getBytes(StandardCharsets.UTF_8));
        out.writeBytes(body);
        return new Request(kind, out.toByteArray(), html);
    }

    private String word() {
        return pick("a", "book", "x1", "ä", "名前", "a/b", "a#b", "a?b", "a%20b");
    }

    private byte[] randomBytes(int n) {
        byte[] bytes = new byte[n];
        random.nextBytes(bytes);
        return bytes;
    }

    private String pick(String... options) {
        return options[random.nextInt(options.length)];
    }

    private static String encode(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
