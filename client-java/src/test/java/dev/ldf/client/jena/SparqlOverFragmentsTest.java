package dev.ldf.client.jena;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Full SPARQL over fragments gives exactly what Jena gives over the same triples in memory. */
@Tag("server")
@Tag("slow")
class SparqlOverFragmentsTest {

    static final String PREFIXES = """
            PREFIX schema: <http://schema.org/>
            PREFIX foaf: <http://xmlns.com/foaf/0.1/>
            PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
            PREFIX skos: <http://www.w3.org/2004/02/skos/core#>
            PREFIX lib: <http://example.org/library/>
            PREFIX xsd: <http://www.w3.org/2001/XMLSchema#>
            """;

    /** Name and text of each query. */
    static final Map<String, String> QUERIES = new LinkedHashMap<>();

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

    /** The server configurations and modes each query runs in. */
    static final List<String[]> CONFIGURATIONS = List.of(
            new String[] {"library", "AUTO"},
            new String[] {"small", "BRTPF"},
            new String[] {"library", "TPF"},
            new String[] {"tpfonly", "AUTO"},
            new String[] {"library", "PREEMPTIVE"},
            new String[] {"preempted", "PREEMPTIVE"});

    private static final Map<String, FragmentSource> SOURCES = new ConcurrentHashMap<>();

    static Stream<Arguments> cases() {
        List<Arguments> cases = new ArrayList<>();
        for (String name : QUERIES.keySet()) {
            for (String[] configuration : CONFIGURATIONS) {
                cases.add(Arguments.of(name, configuration[0], configuration[1]));
            }
        }
        return cases.stream();
    }

    static FragmentSource source(String dataset, String mode) {
        return SOURCES.computeIfAbsent(dataset + "/" + mode, k -> FragmentSource.connect(TestServer.dataset(dataset),
                ClientOptions.defaults().withMode(Mode.valueOf(mode)), new ClientListener() {}));
    }

    @ParameterizedTest(name = "{0} over {1} in {2} mode")
    @MethodSource("cases")
    void sameResultsAsJenaInMemory(String name, String dataset, String mode) {
        Query query = QueryFactory.create(PREFIXES + QUERIES.get(name));
        Model oracle = TestServer.oracle(dataset);
        Dataset fragments = FragmentDataset.of(source(dataset, mode));
        assertEquals(!"tpfonly".equals(dataset) && !"TPF".equals(mode), source(dataset, mode).usesBrtpf());
        assertEquals("PREEMPTIVE".equals(mode), source(dataset, mode).preemption().isPresent());
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(oracle));
             QueryExecution actual = QueryExecution.create(query, fragments)) {
            boolean meantEmpty = name.startsWith("empty") || name.endsWith("False");
            if (query.isSelectType()) {
                List<String> want = rows(expected.execSelect(), query.hasOrderBy());
                List<String> got = rows(actual.execSelect(), query.hasOrderBy());
                assertEquals(meantEmpty, want.isEmpty(), "the query tests what it says");
                assertEquals(want, got, name);
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
    }

    /** Each solution as a sorted list of var=value; sorted unless the query orders them. */
    static List<String> rows(ResultSet results, boolean ordered) {
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

    /**
     * Issue 51: a FILTER inside OPTIONAL that reads a variable of the outer pattern is sent once
     * per row with the row's values substituted; {@code BOUND(?n)} must not become the invalid
     * {@code BOUND("…")} (the endpoint answered 400).
     */
    @Test
    void aFilterOnAnOuterVariableStaysValidSparqlWhenARowIsSubstituted() {
        Query query = QueryFactory.create(PREFIXES + "SELECT ?b ?n ?a WHERE { ?b schema:name ?n . ?b a schema:Book "
                + "OPTIONAL { ?b schema:author ?a FILTER(BOUND(?n) && !BOUND(?zzz)) } }");
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(TestServer.oracle("library")));
             QueryExecution actual = QueryExecution.create(query, FragmentDataset.of(source("library", "PREEMPTIVE")))) {
            List<String> want = rows(expected.execSelect(), false);
            assertTrue(want.stream().anyMatch(row -> row.contains("a=")), "the OPTIONAL matches");
            assertEquals(want, rows(actual.execSelect(), false));
        }
    }

    /** Issue 51: a LIMIT and OFFSET over what the endpoint runs go to the endpoint, which skips and stops. */
    @Test
    void aLimitOverTheWholeQueryIsSentToTheEndpoint() {
        List<String> forms = new ArrayList<>();
        FragmentSource source = FragmentSource.connect(TestServer.dataset("preempted"),
                ClientOptions.defaults().withMode(Mode.PREEMPTIVE), new ClientListener() {
                    @Override
                    public void requestSent(FragmentRequest request) {
                        if (request.form() != null) {
                            forms.add(URLDecoder.decode(request.form(), StandardCharsets.UTF_8));
                        }
                    }
                });
        Query query = QueryFactory.create(PREFIXES + "SELECT ?b ?n WHERE { ?b schema:name ?n } OFFSET 3 LIMIT 10");
        try (QueryExecution actual = QueryExecution.create(query, FragmentDataset.of(source))) {
            assertEquals(10, rows(actual.execSelect(), false).size());
        } finally {
            source.close();
        }
        assertTrue(forms.stream().anyMatch(f -> f.matches("(?s).*OFFSET\\s+3\\s+LIMIT\\s+10\\s.*")), forms.toString());
    }
}
