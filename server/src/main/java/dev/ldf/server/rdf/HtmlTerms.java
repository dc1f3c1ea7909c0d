package dev.ldf.server.rdf;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.util.FmtUtils;

import dev.ldf.server.fragment.TriplePattern;

/**
 * How IRIs read on a page for people: as prefixed names (the dataset's own prefixes first, then
 * the usual vocabularies), Skolem IRIs as the blank nodes they stand for, and what is still long
 * shortened in the middle. The page keeps the full IRI in the link and its title.
 */
final class HtmlTerms {

    /** The vocabularies most data uses, for datasets that do not name their own prefixes. */
    private static final Map<String, String> USUAL = usual();
    /** Longer names are cut in the middle. */
    static final int MAX_LENGTH = 60;
    private static final int HEAD = 34;
    private static final int TAIL = 22;

    private final Map<String, String> prefixes = new LinkedHashMap<>();
    private final String genidPrefix;

    /** {@code own}: the dataset's prefixes (name to namespace), which win over the usual ones. */
    HtmlTerms(Map<String, String> own, String genidPrefix) {
        Map<String, String> taken = new LinkedHashMap<>();
        own.forEach((name, namespace) -> taken.put(namespace, name));
        USUAL.forEach((name, namespace) -> {
            if (!own.containsKey(name)) {
                taken.putIfAbsent(namespace, name);
            }
        });
        taken.forEach((namespace, name) -> prefixes.put(name, namespace));
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

    private static Map<String, String> usual() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
        m.put("rdfs", Vocabulary.RDFS);
        m.put("owl", "http://www.w3.org/2002/07/owl#");
        m.put("xsd", Vocabulary.XSD);
        m.put("skos", "http://www.w3.org/2004/02/skos/core#");
        m.put("dc", "http://purl.org/dc/elements/1.1/");
        m.put("dcterms", Vocabulary.DCTERMS);
        m.put("foaf", Vocabulary.FOAF);
        m.put("schema", "http://schema.org/");
        m.put("void", Vocabulary.VOID);
        m.put("hydra", Vocabulary.HYDRA);
        m.put("prov", "http://www.w3.org/ns/prov#");
        m.put("dcat", "http://www.w3.org/ns/dcat#");
        m.put("geo", "http://www.w3.org/2003/01/geo/wgs84_pos#");
        m.put("wd", "http://www.wikidata.org/entity/");
        m.put("wdt", "http://www.wikidata.org/prop/direct/");
        m.put("dbo", "http://dbpedia.org/ontology/");
        m.put("dbr", "http://dbpedia.org/resource/");
        return Collections.unmodifiableMap(m);
    }
}
