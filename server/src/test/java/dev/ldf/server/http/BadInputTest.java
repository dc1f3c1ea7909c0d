package dev.ldf.server.http;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.stream.Stream;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.Lang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ParsedPage;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Bad requests get the right 4xx with a short message, never a 500 or a stack trace. */
@Tag("server")
class BadInputTest {

    static Stream<Arguments> badRequests() {
        return Stream.of(
                Arguments.of("library?subject=%3Chttp%3A%2F%2Fex.org%2Fa", 400, "no closing '>'"),
                Arguments.of("library?subject=not-absolute", 400, "not an absolute IRI"),
                Arguments.of("library?object=%22unterminated", 400, "no closing quote"),
                Arguments.of("library?object=%22x%22%40", 400, "language tag"),
                Arguments.of("library?object=%22x%22%5E%5E", 400, "not an absolute IRI"),
                Arguments.of("library?object=%22x%22junk", 400, "neither @language nor ^^datatype"),
                Arguments.of("library?subject=%3Fbad%20name", 400, "variable name"),
                Arguments.of("library?subject=http%3A%2F%2Fex.org%2Fa%20b", 400, "not allowed in an IRI"),
                Arguments.of("library?page=0", 400, "page must be a whole number"),
                Arguments.of("library?page=-1", 400, "page must be a whole number"),
                Arguments.of("library?page=1.5", 400, "page must be a whole number"),
                Arguments.of("library?page=abc", 400, "The page must be a whole number, 1 or more, not 'abc'."),
                Arguments.of("library?page=99999999999999999999", 400, "past the last page any pattern can have"),
                Arguments.of("library?page=", 400, "page must be a whole number"),
                Arguments.of("library?page=1&page=2", 400, "given 2 times"),
                Arguments.of("library?object=%C3%28", 400, "percent-encoded UTF-8"),
                Arguments.of("library?subject=%3Fs&values=%28%3Fs%29+%7B+%28ex%3Aa%25", 400, "in the middle of a name"),
                Arguments.of("library?subject=%3Fs&values=%28%3Fs%29+%7B+%28ex%3Aa%254", 400, "in the middle of a name"),
                Arguments.of("nothing-here", 404, "no dataset"),
                Arguments.of("library/extra", 404, "no dataset"),
                Arguments.of(".well-known/genid/nope/x", 404, "no blank node"),
                Arguments.of("favicon.ico", 404, "no dataset"));
    }

    @ParameterizedTest
    @MethodSource("badRequests")
    void answeredWithTheRightStatusAndAMessage(String path, int status, String message) {
        HttpResponse<String> response = Http.get(TestServer.uri() + path, "Accept", "text/turtle");
        assertEquals(status, response.statusCode(), path);
        assertTrue(response.body().contains(message), () -> path + " -> " + response.body());
        assertNoInternals(response.body());
        assertEquals("no-store", response.headers().firstValue("Cache-Control").orElseThrow());
    }

    @Test
    void malformedPercentEncodingIs400() {
        for (String query : new String[] {"object=%zz", "object=%4", "object=%C3%28", "object=%E2%82"}) {
            String[] response = Http.raw("GET", "/library?" + query, "Accept", "text/turtle");
            assertEquals("HTTP/1.1 400 Bad Request", response[0], query);
            assertNoInternals(response[1]);
        }
    }

    /** Issue 32: a Skolem IRI of this server with a bad escape names no blank node: 400, in a fragment and in a dump. */
    @Test
    void aSkolemIriWithABadEscapeIs400NotA500OrAnEmptyDump() {
        for (String label : new String[] {"%zz", "%", "%C3%28", "a%E2%82"}) {
            String iri = TestServer.uri() + ".well-known/genid/library/" + label;
            String values = "(?s) { (<" + iri + ">) }";
            for (String query : new String[] {"library?subject=" + PublicUrls.encode(iri),
                "library?object=" + PublicUrls.encode(iri), "library/dump.nt?subject=" + PublicUrls.encode(iri),
                "library?subject=%3Fs&values=" + PublicUrls.encode(values)}) {
                String url = TestServer.uri() + query;
                HttpResponse<String> response = Http.get(url, "Accept", "text/turtle");
                assertEquals(400, response.statusCode(), url + " -> " + response.body());
                // VALUES checks the IRI's syntax itself; '%E2%82' is well-formed there, and no UTF-8.
                assertTrue(response.body().contains("is no blank node's name")
                        || query.contains("values=") && response.body().contains("bad IRI"), response.body());
                assertEquals("no-store", response.headers().firstValue("Cache-Control").orElseThrow());
                assertNoInternals(response.body());
            }
        }
    }

