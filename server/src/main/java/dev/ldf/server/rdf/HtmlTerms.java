package dev.ldf.server.rdf;

import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.util.FmtUtils;

import dev.ldf.server.fragment.Prefixes;
import dev.ldf.server.fragment.TriplePattern;

/**
 * How IRIs read on a page for people: as prefixed names (the dataset's own prefixes first, then
 * the usual vocabularies), Skolem IRIs as the blank nodes they stand for, and what is still long
 * shortened in the middle. The page keeps the full IRI in the link and its title.
 */
final class HtmlTerms {

    /** Longer names are cut in the middle. */
    static final int MAX_LENGTH = 60;
    private static final int HEAD = 34;
    private static final int TAIL = 22;

    private final Map<String, String> prefixes;
    private final String genidPrefix;

    /** {@code own}: the dataset's prefixes (name to namespace), which win over the usual ones. */
    HtmlTerms(Map<String, String> own, String genidPrefix) {
        this.prefixes = Prefixes.of(own).byName();
        this.genidPrefix = genidPrefix;
    }

    /** What a page shows for {@code iri}. */
    String label(String iri) {
        if (genidPrefix != null && iri.startsWith(genidPrefix) && iri.length() > genidPrefix.length()) {
            return shortened("_:" + iri.substring(genidPrefix.length()));
        }
        String best = null;
        String bestNamespace = "";
        for (Map.Entry<String, String> p : prefixes.entrySet()) {
            String namespace = p.getValue();
            if (iri.startsWith(namespace) && namespace.length() > bestNamespace.length()
                    && iri.length() > namespace.length()) {
                best = p.getKey();
                bestNamespace = namespace;
            }
        }
        return shortened(best == null ? iri : best + ":" + iri.substring(bestNamespace.length()));
    }

    /** A triple pattern as a page shows it: {@code { ?s schema:name ?o }}. */
    String pattern(TriplePattern pattern) {
        return "{ " + term(pattern.subject(), "s") + " " + term(pattern.predicate(), "p") + " "
                + term(pattern.object(), "o") + " }";
    }

    private String term(Node node, String unnamed) {
        if (node == Node.ANY) {
            return "?" + unnamed;
        }
        if (!node.isURI()) {
            return shortened(FmtUtils.stringForNode(node));
        }
        String label = label(node.getURI());
        // An IRI no prefix shortens keeps its brackets, as in SPARQL.
        return label.equals(shortened(node.getURI())) ? "<" + label + ">" : label;
    }

    /** {@code text} with its middle left out when it is longer than {@link #MAX_LENGTH}. */
    static String shortened(String text) {
        if (text.codePointCount(0, text.length()) <= MAX_LENGTH) {
            return text;
        }
        int head = text.offsetByCodePoints(0, HEAD);
        int tail = text.offsetByCodePoints(text.length(), -TAIL);
        return text.substring(0, head) + "…" + text.substring(tail);
    }
}
