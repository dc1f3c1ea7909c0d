package dev.ldf.server.rdf;

import java.util.List;

import org.apache.jena.riot.RDFFormat;

/**
 * The representations a fragment is offered in, in the server's order of preference: when a
 * client accepts several equally, the earlier one wins, so {@code *}{@code /*} and a missing
 * Accept header get TriG, which keeps metadata apart from data and is readable.
 */
public enum OutputFormat {
    TRIG("application/trig", RDFFormat.TRIG_BLOCKS, true, true),
    NQUADS("application/n-quads", RDFFormat.NQUADS, true, true),
    TURTLE("text/turtle", RDFFormat.TURTLE_BLOCKS, false, true),
    NTRIPLES("application/n-triples", RDFFormat.NTRIPLES, false, true),
    /** RIOT's JSON-LD writer needs the whole document: one page is buffered. */
    JSONLD("application/ld+json", RDFFormat.JSONLD11, true, false),
    /** RIOT's RDF/XML writer needs the whole graph: one page is buffered. */
    RDFXML("application/rdf+xml", RDFFormat.RDFXML_PLAIN, false, false),
    HTML("text/html", null, false, true);

    private final String mediaType;
    private final RDFFormat rdfFormat;
    private final boolean quads;
    private final boolean streaming;

    OutputFormat(String mediaType, RDFFormat rdfFormat, boolean quads, boolean streaming) {
        this.mediaType = mediaType;
        this.rdfFormat = rdfFormat;
        this.quads = quads;
        this.streaming = streaming;
    }

    /** The media type without parameters, as matched against Accept. */
    public String mediaType() {
        return mediaType;
    }

    /** The Content-Type header value. */
    public String contentType() {
        return mediaType + ";charset=utf-8";
    }

    /** Other media types that ask for the same representation. */
    public List<String> aliases() {
        return switch (this) {
            case JSONLD -> List.of("application/json");
            case HTML -> List.of("application/xhtml+xml");
            case NTRIPLES -> List.of("text/n-triples");
            default -> List.of();
        };
    }

    RDFFormat rdfFormat() {
        return rdfFormat;
    }

    /** True when metadata can go to a named graph of its own. */
    boolean quads() {
        return quads;
    }

    boolean streaming() {
        return streaming;
    }

    public boolean isRdf() {
        return this != HTML;
    }
}