    @Test
    void aSkolemIriWithInvalidUtf8InAQueryIs400() {
        for (String label : new String[] {"a%E2%82", "%C3%28", "%zz"}) {
            String query = "SELECT * WHERE { <" + TestServer.uri() + ".well-known/genid/library/" + label + "> ?p ?o }";
            HttpResponse<String> response = Http.get(TestServer.uri() + "library/sparql?query=" + PublicUrls.encode(query),
                    "Accept", "application/sparql-results+json");
            assertEquals(400, response.statusCode(), label + " -> " + response.body());
            assertNoInternals(response.body());
        }
    }

    @Test
    void errorsInRdfAreHydraErrors() {
        String url = TestServer.uri() + "library?page=0";
        HttpResponse<String> response = Http.get(url, "Accept", "application/n-quads");
        ParsedPage parsed = ParsedPage.parse(url, response.body(), Lang.NQUADS);
        Node error = parsed.data().get(0).getSubject();
        assertTrue(parsed.data().stream().anyMatch(t -> t.getObject().equals(
                NodeFactory.createURI("http://www.w3.org/ns/hydra/core#Error"))));
        assertEquals(400L, parsed.integer(error, "http://www.w3.org/ns/hydra/core#statusCode").orElseThrow());
    }

    @Test
    void errorsForBrowsersAreHtmlPages() {
        HttpResponse<String> response = Http.get(TestServer.uri() + "library?page=0", "Accept", "text/html");
        assertEquals(400, response.statusCode());
        assertTrue(response.body().startsWith("<!DOCTYPE html>"));
        assertTrue(response.body().contains("<h1>400 Bad Request</h1>"));
    }

    @Test
    void unacceptableFormatsAre406InPlainText() {
        HttpResponse<String> response = Http.get(TestServer.dataset("library"), "Accept", "image/png");
        assertEquals(406, response.statusCode());
        assertTrue(response.headers().firstValue("Content-Type").orElseThrow().startsWith("text/plain"));
        assertTrue(response.body().contains("application/n-quads"), "lists what the server can write");
    }

    @ParameterizedTest
    @ValueSource(strings = {"PUT", "DELETE", "PATCH", "TRACE", "PROPFIND"})
    void otherMethodsAre405WithAllow(String method) {
        HttpResponse<String> response = Http.send(HttpRequest.newBuilder(URI.create(TestServer.dataset("library")))
                .method(method, HttpRequest.BodyPublishers.ofString("x")), "Accept", "text/turtle");
        assertEquals(405, response.statusCode(), method);
        assertTrue(response.headers().firstValue("Allow").orElseThrow().contains("GET"));
        assertNoInternals(response.body());
    }

    @Test
    void overlongUrlsAre414() {
        String url = TestServer.dataset("library") + "?subject=http%3A%2F%2Fex.org%2F" + "a".repeat(40_000);
        HttpResponse<String> response = Http.get(url);
        assertEquals(414, response.statusCode());
        assertTrue(response.body().contains("URL is longer"));
        assertNoInternals(response.body());
    }

    @Test
    void odditiesInAcceptAndParametersNeverFailTheServer() {
        for (String accept : new String[] {";;;", ",,,", "*/*;q=", "text/turtle;q=2", "a/b/c", "*/html", "\u00e9/\u00e9"}) {
            HttpResponse<String> response = Http.get(TestServer.dataset("library"), "Accept", accept);
            assertTrue(response.statusCode() == 200 || response.statusCode() == 406, accept + " -> " + response.statusCode());
        }
        for (String query : new String[] {"&&&", "=", "subject", "subject=&predicate=&object=", "x=%00", "subject=%3F",
                "object=%22%22", "object=%22%22%40en", "subject=_%3Ab0"}) {
            HttpResponse<String> response = Http.get(TestServer.dataset("library") + "?" + query);
            assertTrue(response.statusCode() == 200 || response.statusCode() == 400, query + " -> " + response.statusCode());
        }
    }

    private static void assertNoInternals(String body) {
        assertFalse(body.contains("Exception"), body);
        assertFalse(body.contains("\tat "), body);
        assertFalse(body.contains("dev.ldf"), body);
        assertFalse(body.contains("org.eclipse"), body);
    }
}
