package dev.ldf.endpoint;

import java.util.Arrays;
import java.util.List;
import java.util.Locale;

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
    JSON("json", ResultSetLang.RS_JSON, null, "application/sparql-results+json", "application/json"),
    XML("xml", ResultSetLang.RS_XML, null, "application/sparql-results+xml", "application/xml", "text/xml"),
    CSV("csv", ResultSetLang.RS_CSV, null, "text/csv"),
    TSV("tsv", ResultSetLang.RS_TSV, null, "text/tab-separated-values"),
    TURTLE("turtle", null, RDFFormat.TURTLE_BLOCKS, "text/turtle", "application/x-turtle"),
    NTRIPLES("ntriples", null, RDFFormat.NTRIPLES, "application/n-triples", "text/plain"),
    JSONLD("jsonld", null, RDFFormat.JSONLD11, "application/ld+json"),
    RDFXML("rdfxml", null, RDFFormat.RDFXML_PLAIN, "application/rdf+xml");

    private static final List<AnswerFormat> RESULTS = Arrays.stream(values()).filter(f -> f.results != null).toList();
    private static final List<AnswerFormat> GRAPHS = Arrays.stream(values()).filter(f -> f.graph != null).toList();

    private final String name;
    private final Lang results;
    private final RDFFormat graph;
    private final List<String> mediaTypes;

    AnswerFormat(String name, Lang results, RDFFormat graph, String... mediaTypes) {
        this.name = name;
        this.results = results;
        this.graph = graph;
        this.mediaTypes = List.of(mediaTypes);
    }

    /** The formats a query's form is answered in, its default first. */
    static List<AnswerFormat> offeredFor(Query query) {
        return query.isConstructType() || query.isDescribeType() ? GRAPHS : RESULTS;
    }

    /**
     * The format a request names ({@code format=csv}), by its short name or a media type; a 400
     * where it is none of those the query's form is answered in.
     */
    static AnswerFormat named(String name, Query query) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        List<AnswerFormat> offered = offeredFor(query);
        for (AnswerFormat format : offered) {
            if (format.name.equals(wanted) || format.mediaTypes.contains(wanted)) {
                return format;
            }
        }
        throw EndpointError.badRequest("The parameter format must be one of " + String.join(", ",
                offered.stream().map(f -> f.name).toList()) + " for this query, not " + name + ".");
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
