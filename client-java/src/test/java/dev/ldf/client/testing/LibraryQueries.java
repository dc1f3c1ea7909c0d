package dev.ldf.client.testing;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The queries every SPARQL test runs over the bundled library dataset, each named: joins of
 * every shape, empty and ground patterns, literals, OPTIONAL, FILTER, UNION, MINUS, aggregates,
 * ORDER BY, VALUES, subqueries, property paths, ASK, CONSTRUCT and DESCRIBE.
 */
public final class LibraryQueries {

    public static final String PREFIXES = """
            PREFIX schema: <http://schema.org/>
            PREFIX foaf: <http://xmlns.com/foaf/0.1/>
            PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
            PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
            PREFIX lib: <http://example.org/library/>
            PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
            """;

    /** Name and text of each query. */
    public static final Map<String, String> QUERIES = new LinkedHashMap<>();

    static {
        QUERIES.put("star", "SELECT ?b ?t ?p WHERE { ?b a schema:Book ; schema:name ?t ; schema:numberOfPages ?p }");
        QUERIES.put("path", "SELECT ?b ?name ?city WHERE { ?b schema:author ?a . ?a schema:birthPlace ?c . "
                + "?c rdfs:label ?city . ?a foaf:name ?name }");
        QUERIES.put("snowflake", "SELECT * WHERE { ?b schema:author ?a ; schema:publisher ?p . ?a schema:nationality ?n . "
                + "?p schema:location ?l . ?l schema:containedInPlace ?country }");
        QUERIES.put("cycle", "SELECT ?a ?b WHERE { ?a schema:knows ?b . ?b schema:knows ?a }");
        QUERIES.put("triangle", "SELECT ?a ?b ?c WHERE { ?a schema:citation ?b . ?b schema:citation ?c . ?a schema:citation ?c }");
        QUERIES.put("repeated", "SELECT ?x ?t WHERE { ?x schema:citation ?x . ?x schema:name ?t }");
        QUERIES.put("subjectIsPredicate", "SELECT ?x ?o WHERE { ?x ?x ?o }");
        QUERIES.put("emptyUnknown", "SELECT * WHERE { ?x schema:author <http://example.org/nothing> . ?x schema:name ?n }");
        QUERIES.put("emptyJoin", "SELECT * WHERE { ?x a schema:Person . ?x schema:isbn ?i }");
        QUERIES.put("largeIntermediate", "SELECT ?b ?a ?t WHERE { ?b schema:about ?t . ?b schema:author ?a . ?a a foaf:Person }");
        QUERIES.put("literalJoin", "SELECT ?b ?c WHERE { ?b schema:abstract ?x . ?c schema:abstract ?x }");
        QUERIES.put("blankNodes", "SELECT ?pub ?code ?town WHERE { ?pub schema:address ?addr . ?addr schema:postalCode ?code ; "
                + "schema:addressLocality ?town }");
        QUERIES.put("groundPattern", "SELECT ?n WHERE { lib:book\\/1 a schema:Book . lib:book\\/1 schema:name ?n }");
        QUERIES.put("literalConstant", "SELECT ?c ?country WHERE { ?c rdfs:label \"Αθήνα\"@el ; schema:containedInPlace ?country }");
        QUERIES.put("typedConstant", "SELECT ?b WHERE { ?b schema:isFamilyFriendly false ; schema:inLanguage \"en\" }");
        QUERIES.put("cartesian", "SELECT ?c ?g WHERE { ?c a schema:Country . ?g skos:broader lib:topic\\/science }");
        QUERIES.put("predicateVariable", "SELECT ?p (COUNT(*) AS ?n) WHERE { lib:book\\/1 ?p ?o } GROUP BY ?p");
        QUERIES.put("optional", "SELECT ?p ?d WHERE { ?p a schema:Person . OPTIONAL { ?p schema:description ?d } }");
        QUERIES.put("optionals", "SELECT ?b ?abs ?alt WHERE { ?b a schema:Book OPTIONAL { ?b schema:abstract ?abs } "
                + "OPTIONAL { ?b schema:alternateName ?alt } }");
        QUERIES.put("optionalJoin", "SELECT ?b ?a ?n WHERE { ?b schema:citation lib:book\\/1 OPTIONAL { ?b schema:author ?a . "
                + "?a schema:knows ?k . ?k foaf:name ?n } }");
        QUERIES.put("filter", "SELECT ?b ?n WHERE { ?b schema:numberOfPages ?n FILTER(?n > 800) }");
        QUERIES.put("filterConstant", "SELECT ?b ?t WHERE { ?b schema:inLanguage ?l ; schema:name ?t FILTER(?l = \"de\") }");
        QUERIES.put("filterNotExists", "SELECT ?t WHERE { ?t a skos:Concept FILTER NOT EXISTS { ?t skos:broader ?x } }");
        QUERIES.put("union", "SELECT ?x ?label WHERE { { ?x a schema:City ; rdfs:label ?label } UNION "
                + "{ ?x a schema:Country ; rdfs:label ?label } }");
        QUERIES.put("minus", "SELECT ?b WHERE { ?b a schema:Book MINUS { ?b schema:abstract ?a } }");
        QUERIES.put("aggregate", "SELECT ?a (COUNT(?b) AS ?books) WHERE { ?b schema:author ?a } GROUP BY ?a "
                + "HAVING (COUNT(?b) > 3) ORDER BY DESC(?books) ?a");
        QUERIES.put("orderLimitOffset", "SELECT ?b ?t WHERE { ?b schema:name ?t } ORDER BY ?t ?b LIMIT 10 OFFSET 5");
        QUERIES.put("valuesBind", "SELECT ?b ?t ?x WHERE { VALUES ?b { lib:book\\/1 lib:book\\/2 lib:book\\/999 } "
                + "?b schema:name ?t BIND(STRLEN(?t) AS ?x) }");
        QUERIES.put("subquery", "SELECT ?a ?n WHERE { { SELECT ?a WHERE { ?b schema:author ?a } GROUP BY ?a "
                + "HAVING(COUNT(*) > 2) } ?a foaf:name ?n }");
        QUERIES.put("pathPlus", "SELECT ?t ?root WHERE { ?t skos:broader+ ?root }");
        QUERIES.put("pathSequence", "SELECT ?b ?country WHERE { ?b schema:publisher/schema:location/schema:containedInPlace ?country }");
        QUERIES.put("pathAlternative", "SELECT ?x ?l WHERE { lib:place\\/athens (rdfs:label|schema:containedInPlace) ?l }");
        QUERIES.put("ask", "ASK { ?x schema:citation ?x }");
        QUERIES.put("askFalse", "ASK { lib:book\\/1 schema:author lib:book\\/2 }");
        QUERIES.put("construct", "CONSTRUCT { ?a schema:wrote ?b } WHERE { ?b schema:author ?a . "
                + "?a schema:nationality lib:country\\/DE }");
        QUERIES.put("describe", "DESCRIBE lib:person\\/3");
    }

