package dev.ldf.server.rdf;

import java.util.List;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.sparql.core.Quad;

import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.PredicateCount;

import static dev.ldf.server.rdf.Vocabulary.*;

/**
 * What each answer says in RDF, sent to a RIOT {@link StreamRDF} statement by statement: a
 * fragment's metadata with the count as the very first statement (Comunica takes the first count
 * it sees), its controls, then its data; the index; an error as a {@code hydra:Error}.
 *
 * <p>Metadata goes into {@code graph} when it is not null (quad formats), else it is mixed with
 * the data as triples.
 */
final class RdfStatements {

    private RdfStatements() {}

    /**
     * Statements that depend on nothing but the dataset, emitted as a block so that a writer may
     * keep their serialisation ({@link LineWriter} does).
     */
    enum DatasetBlock {
        /** The dataset as a VoID dataset and Hydra collection with its title and description. */
        DESCRIPTION,
        /** The TPF search form and, when the dataset takes bindings, the brTPF form. */
        CONTROLS;

        void emit(Emitter e, DatasetDescription d) {
            if (this == DESCRIPTION) {
                describeDataset(e, d);
                return;
            }
            searchForm(e, d);
            if (d.maxBindingsPerRequest() > 0) {
                bindingsForm(e, d);
            }
        }
    }

    /** How a writer has dataset blocks emitted: these statements, or what it kept of them. */
    interface BlockEmitter {
        BlockEmitter DIRECT = (block, e, d) -> block.emit(e, d);

        void emit(DatasetBlock block, Emitter e, DatasetDescription d);
    }

    /** The fragment page: metadata and controls first, then the data, skolemized, one triple at a time. */
    static void fragment(Fragment fragment, StreamRDF sink, Node graph) {
        metadata(fragment, sink, graph, BlockEmitter.DIRECT);
        for (Triple t : fragment.page().triples()) {
            sink.triple(fragment.skolemizer().skolemize(t));
        }
    }

    /**
     * A fragment page's metadata and controls, the count first.
     *
     * <p>A bindings-restricted page names itself by its request URL, which carries the bindings
     * (2–3 KB with 30 of them), so it says only what a client acts on: the count, the page size
     * and the links to other pages, then the dataset and its forms. The title, description, type,
     * source and {@code void:subset} that a TPF page adds would repeat that URL six more times and
     * make up most of the response; the HTML view of the same page still shows them.
     */
    static void metadata(Fragment fragment, StreamRDF sink, Node graph, BlockEmitter blocks) {
        Emitter e = new Emitter(sink, graph);
        Node page = NodeFactory.createURI(fragment.links().self());
        DatasetDescription d = fragment.dataset();
        boolean restricted = fragment.request().bindingCount() > 0;
        Node count = integer(fragment.page().count().value());
        // The count comes first: clients take the first count they see, whatever its subject.
        e.emit(page, VOID_TRIPLES, count);
        e.emit(page, HYDRA_TOTAL_ITEMS, count);
        e.emit(page, HYDRA_ITEMS_PER_PAGE, integer(d.pageSize()));
        if (graph != null) {
            e.emit(graph, FOAF_PRIMARY_TOPIC, page);
        }
        if (!restricted) {
            e.emit(page, TYPE, HYDRA_PARTIAL_COLLECTION_VIEW);
            e.emit(page, DCTERMS_TITLE, string("Triple Pattern Fragment of the '" + d.title() + "' dataset"));
            e.emit(page, DCTERMS_DESCRIPTION, string("Triples of the '" + d.title() + "' dataset that match "
                    + PatternText.of(fragment.request().pattern()) + " (page " + fragment.request().page() + ")."));
            e.emit(page, DCTERMS_SOURCE, datasetNode(d));
        }
        if (!restricted || fragment.request().page() > 1) {
            e.emit(page, HYDRA_FIRST, NodeFactory.createURI(fragment.links().first()));
        }
        if (fragment.links().previous() != null) {
            e.emit(page, HYDRA_PREVIOUS, NodeFactory.createURI(fragment.links().previous()));
        }
        if (fragment.links().next() != null) {
            e.emit(page, HYDRA_NEXT, NodeFactory.createURI(fragment.links().next()));
        }
        blocks.emit(DatasetBlock.DESCRIPTION, e, d);
        if (!restricted && fragment.request().pattern().isAllVariables()) {
            // The dataset's own page (no pattern) is where a crawler looks for its dumps.
            dataDumps(e, d);
            if (fragment.request().page() == 1) {
                propertyPartitions(e, d, fragment.partitions().get());
            }
        }
        if (!restricted) {
            e.emit(datasetNode(d), VOID_SUBSET, page);
        }
        blocks.emit(DatasetBlock.CONTROLS, e, d);
    }

    /** The server's index: its datasets with their VoID sizes. */
    static void catalog(Catalog catalog, StreamRDF sink) {
        Emitter e = new Emitter(sink, null);
        Node index = NodeFactory.createURI(catalog.server().indexUrl());
        e.emit(index, TYPE, HYDRA_COLLECTION);
        e.emit(index, DCTERMS_TITLE, string(catalog.server().title()));
        if (!catalog.server().description().isEmpty()) {
            e.emit(index, DCTERMS_DESCRIPTION, string(catalog.server().description()));
        }
        for (Catalog.Entry entry : catalog.datasets()) {
            e.emit(index, HYDRA_MEMBER, datasetNode(entry.dataset()));
        }
        for (Catalog.Entry entry : catalog.datasets()) {
            DatasetDescription d = entry.dataset();
            Node dataset = describeDataset(e, d);
            e.emit(dataset, RDFS_SEE_ALSO, NodeFactory.createURI(d.url()));
            e.emit(dataset, VOID_TRIPLES, integer(entry.statistics().triples()));
            e.emit(dataset, VOID_PROPERTIES, integer(entry.statistics().properties()));
            e.emit(dataset, VOID_DISTINCT_SUBJECTS, integer(entry.statistics().distinctSubjects()));
            e.emit(dataset, VOID_DISTINCT_OBJECTS, integer(entry.statistics().distinctObjects()));
            dataDumps(e, d);
        }
    }

