package dev.ldf.client.page;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/** The Hydra, VoID and brTPF terms the client reads in pages and writes in requests; defined here once. */
public final class Vocabulary {

    public static final String HYDRA = "http://www.w3.org/ns/hydra/core#";
    public static final String VOID = "http://rdfs.org/ns/void#";
    /** The brTPF control's terms (this project's provisional namespace; no standard vocabulary has them). */
    public static final String BRTPF = "https://w3id.org/brtpf#";

    public static final Node HYDRA_SEARCH = hydra("search");
    public static final Node HYDRA_TEMPLATE = hydra("template");
    public static final Node HYDRA_MAPPING = hydra("mapping");
    public static final Node HYDRA_VARIABLE = hydra("variable");
    public static final Node HYDRA_PROPERTY = hydra("property");
    public static final Node HYDRA_NEXT = hydra("next");
    /** The name older servers (Server.js 2) used for {@code hydra:next}. */
    public static final Node HYDRA_NEXT_PAGE = hydra("nextPage");
    public static final Node HYDRA_TOTAL_ITEMS = hydra("totalItems");
    public static final Node HYDRA_MEMBER = hydra("member");
    public static final Node HYDRA_DESCRIPTION = hydra("description");
    public static final Node VOID_TRIPLES = NodeFactory.createURI(VOID + "triples");
    public static final Node VOID_DATASET = NodeFactory.createURI(VOID + "Dataset");
    public static final Node VOID_SPARQL_ENDPOINT = NodeFactory.createURI(VOID + "sparqlEndpoint");
    public static final Node VOID_PROPERTIES = NodeFactory.createURI(VOID + "properties");
    public static final Node VOID_PROPERTY_PARTITION = NodeFactory.createURI(VOID + "propertyPartition");
    public static final Node VOID_PROPERTY = NodeFactory.createURI(VOID + "property");
    public static final Node BRTPF_SEARCH = NodeFactory.createURI(BRTPF + "bindingsRestrictedSearch");
    public static final Node BRTPF_MAX_BINDINGS = NodeFactory.createURI(BRTPF + "maxBindingsPerRequest");
    public static final Node BRTPF_MAX_BODY = NodeFactory.createURI(BRTPF + "maxRequestBodyBytes");
    /** The property of the brTPF form's bindings mapping. */
    public static final String BRTPF_VALUES = BRTPF + "values";
    public static final Node FOAF_PRIMARY_TOPIC = NodeFactory.createURI("http://xmlns.com/foaf/0.1/primaryTopic");
    public static final Node DCTERMS_TITLE = NodeFactory.createURI("http://purl.org/dc/terms/title");
    public static final Node RDFS_SEE_ALSO = NodeFactory.createURI("http://www.w3.org/2000/01/rdf-schema#seeAlso");

    private Vocabulary() {}

    /** True for the terms of a page's metadata and controls: Hydra, VoID and brTPF. */
    static boolean isControl(Node predicate) {
        if (!predicate.isURI()) {
            return false;
        }
        String iri = predicate.getURI();
        return iri.startsWith(HYDRA) || iri.startsWith(VOID) || iri.startsWith(BRTPF);
    }

    private static Node hydra(String local) {
        return NodeFactory.createURI(HYDRA + local);
    }
}
