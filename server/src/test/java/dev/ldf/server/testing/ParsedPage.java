package dev.ldf.server.testing;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphFactory;

/**
 * A fragment page parsed back with Jena as a client reads it: for quad formats the data is the
 * default graph (in document order) and the metadata the graph {@code <url#metadata>}; for
 * triple formats every triple is both.
 */
public record ParsedPage(String url, List<Triple> data, Graph metadata, List<Quad> quads) {

    public static final String HYDRA = "http://www.w3.org/ns/hydra/core#";
    public static final String VOID = "http://rdfs.org/ns/void#";

    public static ParsedPage parse(String url, String body, Lang lang) {
        List<Quad> quads = new ArrayList<>();
        RDFParser.fromString(body, lang).base(url).parse(new StreamRDFBase() {
            @Override
            public void triple(Triple triple) {
                quads.add(Quad.create(Quad.defaultGraphNodeGenerated, triple));
            }

            @Override
            public void quad(Quad quad) {
                quads.add(quad);
            }
        });
        Node metadataGraph = NodeFactory.createURI(url + "#metadata");
        boolean quadFormat = quads.stream().anyMatch(q -> q.getGraph().equals(metadataGraph));
        List<Triple> data = new ArrayList<>();
        Graph metadata = GraphFactory.createDefaultGraph();
        for (Quad q : quads) {
            if (q.isDefaultGraph()) {
                data.add(q.asTriple());
                if (!quadFormat) {
                    metadata.add(q.asTriple());
                }
            } else if (q.getGraph().equals(metadataGraph)) {
                metadata.add(q.asTriple());
            }
        }
        if (!quadFormat) {
            // In triple formats data and metadata are mixed: the data are the triples that are not
            // about the page, the dataset or its controls.
            data.removeIf(t -> isControl(t, url));
        }
        return new ParsedPage(url, data, metadata, quads);
    }

    private static boolean isControl(Triple t, String url) {
        if (!t.getSubject().isURI()) {
            return false;
        }
        String s = t.getSubject().getURI();
        String dataset = url.contains("?") ? url.substring(0, url.indexOf('?')) : url;
        return s.equals(url) || s.startsWith(dataset + "#") || s.equals(url + "#metadata");
    }

    public Node page() {
        return NodeFactory.createURI(url);
    }

    /** The {@code void:triples} count of this page's fragment. */
    public long count() {
        return integer(page(), VOID + "triples").orElseThrow(() -> new AssertionError("no void:triples for " + url));
    }

    public Optional<Long> integer(Node subject, String predicate) {
        return metadata.find(subject, NodeFactory.createURI(predicate), Node.ANY).toList().stream()
                .findFirst().map(t -> Long.parseLong(t.getObject().getLiteralLexicalForm()));
    }

    public Optional<String> link(String hydraTerm) {
        return metadata.find(page(), NodeFactory.createURI(HYDRA + hydraTerm), Node.ANY).toList().stream()
                .findFirst().map(t -> t.getObject().getURI());
    }

    public Optional<String> next() {
        return link("next");
    }
}
