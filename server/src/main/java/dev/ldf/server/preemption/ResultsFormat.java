package dev.ldf.server.preemption;

import java.util.List;
import java.util.stream.Stream;

import org.apache.jena.riot.Lang;
import org.apache.jena.riot.resultset.ResultSetLang;

/** The SPARQL 1.1 results formats of the preemptive endpoint, in the order that breaks ties. */
public enum ResultsFormat {
    JSON("application/sparql-results+json", List.of("application/json"), null),
    XML("application/sparql-results+xml", List.of("application/xml"), ResultSetLang.RS_XML),
    CSV("text/csv", List.of(), ResultSetLang.RS_CSV),
    TSV("text/tab-separated-values", List.of(), ResultSetLang.RS_TSV);

    private final String mediaType;
    private final List<String> aliases;
    private final Lang jenaLang;

    ResultsFormat(String mediaType, List<String> aliases, Lang jenaLang) {
        this.mediaType = mediaType;
        this.aliases = aliases;
        this.jenaLang = jenaLang;
    }

    public String mediaType() {
        return mediaType;
    }

    /** The media type first, then other names clients use for it. */
    public List<String> mediaTypes() {
        return aliases.isEmpty() ? List.of(mediaType)
                : Stream.concat(Stream.of(mediaType), aliases.stream()).toList();
    }

    public String contentType() {
        return mediaType + ";charset=utf-8";
    }

    /** Jena's writer for the format; null for JSON, which this server writes itself (it adds {@code next}). */
    Lang jenaLang() {
        return jenaLang;
    }
}
