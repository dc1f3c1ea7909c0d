package dev.ldf.server.fragment;

import java.util.List;
import java.util.Map;

/**
 * A dataset as clients see it: what its pages and controls say about it.
 *
 * @param url                   the dataset's public URL, e.g. {@code https://data.example.org/library}
 * @param prefixes              prefixes for Turtle, TriG, JSON-LD and HTML output
 * @param pageSize              triples per page
 * @param maxBindingsPerRequest the most solution mappings a brTPF request may carry (maxMpR); 0 without brTPF
 * @param maxRequestBodyBytes   the largest POST body the server accepts
 * @param preemptive            whether the dataset has a preemptive SPARQL endpoint
 */
public record DatasetDescription(String name, String title, String description, String url,
        Map<String, String> prefixes, int pageSize, int maxBindingsPerRequest, int maxRequestBodyBytes,
        boolean preemptive) {

    /** A dataset without a preemptive endpoint. */
    public DatasetDescription(String name, String title, String description, String url, Map<String, String> prefixes,
            int pageSize, int maxBindingsPerRequest, int maxRequestBodyBytes) {
        this(name, title, description, url, prefixes, pageSize, maxBindingsPerRequest, maxRequestBodyBytes, false);
    }

    /** The preemptive SPARQL endpoint ({@code void:sparqlEndpoint}), or null without one. */
    public String sparqlEndpoint() {
        return preemptive ? url + "/sparql" : null;
    }

    /** The RFC 6570 template of the TPF search form. */
    public String template() {
        return url + "{?subject,predicate,object}";
    }

    /** The dumps of the whole dataset that its description names: gzipped N-Triples, then plain. */
    public List<String> dumps() {
        return List.of(url + "/dump.nt.gz", url + "/dump.nt");
    }

    /** The RFC 6570 template of the brTPF form. */
    public String bindingsTemplate() {
        return url + "{?subject,predicate,object,values}";
    }
}
