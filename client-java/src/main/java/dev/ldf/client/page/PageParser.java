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
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.graph.GraphFactory;

/**
 * Parses a fragment page with Jena RIOT as it streams in, and separates data from metadata.
 *
 * <p>Quad formats put the metadata in a named graph whose {@code foaf:primaryTopic} is the page
 * (our server and Server.js use {@code <page#metadata>}); data is the default graph. In triple
 * formats every triple is data and metadata at once; clients keep only the triples that match
 * the pattern they asked for.
 */
public final class PageParser {

    static final String HYDRA = "http://www.w3.org/ns/hydra/core#";
    static final String VOID = "http://rdfs.org/ns/void#";
    static final String BRTPF = "https://w3id.org/brtpf#";
    private static final Node PRIMARY_TOPIC = NodeFactory.createURI("http://xmlns.com/foaf/0.1/primaryTopic");

    private PageParser() {}

    /**
     * Reads a page.
     *
     * @throws RiotException when the body is not RDF in {@code lang}
     */
    public static Page parse(InputStream body, Lang lang, String url) {
        List<Quad> quads = new ArrayList<>();
        RDFParser.create().source(body).lang(lang).base(url)
                // Errors become the exception the caller reports, not a log line of their own.
                .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging).parse(new StreamRDFBase() {
            @Override
            public void triple(Triple triple) {
                quads.add(Quad.create(Quad.defaultGraphNodeGenerated, triple));
            }

            @Override
            public void quad(Quad quad) {
                quads.add(quad);
            }
        });
        Node page = NodeFactory.createURI(url);
        Node metadataGraph = null;
        for (Quad q : quads) {
            if (!q.isDefaultGraph() && q.getPredicate().equals(PRIMARY_TOPIC) && q.getObject().equals(page)) {
                metadataGraph = q.getGraph();
                break;
            }
        }
        if (metadataGraph == null) {
            metadataGraph = NodeFactory.createURI(url + "#metadata");
        }
        List<Triple> data = new ArrayList<>();
        Graph metadata = GraphFactory.createGraphMem();
        boolean separated = false;
        for (Quad q : quads) {
            if (q.getGraph().equals(metadataGraph)) {
                metadata.add(q.asTriple());
                separated = true;
            }
        }
        for (Quad q : quads) {
            if (q.isDefaultGraph()) {
                data.add(q.asTriple());
                if (!separated) {
                    metadata.add(q.asTriple());
                }
            }
        }
        return new Page(url, data, count(metadata, page), link(metadata, page), controls(metadata),
                separated ? metadata.size() : 0);
    }

    /** The first count about the page, or about anything when the page has none of its own. */
    private static OptionalLong count(Graph metadata, Node page) {
        for (String property : new String[] {VOID + "triples", HYDRA + "totalItems"}) {
            Node p = NodeFactory.createURI(property);
            Optional<Triple> own = metadata.find(page, p, Node.ANY).toList().stream().findFirst();
            Optional<Triple> any = own.isPresent() ? own : metadata.find(Node.ANY, p, Node.ANY).toList().stream().findFirst();
            if (any.isPresent() && any.get().getObject().isLiteral()) {
                try {
                    return OptionalLong.of(Long.parseLong(any.get().getObject().getLiteralLexicalForm().trim()));
                } catch (NumberFormatException e) {
                    // Not a count after all; try the next property.
                }
            }
        }
        return OptionalLong.empty();
    }

    private static Optional<String> link(Graph metadata, Node page) {
        for (String property : new String[] {HYDRA + "next", HYDRA + "nextPage"}) {
            var found = metadata.find(page, NodeFactory.createURI(property), Node.ANY).toList();
            if (!found.isEmpty() && found.get(0).getObject().isURI()) {
                return Optional.of(found.get(0).getObject().getURI());
            }
        }
        return Optional.empty();
    }

    private static Controls controls(Graph metadata) {
        Optional<SearchForm> tpf = form(metadata, HYDRA + "search");
        Optional<SearchForm> brtpf = form(metadata, BRTPF + "bindingsRestrictedSearch");
        int maxBindings = 0;
        long maxBody = 0;
        if (brtpf.isPresent()) {
            Node formNode = metadata.find(Node.ANY, NodeFactory.createURI(BRTPF + "bindingsRestrictedSearch"), Node.ANY)
                    .next().getObject();
            maxBindings = (int) number(metadata, formNode, BRTPF + "maxBindingsPerRequest");
            maxBody = number(metadata, formNode, BRTPF + "maxRequestBodyBytes");
        }
        return new Controls(tpf, brtpf, maxBindings, maxBody);
    }

    private static Optional<SearchForm> form(Graph metadata, String linkProperty) {
        var links = metadata.find(Node.ANY, NodeFactory.createURI(linkProperty), Node.ANY).toList();
        for (Triple link : links) {
            Node form = link.getObject();
            var templates = metadata.find(form, NodeFactory.createURI(HYDRA + "template"), Node.ANY).toList();
            if (templates.isEmpty() || !templates.get(0).getObject().isLiteral()) {
                continue;
            }
            Map<String, String> mappings = new HashMap<>();
            for (Triple mapping : metadata.find(form, NodeFactory.createURI(HYDRA + "mapping"), Node.ANY).toList()) {
                var variable = metadata.find(mapping.getObject(), NodeFactory.createURI(HYDRA + "variable"), Node.ANY).toList();
                var property = metadata.find(mapping.getObject(), NodeFactory.createURI(HYDRA + "property"), Node.ANY).toList();
                if (!variable.isEmpty() && !property.isEmpty() && property.get(0).getObject().isURI()) {
                    mappings.put(property.get(0).getObject().getURI(), variable.get(0).getObject().getLiteralLexicalForm());
                }
            }
            SearchForm parsed = SearchForm.parse(templates.get(0).getObject().getLiteralLexicalForm(), mappings);
            if (parsed != null) {
                return Optional.of(parsed);
            }
        }
        return Optional.empty();
    }

    private static long number(Graph metadata, Node subject, String property) {
        var found = metadata.find(subject, NodeFactory.createURI(property), Node.ANY).toList();
        if (found.isEmpty() || !found.get(0).getObject().isLiteral()) {
            return 0;
        }
        try {
            return Long.parseLong(found.get(0).getObject().getLiteralLexicalForm().trim());
        } catch (NumberFormatException e) {
            return 0;
        }
    }
}
