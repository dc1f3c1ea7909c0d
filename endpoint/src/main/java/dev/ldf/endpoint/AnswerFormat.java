package dev.ldf.endpoint;

import java.util.Arrays;
import java.util.List;

import org.apache.jena.query.Query;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.resultset.ResultSetLang;

/**
 * What the endpoint answers in: the SPARQL 1.1 results formats for SELECT and ASK, RDF syntaxes
 * for CONSTRUCT and DESCRIBE. Each form's first format is its default ({@code *}{@code /*} or no
 * Accept), as other endpoints have it.
 */
enum AnswerFormat {
    JSON(ResultSetLang.RS_JSON, null, "application/sparql-results+json", "application/json"),
    XML(ResultSetLang.RS_XML, null, "application/sparql-results+xml", "application/xml", "text/xml"),
    CSV(ResultSetLang.RS_CSV, null, "text/csv"),
    TSV(ResultSetLang.RS_TSV, null, "text/tab-separated-values"),
    TURTLE(null, RDFFormat.TURTLE_BLOCKS, "text/turtle", "application/x-turtle"),
    NTRIPLES(null, RDFFormat.NTRIPLES, "application/n-triples", "text/plain"),
    JSONLD(null, RDFFormat.JSONLD11, "application/ld+json"),
    RDFXML(null, RDFFormat.RDFXML_PLAIN, "application/rdf+xml");

    private static final List<AnswerFormat> RESULTS = Arrays.stream(values()).filter(f -> f.results != null).toList();
    private static final List<AnswerFormat> GRAPHS = Arrays.stream(values()).filter(f -> f.graph != null).toList();

    private final Lang results;
    private final RDFFormat graph;
    private final List<String> mediaTypes;

    AnswerFormat(Lang results, RDFFormat graph, String... mediaTypes) {
        this.results = results;
        this.graph = graph;
        this.mediaTypes = List.of(mediaTypes);
    }

    /** The formats a query's form is answered in, its default first. */
    static List<AnswerFormat> offeredFor(Query query) {
        return query.isConstructType() || query.isDescribeType() ? GRAPHS : RESULTS;
    }

    /** Jena's results language, or null for an RDF syntax. */
    Lang results() {
        return results;
    }

    /** Jena's RDF format, or null for a results format. */
    RDFFormat graph() {
        return graph;
    }

    /** Whether the format is written triple by triple; JSON-LD and RDF/XML need the whole graph first. */
    boolean streams() {
        return graph == null || graph.getLang() != Lang.JSONLD11 && graph.getLang() != Lang.RDFXML;
    }

    /** The media type first, then other names clients ask for it by. */
    List<String> mediaTypes() {
        return mediaTypes;
    }

    String contentType() {
        return mediaTypes.get(0) + ";charset=utf-8";
    }
}
