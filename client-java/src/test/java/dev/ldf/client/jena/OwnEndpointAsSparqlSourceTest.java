package dev.ldf.client.jena;

import java.util.List;
import java.util.stream.Stream;

import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.source.Federation;
import dev.ldf.client.testing.LibraryQueries;
import dev.ldf.client.testing.TestServer;


/**
 * Issue 51: {@code sparql@} works against any SPARQL 1.1 endpoint, our own preemptive one
 * included, which runs no CONSTRUCT: every query of the client's set gives Jena's answer through
 * it, the client asking the forms the endpoint runs once it refuses one.
 */
@Tag("server")
class OwnEndpointAsSparqlSourceTest {

    private static Federation source;

    static Stream<String> queries() {
        // Blank nodes come back as the server's Skolem IRIs, which a plain SPARQL source keeps as IRIs.
        return SparqlOverFragmentsTest.QUERIES.keySet().stream().filter(name -> !name.equals("blankNodes"));
    }

    private static synchronized Federation source() {
        if (source == null) {
            source = Federation.connect(List.of("sparql@" + TestServer.dataset("library") + "/sparql"),
                    ClientOptions.defaults(), new ClientListener() {});
        }
        return source;
    }

    @AfterAll
    static void close() {
        if (source != null) {
            source.close();
        }
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("queries")
    void sameResultsAsJena(String name) {
        Query query = QueryFactory.create(SparqlOverFragmentsTest.PREFIXES + SparqlOverFragmentsTest.QUERIES.get(name));
        Model oracle = TestServer.oracle("library");
        Dataset fragments = FragmentDataset.of(source());
        try (QueryExecution expected = QueryExecution.create(query, DatasetFactory.wrap(oracle));
             QueryExecution actual = QueryExecution.create(query, fragments)) {
            LibraryQueries.assertSameAnswer(name, query, expected, actual);
        }
    }
}
