package dev.ldf.server.rdf;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.vocabulary.RDF;

/** The Hydra Core, VoID, DCMI, FOAF and brTPF terms the server writes (and reads in HDT headers): defined here once. */
public final class Vocabulary {

    static final String HYDRA = "http://www.w3.org/ns/hydra/core#";
    public static final String VOID = "http://rdfs.org/ns/void#";
    static final String DCTERMS = "http://purl.org/dc/terms/";
    static final String FOAF = "http://xmlns.com/foaf/0.1/";
    static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    static final String RDFS = "http://www.w3.org/2000/01/rdf-schema#";
    /**
     * Terms for the brTPF control, which no standard vocabulary has. Provisional: the namespace
     * is to be registered with w3id.org before a public release.
     */
    static final String BRTPF = "https://w3id.org/brtpf#";
    /**
     * The HDT header term of a live dataset's compacted file: the version of the last patch folded
     * into it, after which its patch log goes on. Provisional like {@link #BRTPF}.
     */
    public static final String COMPACTED_VERSION = "https://w3id.org/ldf-hdt/live#compactedVersion";

    static final Node TYPE = RDF.type.asNode();
    static final Node RDF_SUBJECT = RDF.subject.asNode();
    static final Node RDF_PREDICATE = RDF.predicate.asNode();
    static final Node RDF_OBJECT = RDF.object.asNode();

    static final Node HYDRA_COLLECTION = hydra("Collection");
    static final Node HYDRA_PARTIAL_COLLECTION_VIEW = hydra("PartialCollectionView");
    static final Node HYDRA_IRI_TEMPLATE = hydra("IriTemplate");
    static final Node HYDRA_IRI_TEMPLATE_MAPPING = hydra("IriTemplateMapping");
    static final Node HYDRA_ERROR = hydra("Error");
    static final Node HYDRA_TOTAL_ITEMS = hydra("totalItems");
    static final Node HYDRA_ITEMS_PER_PAGE = hydra("itemsPerPage");
    static final Node HYDRA_FIRST = hydra("first");
    static final Node HYDRA_PREVIOUS = hydra("previous");
    static final Node HYDRA_NEXT = hydra("next");
    static final Node HYDRA_SEARCH = hydra("search");
    static final Node HYDRA_TEMPLATE = hydra("template");
    static final Node HYDRA_VARIABLE_REPRESENTATION = hydra("variableRepresentation");
    static final Node HYDRA_EXPLICIT_REPRESENTATION = hydra("ExplicitRepresentation");
    static final Node HYDRA_MAPPING = hydra("mapping");
    static final Node HYDRA_VARIABLE = hydra("variable");
    static final Node HYDRA_PROPERTY = hydra("property");
    static final Node HYDRA_MEMBER = hydra("member");
    static final Node HYDRA_STATUS_CODE = hydra("statusCode");
    static final Node HYDRA_TITLE = hydra("title");
    static final Node HYDRA_DESCRIPTION = hydra("description");

    static final Node VOID_DATASET = voidTerm("Dataset");
    static final Node VOID_TRIPLES = voidTerm("triples");
    static final Node VOID_SUBSET = voidTerm("subset");
    static final Node VOID_DATA_DUMP = voidTerm("dataDump");
    static final Node VOID_SPARQL_ENDPOINT = voidTerm("sparqlEndpoint");
    static final Node VOID_PROPERTIES = voidTerm("properties");
    static final Node VOID_PROPERTY_PARTITION = voidTerm("propertyPartition");
    static final Node VOID_PROPERTY = voidTerm("property");
    static final Node VOID_DISTINCT_SUBJECTS = voidTerm("distinctSubjects");
    static final Node VOID_DISTINCT_OBJECTS = voidTerm("distinctObjects");

    static final Node BRTPF_SEARCH = NodeFactory.createURI(BRTPF + "bindingsRestrictedSearch");
    static final Node BRTPF_VALUES = NodeFactory.createURI(BRTPF + "values");
    static final Node BRTPF_MAX_BINDINGS = NodeFactory.createURI(BRTPF + "maxBindingsPerRequest");
    static final Node BRTPF_MAX_BODY = NodeFactory.createURI(BRTPF + "maxRequestBodyBytes");

    static final Node RDFS_SEE_ALSO = NodeFactory.createURI(RDFS + "seeAlso");

    static final Node DCTERMS_TITLE = NodeFactory.createURI(DCTERMS + "title");
    static final Node DCTERMS_DESCRIPTION = NodeFactory.createURI(DCTERMS + "description");
    static final Node DCTERMS_SOURCE = NodeFactory.createURI(DCTERMS + "source");
    static final Node FOAF_PRIMARY_TOPIC = NodeFactory.createURI(FOAF + "primaryTopic");

    private Vocabulary() {}

    private static Node hydra(String local) {
        return NodeFactory.createURI(HYDRA + local);
    }

    private static Node voidTerm(String local) {
        return NodeFactory.createURI(VOID + local);
    }
}
