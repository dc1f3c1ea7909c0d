package dev.ldf.server.rdf;

import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.util.FmtUtils;

import dev.ldf.server.fragment.TriplePattern;

/** A triple pattern in SPARQL syntax, as pages describe and title themselves: {@code { ?s rdf:type <…> }}. */
final class PatternText {

    /** The namespaces of ARQ's global prefix map, which {@link FmtUtils} abbreviates with. */
    private static final List<String> GLOBAL_NAMESPACES =
            List.copyOf(ARQConstants.getGlobalPrefixMap().getNsPrefixMap().values());

    private PatternText() {}

    static String of(TriplePattern pattern) {
        return "{ " + term(pattern.subject(), "s") + " " + term(pattern.predicate(), "p") + " "
                + term(pattern.object(), "o") + " }";
    }

    private static String term(Node node, String anonymousName) {
        if (node == Node.ANY) {
            return "?" + anonymousName;
        }
        // An IRI in none of the global namespaces comes out of FmtUtils as <iri> all the same,
        // without the prefix search that was a tenth of a TPF page's time.
        if (node.isURI() && !inGlobalNamespace(node.getURI())) {
            return FmtUtils.stringForURI(node.getURI());
        }
        return FmtUtils.stringForNode(node);
    }

    private static boolean inGlobalNamespace(String iri) {
        for (String namespace : GLOBAL_NAMESPACES) {
            if (iri.startsWith(namespace)) {
                return true;
            }
        }
        return false;
    }
}
