package dev.ldf.server.fragment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The prefixes a dataset's terms may be written with, in requests and on pages for people: the
 * dataset's own first, then the vocabularies most data uses (a usual name the dataset gives
 * another namespace is the dataset's). Immutable.
 */
public final class Prefixes {

    /** The vocabularies most data uses, for datasets that do not name their own prefixes. */
    private static final Map<String, String> USUAL = usual();

    private final Map<String, String> byName;

    private Prefixes(Map<String, String> byName) {
        this.byName = Collections.unmodifiableMap(byName);
    }

    /** {@code own}: the dataset's prefixes (name to namespace), which win over the usual ones. */
    public static Prefixes of(Map<String, String> own) {
        Map<String, String> byNamespace = new LinkedHashMap<>();
        own.forEach((name, namespace) -> byNamespace.put(namespace, name));
        USUAL.forEach((name, namespace) -> {
            if (!own.containsKey(name)) {
                byNamespace.putIfAbsent(namespace, name);
            }
        });
        Map<String, String> byName = new LinkedHashMap<>();
        byNamespace.forEach((namespace, name) -> byName.put(name, namespace));
        return new Prefixes(byName);
    }

    /** Name to namespace, the dataset's first. */
    public Map<String, String> byName() {
        return byName;
    }

    /**
     * The IRI that {@code prefixedName} ({@code name:local}) stands for, or null when its name is
     * none of these prefixes.
     */
    public String expand(String prefixedName) {
        int colon = prefixedName.indexOf(':');
        if (colon < 1) {
            return null;
        }
        String namespace = byName.get(prefixedName.substring(0, colon));
        return namespace == null ? null : namespace + prefixedName.substring(colon + 1);
    }

    private static Map<String, String> usual() {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("rdf", "http://www.w3.org/1999/02/22-rdf-syntax-ns#");
        m.put("rdfs", "http://www.w3.org/2000/01/rdf-schema#");
        m.put("owl", "http://www.w3.org/2002/07/owl#");
        m.put("xsd", "http://www.w3.org/2001/XMLSchema#");
        m.put("skos", "http://www.w3.org/2004/02/skos/core#");
        m.put("dc", "http://purl.org/dc/elements/1.1/");
        m.put("dcterms", "http://purl.org/dc/terms/");
        m.put("foaf", "http://xmlns.com/foaf/0.1/");
        m.put("schema", "http://schema.org/");
        m.put("void", "http://rdfs.org/ns/void#");
        m.put("hydra", "http://www.w3.org/ns/hydra/core#");
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
