package dev.ldf.server.golden;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;

/**
 * The requests of the golden-response test, spelled out (no randomness): every output format for
 * patterns of every shape, first and later pages, brTPF by GET and POST, the index, blank nodes,
 * and the errors a client can cause.
 */
public final class RecordedRequests {

    /** One request as raw HTTP/1.1 bytes, and a line that names it in the recording. */
    public record Request(String name, byte[] bytes) {}

    static final String[] ACCEPTS = {"application/trig", "application/n-quads", "text/turtle", "application/n-triples",
        "application/ld+json", "application/rdf+xml", "text/html"};

    private static final String LIB = "http://example.org/library/";
    private static final String SCHEMA = "http://schema.org/";

    private RecordedRequests() {}

    public static List<Request> all() {
        List<Request> requests = new ArrayList<>();
        List<String> patterns = List.of(
                "",
                "subject=" + enc(LIB + "person/3"),
                "predicate=" + enc(SCHEMA + "author"),
                "object=" + enc(LIB + "country/DE"),
                "subject=" + enc(LIB + "book/1") + "&predicate=" + enc(SCHEMA + "author"),
                "predicate=" + enc(SCHEMA + "name") + "&object=" + enc("\"Berlin\"@en"),
                "subject=" + enc(LIB + "book/1") + "&object=" + enc(LIB + "person/3"),
                "object=" + enc("\"1998\"^^http://www.w3.org/2001/XMLSchema#gYear"),
                "object=" + enc("\"Αθήνα\"@el"),
                "subject=" + enc("?x") + "&predicate=" + enc(SCHEMA + "citation") + "&object=" + enc("?x"),
                "subject=" + enc("?x") + "&predicate=" + enc("?x"),
                "predicate=" + enc("http://www.w3.org/1999/02/22-rdf-syntax-ns#type") + "&object=" + enc(SCHEMA + "Book"),
                "subject=" + enc(LIB + "nobody"),
                "object=" + enc("\"no such literal\""),
                "subject=" + enc("\"a literal\""),
                "predicate=" + enc(SCHEMA + "description"));
        for (String accept : ACCEPTS) {
            for (String pattern : patterns) {
                for (String page : new String[] {"", "page=2"}) {
                    requests.add(get("/library" + query(pattern, page), accept));
                }
            }
            requests.add(get("/paged?predicate=" + enc(SCHEMA + "author") + "&page=3", accept));
            requests.add(get("/paged?subject=" + enc("?x") + "&predicate=" + enc("?y") + "&object=" + enc("?x"), accept));
            requests.add(get("/", accept));
        }
        // Pages of 7 and a count scan limit of 20: deep pages, estimates that become exact.
        for (String accept : new String[] {"application/n-quads", "text/turtle", "text/html"}) {
            for (String pattern : patterns.subList(0, 8)) {
                for (String page : new String[] {"", "page=2", "page=3"}) {
                    requests.add(get("/paged" + query(pattern, page), accept));
                }
            }
        }
        List<String> bindings = List.of(
                "(?s) { (<" + LIB + "book/1>) (<" + LIB + "book/2>) (<" + LIB + "book/3>) }",
                "(?o) { (<" + LIB + "person/3>) (<" + LIB + "person/4>) }",
                "(?s ?o) { (<" + LIB + "book/1> UNDEF) (UNDEF <" + LIB + "person/3>) }",
                "(?s) { (\"literal\") (<" + LIB + "book/1>) }",
                "(?z) { (<" + LIB + "book/1>) }",
                "(?s) { }",
                "(?s) { (<" + LIB + "book/1>) (<" + LIB + "book/1>) }");
        for (String values : bindings) {
            String form = "subject=" + enc("?s") + "&predicate=" + enc(SCHEMA + "author") + "&object=" + enc("?o")
                    + "&values=" + enc(values);
            for (String accept : new String[] {"application/n-quads", "text/turtle", "text/html", "application/ld+json"}) {
                requests.add(get("/library?" + form, accept));
                requests.add(post("/library", form, "application/x-www-form-urlencoded", accept));
                requests.add(post("/paged?page=2", form, "application/x-www-form-urlencoded", accept));
            }
        }
        String blank = "/library?subject=" + enc("http://golden.example/ldf/.well-known/genid/library/b0");
        for (String accept : new String[] {"application/n-quads", "text/html"}) {
            requests.add(get(blank, accept));
            requests.add(get("/.well-known/genid/library/b0", accept));
            requests.add(get("/.well-known/genid/nothing/b0", accept));
        }
        errors(requests);
        return requests;
    }

