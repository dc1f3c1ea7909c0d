package dev.ldf.client.source;

import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.Table;
import org.apache.jena.sparql.algebra.TableFactory;
import org.apache.jena.sparql.algebra.TransformCopy;
import org.apache.jena.sparql.algebra.Transformer;
import org.apache.jena.sparql.algebra.op.OpTable;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.graph.NodeTransformLib;

/**
 * A server's blank nodes as the client sees them. Fragments and the preemptive endpoint send a
 * blank node as a Skolem IRI under {@code /.well-known/genid/} (RDF 1.1 Concepts 3.5), so that a
 * client can ask for its triples; SPARQL evaluates over blank nodes ({@code isBlank},
 * {@code isIRI}, {@code STR}). The client turns the source's own Skolem IRIs into blank nodes as
 * they arrive and back into the IRIs whenever it sends a term, so that every mode gives the same
 * answers as the server's data. The blank node's label is the IRI itself: the mapping needs no
 * state and is the same across pages, requests and modes.
 *
 * <p>Only IRIs of the source's own origin count: Skolem IRIs another publisher minted and that
 * the data holds as IRIs (Wikidata's, for instance) stay IRIs.
 */
public final class SkolemIris {

    private static final String GENID = "/.well-known/genid/";

    /** For a source whose blank nodes do not travel as Skolem IRIs (a SPARQL endpoint's): nothing is mapped. */
    public static final SkolemIris NONE = new SkolemIris("");

    private final String origin;

    /** The mapping for the source whose URLs start like {@code sourceUrl}. */
    public SkolemIris(String sourceUrl) {
        URI uri = URI.create(sourceUrl);
        // No origin (a relative URL) matches no IRI: then nothing is taken for a blank node.
        this.origin = uri.getScheme() == null ? "\u0000" : uri.getScheme() + "://" + uri.getRawAuthority() + "/";
    }

    /** The blank node a Skolem IRI of this source stands for; other terms unchanged. */
    public Node toBlank(Node node) {
        return node.isURI() && isOurs(node.getURI()) ? NodeFactory.createBlankNode(node.getURI()) : node;
    }

    public Triple toBlank(Triple t) {
        Node s = toBlank(t.getSubject());
        Node o = toBlank(t.getObject());
        return s == t.getSubject() && o == t.getObject() ? t : Triple.create(s, t.getPredicate(), o);
    }

    public List<Triple> toBlank(List<Triple> triples) {
        List<Triple> mapped = null;
        for (int i = 0; i < triples.size(); i++) {
            Triple t = triples.get(i);
            Triple m = toBlank(t);
            if (m != t && mapped == null) {
                mapped = new ArrayList<>(triples.subList(0, i));
            }
            if (mapped != null) {
                mapped.add(m);
            }
        }
        return mapped == null ? triples : mapped;
    }

    public Binding toBlank(Binding binding) {
        return mapValues(binding, this::toBlank);
    }

    /** The Skolem IRI a blank node of this source came as; other terms unchanged. */
    public Node toIri(Node node) {
        return node.isBlank() && isOurs(node.getBlankNodeLabel()) ? NodeFactory.createURI(node.getBlankNodeLabel()) : node;
    }

    public Triple toIri(Triple t) {
        return NodeTransformLib.transform(this::toIri, t);
    }

    public Binding toIri(Binding binding) {
        return mapValues(binding, this::toIri);
    }

    /** {@code binding} with {@code terms} applied to its values (Jena's node transform of a binding maps only its variables). */
    public static Binding mapValues(Binding binding, UnaryOperator<Node> terms) {
        BindingBuilder builder = BindingBuilder.create();
        binding.forEach((v, node) -> builder.add(v, terms.apply(node)));
        return builder.build();
    }

    /** {@code op} with its constants that are this source's Skolem IRIs as blank nodes: a query may name them. */
    public Op toBlank(Op op) {
        if (this == NONE) {
            return op;
        }
        return mapTerms(op, this::toBlank);
    }

    /** {@code op} with this source's blank nodes as their Skolem IRIs, to be written for the server. */
    public Op toIri(Op op) {
        return mapTerms(op, this::toIri);
    }

    /** Every term of {@code op}: patterns and expressions (Jena's node transform) and VALUES rows (which it leaves). */
    private static Op mapTerms(Op op, UnaryOperator<Node> terms) {
        Op mapped = NodeTransformLib.transform(terms::apply, op);
        return Transformer.transform(new TransformCopy() {
            @Override
            public Op transform(OpTable opTable) {
                if (opTable.isJoinIdentity()) {
                    return opTable;
                }
                Table table = TableFactory.create(opTable.getTable().getVars());
                opTable.getTable().rows().forEachRemaining(row -> table.addBinding(mapValues(row, terms)));
                return OpTable.create(table);
            }
        }, mapped);
    }

    /** True for a blank node that no source sent: one the query made (BNODE(), a CONSTRUCT template). */
    public boolean isForeignBlank(Node node) {
        return node.isBlank() && !isOurs(node.getBlankNodeLabel());
    }

    /**
     * A result term as an IRI again when it is a blank node some source sent as a Skolem IRI, for
     * output that a user pastes into the next query.
     */
    public static Node asSkolemIri(Node node) {
        if (node.isBlank()) {
            String label = node.getBlankNodeLabel();
            int genid = label.indexOf(GENID);
            int scheme = label.indexOf("://");
            if (genid > 0 && scheme > 0 && scheme < genid && (label.startsWith("http://") || label.startsWith("https://"))) {
                return NodeFactory.createURI(label);
            }
        }
        return node;
    }

    private boolean isOurs(String iri) {
        return iri.startsWith(origin) && iri.indexOf(GENID, origin.length() - 1) >= 0;
    }
}