    /** An error as a {@code hydra:Error}. */
    static void error(ErrorView view, StreamRDF sink) {
        Emitter e = new Emitter(sink, null);
        Node error = NodeFactory.createBlankNode("error");
        e.emit(error, TYPE, HYDRA_ERROR);
        e.emit(error, HYDRA_STATUS_CODE, integer(view.status()));
        e.emit(error, HYDRA_TITLE, string(view.reason()));
        e.emit(error, HYDRA_DESCRIPTION, string(view.message()));
    }

    /** " restricted by N solution mappings", or nothing for a TPF request. */
    static String restriction(int bindings) {
        return bindings == 0 ? "" : " restricted by " + bindings + " solution mapping" + (bindings == 1 ? "" : "s");
    }

    /** The dataset as a VoID dataset and Hydra collection with its title and description. */
    private static Node describeDataset(Emitter e, DatasetDescription d) {
        Node dataset = datasetNode(d);
        e.emit(dataset, TYPE, VOID_DATASET);
        e.emit(dataset, TYPE, HYDRA_COLLECTION);
        e.emit(dataset, DCTERMS_TITLE, string(d.title()));
        if (!d.description().isEmpty()) {
            e.emit(dataset, DCTERMS_DESCRIPTION, string(d.description()));
        }
        return dataset;
    }

    /**
     * Every predicate with its count, as VoID property partitions, with {@code void:properties}
     * saying that the list is complete; nothing where the dataset does not give them.
     */
    private static void propertyPartitions(Emitter e, DatasetDescription d, List<PredicateCount> partitions) {
        if (partitions.isEmpty()) {
            return;
        }
        Node dataset = datasetNode(d);
        e.emit(dataset, VOID_PROPERTIES, integer(partitions.size()));
        int n = 0;
        for (PredicateCount partition : partitions) {
            Node node = NodeFactory.createURI(d.url() + "#property-" + ++n);
            e.emit(dataset, VOID_PROPERTY_PARTITION, node);
            e.emit(node, VOID_PROPERTY, partition.predicate());
            e.emit(node, VOID_TRIPLES, integer(partition.triples()));
        }
    }

    private static void dataDumps(Emitter e, DatasetDescription d) {
        for (String dump : d.dumps()) {
            e.emit(datasetNode(d), VOID_DATA_DUMP, NodeFactory.createURI(dump));
        }
        if (d.sparqlEndpoint() != null) {
            e.emit(datasetNode(d), VOID_SPARQL_ENDPOINT, NodeFactory.createURI(d.sparqlEndpoint()));
        }
    }

    /**
     * The TPF search form with exactly three mappings: clients reject a form with any other
     * mapping, so nothing else may be added here.
     */
    private static void searchForm(Emitter e, DatasetDescription d) {
        Node form = NodeFactory.createURI(d.url() + "#triplePattern");
        e.emit(datasetNode(d), HYDRA_SEARCH, form);
        e.emit(form, HYDRA_TEMPLATE, string(d.template()));
        e.emit(form, HYDRA_VARIABLE_REPRESENTATION, HYDRA_EXPLICIT_REPRESENTATION);
        String[] variables = {"subject", "predicate", "object"};
        Node[] properties = {RDF_SUBJECT, RDF_PREDICATE, RDF_OBJECT};
        for (String variable : variables) {
            e.emit(form, HYDRA_MAPPING, mappingNode(d, variable));
        }
        for (int i = 0; i < variables.length; i++) {
            Node mapping = mappingNode(d, variables[i]);
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
        Node form = NodeFactory.createURI(d.url() + "#bindingsRestrictedTriplePattern");
        e.emit(datasetNode(d), BRTPF_SEARCH, form);
        e.emit(form, HYDRA_TEMPLATE, string(d.bindingsTemplate()));
        e.emit(form, HYDRA_VARIABLE_REPRESENTATION, HYDRA_EXPLICIT_REPRESENTATION);
        for (String variable : new String[] {"subject", "predicate", "object", "values"}) {
            e.emit(form, HYDRA_MAPPING, mappingNode(d, variable));
        }
        e.emit(mappingNode(d, "values"), HYDRA_VARIABLE, string("values"));
        e.emit(mappingNode(d, "values"), HYDRA_PROPERTY, BRTPF_VALUES);
        e.emit(form, BRTPF_MAX_BINDINGS, integer(d.maxBindingsPerRequest()));
        e.emit(form, BRTPF_MAX_BODY, integer(d.maxRequestBodyBytes()));
    }

    /** The dataset as a resource: {@code <url#dataset>}. */
    private static Node datasetNode(DatasetDescription d) {
        return NodeFactory.createURI(d.url() + "#dataset");
    }

    private static Node mappingNode(DatasetDescription d, String variable) {
        return NodeFactory.createURI(d.url() + "#" + variable);
    }

    private static Node integer(long value) {
        return NodeFactory.createLiteralDT(Long.toString(value), XSDDatatype.XSDinteger);
    }

    private static Node string(String value) {
        return NodeFactory.createLiteralString(value);
    }

    /** Sends statements to a sink, into {@code graph} when it is not null. */
    record Emitter(StreamRDF sink, Node graph) {
        void emit(Node s, Node p, Node o) {
            if (graph == null) {
                sink.triple(Triple.create(s, p, o));
            } else {
                sink.quad(Quad.create(graph, s, p, o));
            }
        }
    }
}
