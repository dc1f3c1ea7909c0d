package dev.ldf.server.fragment;

import java.net.URLDecoder;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;

/**
 * Replaces a dataset's blank nodes by Skolem IRIs (RDF 1.1 Concepts, section 3.5) on the way out,
 * and those IRIs by the blank nodes again on the way in.
 *
 * <p>A blank node label is only meaningful inside one document, but a TPF client joins triples
 * from many pages: without Skolem IRIs it could never ask for the triples of a blank node it has
 * seen. The IRIs are {@code <prefix><label>}, with {@code prefix} ending in
 * {@code /.well-known/genid/<dataset>/}.
 */
public final class Skolemizer {

    private final String prefix;

    public Skolemizer(String prefix) {
        this.prefix = prefix;
    }

    public String prefix() {
        return prefix;
    }

    /** The Skolem IRI for a blank node; other terms unchanged. */
    public Node skolemize(Node node) {
        if (!node.isBlank()) {
            return node;
        }
        String label = URLEncoder.encode(node.getBlankNodeLabel(), StandardCharsets.UTF_8).replace("+", "%20");
        return NodeFactory.createURI(prefix + label);
    }

    public Triple skolemize(Triple t) {
        if (!t.getSubject().isBlank() && !t.getObject().isBlank()) {
            return t;
        }
        return Triple.create(skolemize(t.getSubject()), t.getPredicate(), skolemize(t.getObject()));
    }

    /** The blank node for one of this skolemizer's IRIs; other terms unchanged. */
    public Node deskolemize(Node node) {
        if (node.isURI() && node.getURI().startsWith(prefix) && node.getURI().length() > prefix.length()) {
            String label = URLDecoder.decode(node.getURI().substring(prefix.length()), StandardCharsets.UTF_8);
            return NodeFactory.createBlankNode(label);
        }
        return node;
    }

    public Triple deskolemize(Triple t) {
        Node s = deskolemize(t.getSubject());
        Node o = deskolemize(t.getObject());
        return s == t.getSubject() && o == t.getObject() ? t : Triple.create(s, t.getPredicate(), o);
    }

    public TriplePattern deskolemize(TriplePattern pattern) {
        return new TriplePattern(deskolemize(pattern.subject()), deskolemize(pattern.predicate()),
                deskolemize(pattern.object()));
    }
}
