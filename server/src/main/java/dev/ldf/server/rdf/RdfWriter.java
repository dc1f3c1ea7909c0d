package dev.ldf.server.rdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.sparql.util.FmtUtils;
import org.apache.jena.vocabulary.RDF;

import dev.ldf.server.fragment.TriplePattern;

import static dev.ldf.server.rdf.Vocabulary.*;

/**
 * Writes fragments, the index and error descriptions as RDF through Jena RIOT.
 *
 * <p>Streaming formats get the metadata first, with the count as the very first triple (Comunica
 * takes the first count it sees), and then the data one triple at a time. Quad formats put the
 * metadata in the graph {@code <pageUrl#metadata>}, which holds
 * {@code <pageUrl#metadata> foaf:primaryTopic <pageUrl>}, and the data in the default graph.
 * JSON-LD and RDF/XML are written from one buffered page.
 */
public final class RdfWriter {

    private static final Map<String, String> STANDARD_PREFIXES = Map.of(
            "rdf", RDF.getURI(), "rdfs", RDFS, "xsd", XSD, "hydra", HYDRA, "void", VOID,
            "dcterms", DCTERMS, "foaf", FOAF, "brtpf", BRTPF);

    private RdfWriter() {}

    /**
     * Writes one fragment page.
     *
     * @throws UnrepresentableException when a buffered format cannot express the page (nothing has
     *                                  been written then)
     * @throws IOException              when the client goes away
     */
    public static void writeFragment(FragmentView view, OutputFormat format, OutputStream out) throws IOException {
        write(format, out, view.dataset().prefixes(), (sink, graph) -> {
            fragmentMetadata(view, sink, graph);
            for (Triple t : view.page().triples()) {
                sink.triple(view.skolemizer().skolemize(t));
            }
        }, view.pageUrl());
    }

    /** Writes the server's index: its datasets with their VoID sizes. */
    public static void writeCatalog(CatalogView view, OutputFormat format, OutputStream out) throws IOException {
        write(format, out, Map.of(), (sink, graph) -> {
            Emitter e = new Emitter(sink, null);
            Node catalog = NodeFactory.createURI(view.url());
            e.emit(catalog, TYPE, HYDRA_COLLECTION);
            e.emit(catalog, DCTERMS_TITLE, string(view.title()));
            if (!view.description().isEmpty()) {
                e.emit(catalog, DCTERMS_DESCRIPTION, string(view.description()));
            }
            for (CatalogView.Entry entry : view.datasets()) {
                e.emit(catalog, HYDRA_MEMBER, entry.dataset().datasetNode());
            }
            for (CatalogView.Entry entry : view.datasets()) {
                DatasetDescription d = entry.dataset();
                Node dataset = describeDataset(e, d);
                e.emit(dataset, NodeFactory.createURI(RDFS + "seeAlso"), NodeFactory.createURI(d.url()));
                e.emit(dataset, VOID_TRIPLES, integer(entry.statistics().triples()));
                e.emit(dataset, VOID_PROPERTIES, integer(entry.statistics().properties()));
                e.emit(dataset, VOID_DISTINCT_SUBJECTS, integer(entry.statistics().distinctSubjects()));
                e.emit(dataset, VOID_DISTINCT_OBJECTS, integer(entry.statistics().distinctObjects()));
            }
        }, null);
    }

    /** Writes an error as a {@code hydra:Error}. */
    public static void writeError(ErrorView view, OutputFormat format, OutputStream out) throws IOException {
        write(format, out, Map.of(), (sink, graph) -> {
            Emitter e = new Emitter(sink, null);
            Node error = NodeFactory.createBlankNode("error");
            e.emit(error, TYPE, HYDRA_ERROR);
            e.emit(error, HYDRA_STATUS_CODE, integer(view.status()));
            e.emit(error, HYDRA_TITLE, string(view.reason()));
            e.emit(error, HYDRA_DESCRIPTION, string(view.message()));
        }, null);
    }

