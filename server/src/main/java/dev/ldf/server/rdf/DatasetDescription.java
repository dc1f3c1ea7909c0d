package dev.ldf.server.rdf;

import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * A dataset as clients see it.
 *
 * @param url                   the dataset's public URL, e.g. {@code https://data.example.org/library}
 * @param prefixes              prefixes for Turtle, TriG, JSON-LD and HTML output
 * @param maxBindingsPerRequest the most solution mappings a brTPF request may carry (maxMpR)
 * @param maxRequestBodyBytes   the largest POST body the server accepts
 */
public record DatasetDescription(String name, String title, String description, String url,
        Map<String, String> prefixes, int maxBindingsPerRequest, int maxRequestBodyBytes) {

    /** The dataset as a resource: {@code <url#dataset>}. */
    public Node datasetNode() {
        return NodeFactory.createURI(url + "#dataset");
    }

    /** The TPF search form: {@code <url#triplePattern>}. */
    Node formNode() {
        return NodeFactory.createURI(url + "#triplePattern");
    }

    Node mappingNode(String variable) {
        return NodeFactory.createURI(url + "#" + variable);
    }

    /** The RFC 6570 template of the TPF search form. */
    public String template() {
        return url + "{?subject,predicate,object}";
    }

    /** The brTPF form: {@code <url#bindingsRestrictedTriplePattern>}. */
    Node bindingsFormNode() {
        return NodeFactory.createURI(url + "#bindingsRestrictedTriplePattern");
    }

    /** The RFC 6570 template of the brTPF form. */
    public String bindingsTemplate() {
        return url + "{?subject,predicate,object,values}";
    }
}
