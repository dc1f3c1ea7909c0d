package dev.ldf.client.jena;

import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.stream.Stream;

import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
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
import dev.ldf.client.testing.LibraryQueries;
import dev.ldf.client.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Full SPARQL over fragments gives exactly what Jena gives over the same triples in memory. */
@Tag("server")
@Tag("slow")
class SparqlOverFragmentsTest {

    static final String PREFIXES = LibraryQueries.PREFIXES;

    /** Name and text of each query. */
    static final Map<String, String> QUERIES = LibraryQueries.QUERIES;

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
            LibraryQueries.assertSameAnswer(name, query, expected, actual);
        }
    }

    /** Each solution as a sorted list of var=value; sorted unless the query orders them. */
    static List<String> rows(ResultSet results, boolean ordered) {
        return LibraryQueries.rows(results, ordered);
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
