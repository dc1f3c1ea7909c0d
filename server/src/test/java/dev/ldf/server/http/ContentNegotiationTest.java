package dev.ldf.server.http;

import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;

import dev.ldf.server.rdf.OutputFormat;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

class ContentNegotiationTest {

    private static final List<OutputFormat> ALL = Arrays.asList(OutputFormat.values());

    private static OutputFormat choose(String accept) {
        return ContentNegotiation.choose(accept, ALL);
    }

    @Test
    void noAcceptHeaderOrAnythingGivesTheDefault() {
        assertEquals(OutputFormat.TRIG, choose(null));
        assertEquals(OutputFormat.TRIG, choose(""));
        assertEquals(OutputFormat.TRIG, choose("*/*"));
    }

    @Test
    void comunicasAcceptHeaderGetsNQuads() {
        assertEquals(OutputFormat.NQUADS, choose("application/n-quads,application/trig;q=0.95,"
                + "application/ld+json;q=0.9,application/n-triples;q=0.8,text/turtle;q=0.6,"
                + "application/rdf+xml;q=0.5,text/n3;q=0.35,application/xml;q=0.3,image/svg+xml;q=0.3,"
                + "text/xml;q=0.3,text/html;q=0.2,application/xhtml+xml;q=0.18"));
    }

    @Test
    void browsersGetHtml() {
        assertEquals(OutputFormat.HTML, choose("text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"));
    }

    @Test
    void eachFormatByItsMediaType() {
        for (OutputFormat format : OutputFormat.values()) {
            assertEquals(format, choose(format.mediaType()));
        }
        assertEquals(OutputFormat.JSONLD, choose("application/json"));
        assertEquals(OutputFormat.TURTLE, choose("text/turtle;charset=utf-8"));
    }

    @Test
    void mostSpecificRangeDecides() {
        assertEquals(OutputFormat.NQUADS, choose("*/*;q=1, application/trig;q=0"));
        assertEquals(OutputFormat.TURTLE, choose("text/*;q=0.5, text/html;q=0.1"));
        assertEquals(OutputFormat.NTRIPLES, choose("application/*;q=0.2, application/n-triples"));
    }

    @Test
    void qualityZeroAndUnknownTypesAreNotAcceptable() {
        assertNull(choose("text/plain"));
        assertNull(choose("image/png, application/pdf;q=0.9"));
        assertNull(choose("*/*;q=0"));
    }

    @Test
    void malformedRangesAreIgnored() {
        assertEquals(OutputFormat.TURTLE, choose("garbage, text/turtle;q=0.9, application/trig;q=abc"));
        assertNull(choose(";;;,,"));
    }
}