    private LibraryQueries() {}

    /**
     * {@code actual} gives the answer {@code expected} gives (rows, in order where the query orders
     * them; a boolean; an isomorphic graph), and the expected answer is what the query's name
     * says: empty for the queries named so, not empty for the others.
     */
    public static void assertSameAnswer(String name, Query query, QueryExecution expected, QueryExecution actual) {
        boolean meantEmpty = name.startsWith("empty") || name.endsWith("False");
        if (query.isSelectType()) {
            List<String> want = rows(expected.execSelect(), query.hasOrderBy());
            assertEquals(meantEmpty, want.isEmpty(), "the query tests what it says");
            assertEquals(want, rows(actual.execSelect(), query.hasOrderBy()), name);
        } else if (query.isAskType()) {
            boolean want = expected.execAsk();
            assertEquals(!meantEmpty, want, "the query tests what it says");
            assertEquals(want, actual.execAsk(), name);
        } else {
            Model want = query.isConstructType() ? expected.execConstruct() : expected.execDescribe();
            Model got = query.isConstructType() ? actual.execConstruct() : actual.execDescribe();
            assertTrue(want.size() > 0, "the query tests what it says");
            assertTrue(want.isIsomorphicWith(got), () -> name + ": expected " + want.size() + " triples, got " + got.size());
        }
    }

    /** The rows of {@code results} as text, each row's cells by variable name; in order only when the query orders them. */
    public static List<String> rows(ResultSet results, boolean ordered) {
        List<String> rows = new ArrayList<>();
        while (results.hasNext()) {
            QuerySolution solution = results.next();
            List<String> cells = new ArrayList<>();
            solution.varNames().forEachRemaining(v -> cells.add(v + "=" + solution.get(v)));
            cells.sort(null);
            rows.add(String.join(" ", cells));
        }
        if (!ordered) {
            rows.sort(null);
        }
        return rows;
    }
}