    /** What to send to the sink; {@code graph} is the metadata graph, or null for triple formats. */
    private interface Content {
        void send(StreamRDF sink, Node graph);
    }

    private static void write(OutputFormat format, OutputStream out, Map<String, String> prefixes, Content content,
            String pageUrl) throws IOException {
        if (!format.isRdf()) {
            throw new IllegalArgumentException(format + " is not an RDF format");
        }
        Node graph = format.quads() && pageUrl != null ? NodeFactory.createURI(pageUrl + "#metadata") : null;
        if (format.streaming()) {
            StreamRDF sink = StreamRDFWriter.getWriterStream(out, format.rdfFormat());
            sink.start();
            declarePrefixes(sink, prefixes);
            content.send(sink, graph);
            sink.finish();
            return;
        }
        // One page (or the index) in memory, written only once it is known to be expressible.
        DatasetGraph buffer = DatasetGraphFactory.createGeneral();
        StreamRDF collector = new StreamRDFBase() {
            @Override
            public void triple(Triple triple) {
                buffer.getDefaultGraph().add(triple);
            }

            @Override
            public void quad(Quad quad) {
                buffer.add(quad);
            }

            @Override
            public void prefix(String prefix, String iri) {
                buffer.prefixes().add(prefix, iri);
            }
        };
        declarePrefixes(collector, prefixes);
        content.send(collector, graph);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
        try {
            if (format.quads()) {
                RDFDataMgr.write(bytes, buffer, format.rdfFormat());
            } else {
                RDFDataMgr.write(bytes, buffer.getDefaultGraph(), format.rdfFormat());
            }
        } catch (JenaException e) {
            throw new UnrepresentableException(format, e);
        }
        bytes.writeTo(out);
    }

    private static void declarePrefixes(StreamRDF sink, Map<String, String> prefixes) {
        STANDARD_PREFIXES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(p -> sink.prefix(p.getKey(), p.getValue()));
        prefixes.forEach((prefix, iri) -> {
            if (!STANDARD_PREFIXES.containsKey(prefix)) {
                sink.prefix(prefix, iri);
            }
        });
    }

    private static void fragmentMetadata(FragmentView view, StreamRDF sink, Node graph) {
        Emitter e = new Emitter(sink, graph);
        Node page = NodeFactory.createURI(view.pageUrl());
        DatasetDescription d = view.dataset();
        Node count = integer(view.page().count().value());
        // The count comes first: clients take the first count they see, whatever its subject.
        e.emit(page, VOID_TRIPLES, count);
        e.emit(page, HYDRA_TOTAL_ITEMS, count);
        e.emit(page, HYDRA_ITEMS_PER_PAGE, integer(view.pageSize()));
        if (graph != null) {
            e.emit(graph, FOAF_PRIMARY_TOPIC, page);
        }
        e.emit(page, TYPE, HYDRA_PARTIAL_COLLECTION_VIEW);
        e.emit(page, DCTERMS_TITLE, string("Triple Pattern Fragment of the '" + d.title() + "' dataset"));
        e.emit(page, DCTERMS_DESCRIPTION, string("Triples of the '" + d.title() + "' dataset that match "
                + describe(view.pattern()) + restriction(view) + " (page " + view.pageNumber() + ")."));
        e.emit(page, DCTERMS_SOURCE, d.datasetNode());
        e.emit(page, HYDRA_FIRST, NodeFactory.createURI(view.firstUrl()));
        if (view.previousUrl() != null) {
            e.emit(page, HYDRA_PREVIOUS, NodeFactory.createURI(view.previousUrl()));
        }
        if (view.nextUrl() != null) {
            e.emit(page, HYDRA_NEXT, NodeFactory.createURI(view.nextUrl()));
        }
        Node dataset = describeDataset(e, d);
        e.emit(dataset, VOID_SUBSET, page);
        searchForm(e, d);
        if (d.maxBindingsPerRequest() > 0) {
            bindingsForm(e, d);
        }
    }