    private static void errors(List<Request> requests) {
        List<String> bad = List.of(
                "/library?subject=" + enc("<http://a"), "/library?subject=not-absolute", "/library?object=" + enc("\"open"),
                "/library?object=" + enc("\"x\"@"), "/library?object=" + enc("\"x\"junk"), "/library?subject=" + enc("?bad name"),
                "/library?page=0", "/library?page=-1", "/library?page=abc", "/library?page=1&page=2",
                "/library?object=%C3%28", "/library?object=%zz", "/nothing", "/library/extra", "/favicon.ico",
                "/tpfonly?subject=" + enc("?s") + "&values=" + enc("(?s) { (<" + LIB + "book/1>) }"),
                "/paged?subject=" + enc("?s") + "&values=" + enc(tooMany(31)),
                "/library?subject=" + enc("?s") + "&values=" + enc("(?s) { (<" + LIB + "book/1>) "),
                "/library?subject=" + enc("?s") + "&values=" + enc("(?s) { (<a> <b>) }"),
                "/library?subject=" + enc("<" + LIB + "markup<script>alert(1)</script>>"),
                "/" + enc("<script>alert(1)</script>"));
        for (String target : bad) {
            for (String accept : new String[] {"application/n-quads", "text/turtle", "text/html", "application/ld+json",
                "application/rdf+xml"}) {
                requests.add(get(target, accept));
            }
        }
        for (String accept : new String[] {"image/png", "text/*;q=0, application/*;q=0", "*/*;q=0"}) {
            requests.add(get("/library", accept));
        }
        for (String method : new String[] {"PUT", "DELETE", "PATCH", "TRACE"}) {
            requests.add(raw(method + " /library", method + " /library HTTP/1.1\r\nHost: x\r\nAccept: text/turtle\r\n"
                    + "Content-Length: 0\r\nConnection: close\r\n\r\n"));
            requests.add(raw(method + " /", method + " / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\n"
                    + "Content-Length: 0\r\nConnection: close\r\n\r\n"));
        }
        requests.add(raw("HEAD /library", "HEAD /library HTTP/1.1\r\nHost: x\r\nAccept: text/turtle\r\nConnection: close\r\n\r\n"));
        requests.add(raw("HEAD /", "HEAD / HTTP/1.1\r\nHost: x\r\nAccept: text/html\r\nConnection: close\r\n\r\n"));
        requests.add(raw("OPTIONS /library", "OPTIONS /library HTTP/1.1\r\nHost: x\r\nOrigin: http://other.example\r\n"
                + "Access-Control-Request-Method: POST\r\nConnection: close\r\n\r\n"));
        requests.add(raw("GET with Origin", "GET /library HTTP/1.1\r\nHost: x\r\nOrigin: http://other.example\r\n"
                + "Accept: application/n-quads\r\nConnection: close\r\n\r\n"));
        requests.add(post("/library", "subject=%3Fs", "application/json", "text/turtle"));
        requests.add(post("/library", "subject=%3Fs", "application/x-www-form-urlencoded; charset=ISO-8859-1", "text/turtle"));
        requests.add(post("/library?subject=%3Fs", "subject=%3Fs", "application/x-www-form-urlencoded", "text/turtle"));
        requests.add(post("/library", "subject=" + "a".repeat(300_000), "application/x-www-form-urlencoded", "text/turtle"));
        requests.add(post("/library", "subject=%ZZ", "application/x-www-form-urlencoded", "text/html"));
        requests.add(get("/library?subject=" + "a".repeat(20_000), "text/turtle"));
    }

    private static String tooMany(int n) {
        StringBuilder b = new StringBuilder("(?s) {");
        for (int i = 1; i <= n; i++) {
            b.append(" (<" + LIB + "book/").append(i).append(">)");
        }
        return b.append(" }").toString();
    }

    private static String query(String pattern, String page) {
        String q = pattern.isEmpty() ? page : page.isEmpty() ? pattern : pattern + "&" + page;
        return q.isEmpty() ? "" : "?" + q;
    }

    private static Request get(String target, String accept) {
        return raw("GET " + target + " [" + accept + "]", "GET " + target + " HTTP/1.1\r\nHost: x\r\nAccept: " + accept
                + "\r\nConnection: close\r\n\r\n");
    }

    private static Request post(String target, String body, String contentType, String accept) {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        String name = "POST " + target + " [" + accept + "] " + contentType + " "
                + (body.length() > 200 ? body.substring(0, 200) + "...(" + body.length() + ")" : body);
        return raw(name, "POST " + target + " HTTP/1.1\r\nHost: x\r\nAccept: " + accept + "\r\nContent-Type: " + contentType
                + "\r\nContent-Length: " + bytes.length + "\r\nConnection: close\r\n\r\n" + body);
    }

    private static Request raw(String name, String request) {
        String shortName = name.length() > 300 ? name.substring(0, 300) + "...(" + name.length() + ")" : name;
        return new Request(shortName, request.getBytes(StandardCharsets.UTF_8));
    }

    private static String enc(String value) {
        return URLEncoder.encode(value, StandardCharsets.UTF_8).replace("+", "%20");
    }
}
