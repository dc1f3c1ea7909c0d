package dev.ldf.client.page;

import java.io.InputStream;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphFactory;

import static dev.ldf.client.page.Vocabulary.*;

/**
 * Parses a fragment page with Jena RIOT as it streams in, in one pass: data triples go straight
 * to the page's data; metadata (small: the count, the links, the forms) to a graph of its own.
 *
 * <p>Quad formats put the metadata in a named graph whose {@code foaf:primaryTopic} is the page
 * (our server and Server.js use {@code <page#metadata>}); data is the default graph. In triple
 * formats every triple is data, and the Hydra, VoID and brTPF statements among them are read as
 * metadata too; clients keep only the triples that match the pattern they asked for.
 */
public final class PageParser {

    /** The largest count a page is taken to state: far above any dataset, far below overflow when counts are added. */
    private static final long MAX_COUNT = 1L << 50;

    private PageParser() {}

    /**
     * Reads a page.
     *
     * @throws RiotException when the body is not RDF in {@code lang}
     */
    public static Page parse(InputStream body, Lang lang, String url) {
        Node page = NodeFactory.createURI(url);
        Sink sink = new Sink(page);
        RDFParser.create().source(body).lang(lang).base(url)
                // Errors become the exception the caller reports, not a log line of their own.
                .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging).parse(sink);
        Graph named = sink.graphs.get(sink.metadataGraph != null ? sink.metadataGraph
                : NodeFactory.createURI(url + "#metadata"));
        boolean separated = named != null && !named.isEmpty();
        Graph metadata = separated ? named : sink.controls;
        return new Page(url, sink.data, count(metadata, page), link(metadata, page), controls(metadata),
                separated ? metadata.size() : 0);
    }

    /** Where each statement goes as it is parsed. */
    private static final class Sink extends StreamRDFBase {
        private final Node page;
        final List<Triple> data = new ArrayList<>();
        /** The control statements of the default graph: the metadata when the page has no graph for it. */
        final Graph controls = GraphFactory.createGraphMem();
        final Map<Node, Graph> graphs = new HashMap<>();
        Node metadataGraph;

        Sink(Node page) {
            this.page = page;
        }

        @Override
        public void triple(Triple triple) {
            data.add(triple);
            if (Vocabulary.isControl(triple.getPredicate())) {
                controls.add(triple);
            }
        }

        @Override
        public void quad(Quad quad) {
            if (quad.isDefaultGraph()) {
                triple(quad.asTriple());
                return;
            }
            graphs.computeIfAbsent(quad.getGraph(), g -> GraphFactory.createGraphMem()).add(quad.asTriple());
            if (metadataGraph == null && quad.getPredicate().equals(FOAF_PRIMARY_TOPIC) && quad.getObject().equals(page)) {
                metadataGraph = quad.getGraph();
            }
        }
    }

    /**
     * The first count about the page, or about anything when the page has none of its own. A
     * count only orders the joins, so one that no fragment can have (negative) is none, and a
     * larger one than {@link #MAX_COUNT} is that: sums and comparisons of counts cannot overflow.
     */
    private static OptionalLong count(Graph metadata, Node page) {
        for (Node property : new Node[] {VOID_TRIPLES, HYDRA_TOTAL_ITEMS}) {
            Optional<Triple> own = first(metadata, page, property);
            Optional<Triple> any = own.isPresent() ? own : first(metadata, Node.ANY, property);
            if (any.isPresent() && any.get().getObject().isLiteral()) {
                try {
                    long count = Long.parseLong(any.get().getObject().getLiteralLexicalForm().trim());
                    if (count >= 0) {
                        return OptionalLong.of(Math.min(count, MAX_COUNT));
                    }
                } catch (NumberFormatException e) {
                    // Not a count after all; try the next property.
                }
            }
        }
        return OptionalLong.empty();
    }

    private static Optional<String> link(Graph metadata, Node page) {
        for (Node property : new Node[] {HYDRA_NEXT, HYDRA_NEXT_PAGE}) {
            Optional<Triple> found = first(metadata, page, property);
            if (found.isPresent() && found.get().getObject().isURI()) {
                return Optional.of(found.get().getObject().getURI());
            }
        }
        return Optional.empty();
    }

    private static Controls controls(Graph metadata) {
        Optional<SearchForm> tpf = form(metadata, HYDRA_SEARCH);
        Optional<SearchForm> brtpf = form(metadata, BRTPF_SEARCH);
        int maxBindings = 0;
        long maxBody = 0;
        if (brtpf.isPresent()) {
            Node formNode = first(metadata, Node.ANY, BRTPF_SEARCH).orElseThrow().getObject();
            maxBindings = (int) number(metadata, formNode, BRTPF_MAX_BINDINGS);
            maxBody = number(metadata, formNode, BRTPF_MAX_BODY);
        }
        Optional<String> endpoint = first(metadata, Node.ANY, VOID_SPARQL_ENDPOINT)
                .filter(t -> t.getObject().isURI()).map(t -> t.getObject().getURI());
        return new Controls(tpf, brtpf, maxBindings, maxBody, endpoint, predicates(metadata));
    }

    /**
     * The dataset's predicates with their counts, from its VoID property partitions, where they
     * are complete: as many as its {@code void:properties} says it has.
     */
    private static Optional<Map<Node, Long>> predicates(Graph metadata) {
        for (Triple declared : metadata.find(Node.ANY, VOID_PROPERTIES, Node.ANY).toList()) {
            Node dataset = declared.getSubject();
            long properties = number(metadata, dataset, VOID_PROPERTIES);
            Map<Node, Long> counts = new HashMap<>();
            for (Triple partition : metadata.find(dataset, VOID_PROPERTY_PARTITION, Node.ANY).toList()) {
                Optional<Triple> property = first(metadata, partition.getObject(), VOID_PROPERTY);
                Optional<Triple> triples = first(metadata, partition.getObject(), VOID_TRIPLES);
                if (property.isPresent() && property.get().getObject().isURI() && triples.isPresent()) {
                    counts.put(property.get().getObject(), number(metadata, partition.getObject(), VOID_TRIPLES));
                }
            }
            if (properties > 0 && counts.size() == properties) {
                return Optional.of(Map.copyOf(counts));
            }
        }
        return Optional.empty();
    }

    private static Optional<SearchForm> form(Graph metadata, Node linkProperty) {
        for (Triple link : metadata.find(Node.ANY, linkProperty, Node.ANY).toList()) {
            Node form = link.getObject();
            Optional<Triple> template = first(metadata, form, HYDRA_TEMPLATE);
            if (template.isEmpty() || !template.get().getObject().isLiteral()) {
                continue;
            }
            Map<String, String> mappings = new HashMap<>();
            for (Triple mapping : metadata.find(form, HYDRA_MAPPING, Node.ANY).toList()) {
                Optional<Triple> variable = first(metadata, mapping.getObject(), HYDRA_VARIABLE);
                Optional<Triple> property = first(metadata, mapping.getObject(), HYDRA_PROPERTY);
                if (variable.isPresent() && property.isPresent() && property.get().getObject().isURI()) {
                    mappings.put(property.get().getObject().getURI(), variable.get().getObject().getLiteralLexicalForm());
                }
            }
            SearchForm parsed = SearchForm.parse(template.get().getObject().getLiteralLexicalForm(), mappings);
            if (parsed != null) {
                return Optional.of(parsed);
            }
        }
        return Optional.empty();
    }

    private static long number(Graph metadata, Node subject, Node property) {
        Optional<Triple> found = first(metadata, subject, property);
        if (found.isEmpty() || !found.get().getObject().isLiteral()) {
            return 0;
        }
        try {
            return Long.parseLong(found.get().getObject().getLiteralLexicalForm().trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static Optional<Triple> first(Graph graph, Node subject, Node predicate) {
        var it = graph.find(subject, predicate, Node.ANY);
        try {
            return it.hasNext() ? Optional.of(it.next()) : Optional.empty();
        } finally {
            it.close();
        }
    }
}