    /** The dataset as a VoID dataset and Hydra collection with its title and description. */
    private static Node describeDataset(Emitter e, DatasetDescription d) {
        Node dataset = d.datasetNode();
        e.emit(dataset, TYPE, VOID_DATASET);
        e.emit(dataset, TYPE, HYDRA_COLLECTION);
        e.emit(dataset, DCTERMS_TITLE, string(d.title()));
        if (!d.description().isEmpty()) {
            e.emit(dataset, DCTERMS_DESCRIPTION, string(d.description()));
        }
        return dataset;
    }

    /** " restricted by N solution mappings", or nothing for a TPF request. */
    static String restriction(FragmentView view) {
        return view.bindings() == 0 ? ""
                : " restricted by " + view.bindings() + " solution mapping" + (view.bindings() == 1 ? "" : "s");
    }

    /**
     * The TPF search form with exactly three mappings: clients reject a form with any other
     * mapping, so nothing else may be added here.
     */
    private static void searchForm(Emitter e, DatasetDescription d) {
        Node form = d.formNode();
        e.emit(d.datasetNode(), HYDRA_SEARCH, form);
        e.emit(form, HYDRA_TEMPLATE, string(d.template()));
        e.emit(form, HYDRA_VARIABLE_REPRESENTATION, HYDRA_EXPLICIT_REPRESENTATION);
        String[] variables = {"subject", "predicate", "object"};
        Node[] properties = {RDF_SUBJECT, RDF_PREDICATE, RDF_OBJECT};
        for (String variable : variables) {
            e.emit(form, HYDRA_MAPPING, d.mappingNode(variable));
        }
        for (int i = 0; i < variables.length; i++) {
            Node mapping = d.mappingNode(variables[i]);
            e.emit(mapping, HYDRA_VARIABLE, string(variables[i]));
            e.emit(mapping, HYDRA_PROPERTY, properties[i]);
        }
    }

    /**
     * The brTPF control, on every page so that clients discover it wherever they start. It is
     * linked with its own property and not {@code hydra:search}: a second search form, or a fourth
     * mapping on the TPF form, makes TPF clients such as Comunica reject the page.
     */
    private static void bindingsForm(Emitter e, DatasetDescription d) {
        Node form = d.bindingsFormNode();
        e.emit(d.datasetNode(), BRTPF_SEARCH, form);
        e.emit(form, HYDRA_TEMPLATE, string(d.bindingsTemplate()));
        e.emit(form, HYDRA_VARIABLE_REPRESENTATION, HYDRA_EXPLICIT_REPRESENTATION);
        for (String variable : new String[] {"subject", "predicate", "object", "values"}) {
            e.emit(form, HYDRA_MAPPING, d.mappingNode(variable));
        }
        e.emit(d.mappingNode("values"), HYDRA_VARIABLE, string("values"));
        e.emit(d.mappingNode("values"), HYDRA_PROPERTY, BRTPF_VALUES);
        e.emit(form, BRTPF_MAX_BINDINGS, integer(d.maxBindingsPerRequest()));
        e.emit(form, BRTPF_MAX_BODY, integer(d.maxRequestBodyBytes()));
    }

    /** The pattern in SPARQL syntax, for descriptions. */
    static String describe(TriplePattern pattern) {
        return "{ " + term(pattern.subject(), "s") + " " + term(pattern.predicate(), "p") + " "
                + term(pattern.object(), "o") + " }";
    }

    private static String term(Node node, String anonymousName) {
        return node == Node.ANY ? "?" + anonymousName : FmtUtils.stringForNode(node);
    }

    static Node integer(long value) {
        return NodeFactory.createLiteralDT(Long.toString(value), XSDDatatype.XSDinteger);
    }

    private static Node string(String value) {
        return NodeFactory.createLiteralString(value);
    }

    /** Sends triples to a sink, into {@code graph} when it is not null. */
    private record Emitter(StreamRDF sink, Node graph) {
        void emit(Node s, Node p, Node o) {
            if (graph == null) {
                sink.triple(Triple.create(s, p, o));
            } else {
                sink.quad(Quad.create(graph, s, p, o));
            }
        }
    }
}
