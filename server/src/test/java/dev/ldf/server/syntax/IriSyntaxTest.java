package dev.ldf.server.syntax;

import java.util.List;
import java.util.Random;

import org.apache.jena.rfc3986.IRI3986;
import org.apache.jena.rfc3986.RFC3986;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class IriSyntaxTest {

    @Test
    void plainHttpIrisAreThoseOfData() {
        for (String iri : List.of("http://db.uwaterloo.ca/~galuc/wsdbm/Product17", "https://example.org",
                "http://dbpedia.org/resource/Paris_(disambiguation)", "http://example.org/a?b=c&d=e#f",
                "http://www.w3.org/1999/02/22-rdf-syntax-ns#type", "http://ldf.dev/live/x-1/2/3",
                "http://example.org/a:b@c/!$&'()*+,;=", "http://a-b.c0/")) {
            assertTrue(IriSyntax.isPlainHttp(iri), iri);
        }
        for (String iri : List.of("http://", "http:///a", "http://Example.org/", "http://example.org:8080/",
                "http://user@example.org/", "http://127.0.0.1/", "http://a..b/", "http://a-.b/", "http://-a.b/",
                "http://a.b./", "http://a.b/%20", "http://a.b/ä", "http://a.b/a b", "ftp://a.b/", "urn:x:y",
                "http://a.b?q", "http://a.b/#x#y", "http://a.b/./c", "http://a.b/c/..", "http://a.b/../c?d", "HTTP://a.b/", "http://a.b/<x>", "http://a.b/\\\\")) {
            assertFalse(IriSyntax.isPlainHttp(iri), iri);
        }
    }

    /** Whatever the one pass takes, Jena's RFC 3986 parser reads as an absolute IRI with nothing to warn of. */
    @Test
    void everyPlainHttpIriIsOneTheParserTakesAsItIs() {
        Random random = new Random(3986);
        String alphabet = "abcxyz019-._~/:@!$&'()*+,;=?#%AZ ";
        int taken = 0;
        for (int n = 0; n < 200_000; n++) {
            StringBuilder iri = new StringBuilder(random.nextBoolean() ? "http://" : "https://");
            int length = 1 + random.nextInt(24);
            for (int i = 0; i < length; i++) {
                iri.append(alphabet.charAt(random.nextInt(alphabet.length())));
            }
            String text = iri.toString();
            if (IriSyntax.isPlainHttp(text)) {
                taken++;
                IRI3986 parsed = RFC3986.create(text);
                assertTrue(parsed.hasScheme() && !parsed.hasViolations(), () -> text + ": " + parsed.violations());
            }
        }
        assertTrue(taken > 1_000, "the random IRIs reached the plain ones: " + taken);
    }
}
