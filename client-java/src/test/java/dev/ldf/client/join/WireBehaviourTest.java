package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.List;

import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.ResultSet;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.http.HttpOptions;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.testing.RecordingListener;
import dev.ldf.client.testing.TestServer;
import dev.ldf.server.fragment.Bindings;
import dev.ldf.server.syntax.ValuesBlockParser;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** What the client sends, not only what it answers. */
@Tag("server")
class WireBehaviourTest {

    private static final String PATH = "PREFIX schema: <http://schema.org/> PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> "
            + "SELECT * WHERE { ?b schema:author ?a . ?a schema:birthPlace ?c . ?c rdfs:label ?l }";

    private record Run(List<String> rows, List<FragmentRequest> requests, ClientStats.Snapshot stats) {}

    private static Run run(String dataset, ClientOptions options, String query) {
        RecordingListener recorder = new RecordingListener();
        try (FragmentSource source = FragmentSource.connect(TestServer.dataset(dataset), options, recorder)) {
            recorder.requests.clear();
            ClientStats.Snapshot before = source.stats().snapshot();
            List<String> rows = new ArrayList<>();
            try (QueryExecution execution = QueryExecution.create(query, FragmentDataset.of(source))) {
                ResultSet results = execution.execSelect();
                while (results.hasNext()) {
                    rows.add(results.next().toString());
                }
            }
            rows.sort(null);
            return new Run(rows, List.copyOf(recorder.requests), source.stats().snapshot().minus(before));
        }
    }

    @Test
    void bindingsGoOutInChunksOfAtMostMaxMpR() {
        Run run = run("small", ClientOptions.defaults(), PATH);
        List<FragmentRequest> withBindings = run.requests().stream().filter(r -> RecordingListener.values(r) != null).toList();
        assertFalse(withBindings.isEmpty(), "brTPF requests were sent");
        for (FragmentRequest request : withBindings) {
            Bindings bindings = ValuesBlockParser.parse(RecordingListener.values(request), "http://base/");
            assertTrue(bindings.size() >= 1 && bindings.size() <= 5, "maxMpR of the dataset is 5: " + bindings.size());
        }
    }

    @Test
    void aLowerMaxMpRThanTheServersIsUsed() {
        Run run = run("library", ClientOptions.defaults().withMaxBindingsPerRequest(3), PATH);
        run.requests().stream().map(RecordingListener::values).filter(v -> v != null)
                .forEach(v -> assertTrue(ValuesBlockParser.parse(v, "http://base/").size() <= 3));
        assertEquals(run("library", ClientOptions.defaults(), PATH).rows(), run.rows());
    }

    @Test
    void identicalRequestsAreIdenticalBytesWhateverTheVariablesAreCalled() {
        String renamed = PATH.replace("?b", "?book").replace("?a", "?writer").replace("?c", "?place").replace("?l", "?name");
        Run one = run("library", ClientOptions.defaults(), PATH);
        Run two = run("library", ClientOptions.defaults(), renamed);
        assertEquals(one.requests().stream().map(FragmentRequest::toString).sorted().toList(),
                two.requests().stream().map(FragmentRequest::toString).sorted().toList());
    }

    @Test
    void longBindingBlocksArePostedWithTheSameResults() {
        ClientOptions posting = ClientOptions.defaults().withHttp(HttpOptions.defaults().withMaxGetUrlBytes(256));
        Run posted = run("library", posting, PATH);
        assertTrue(posted.requests().stream().anyMatch(FragmentRequest::isPost), "long requests are POSTed");
        assertTrue(posted.stats().posts() > 0);
        assertEquals(run("library", ClientOptions.defaults(), PATH).rows(), posted.rows());
    }

    @Test
    void optionalIsEvaluatedInBlocksNotOncePerRow() {
        String query = "PREFIX schema: <http://schema.org/> SELECT ?p ?d WHERE { ?p a schema:Person OPTIONAL { ?p schema:description ?d } }";
        Run run = run("library", ClientOptions.defaults(), query);
        assertEquals(110, run.rows().size(), "every person, described or not");
        assertTrue(run.requests().size() < 10, "110 left rows in a few requests, not one each: " + run.requests().size());
    }

    @Test
    void preemptiveOptionalTakesAFewRequestsNotOnePerRow() {
        String query = "PREFIX schema: <http://schema.org/> SELECT ?p ?d WHERE { ?p a schema:Person OPTIONAL { ?p schema:description ?d } }";
        Run run = run("library", ClientOptions.defaults().withMode(Mode.PREEMPTIVE), query);
        assertEquals(run("library", ClientOptions.defaults(), query).rows(), run.rows(), "the same answers as brTPF");
        assertEquals(110, run.rows().size());
        // The endpoint runs OPTIONAL: the whole query is one remote part.
        assertTrue(run.requests().size() < 10, "a few quanta, not a query per left row: " + run.requests().size());
    }

    @Test
    void brtpfNeedsFewerRequestsThanTpfForTheSameAnswers() {
        Run brtpf = run("library", ClientOptions.defaults().withMode(Mode.BRTPF), PATH);
        Run tpf = run("library", ClientOptions.defaults().withMode(Mode.TPF), PATH);
        assertEquals(tpf.rows(), brtpf.rows());
        assertTrue(brtpf.stats().requests() * 5 < tpf.stats().requests(),
                brtpf.stats().requests() + " brTPF requests against " + tpf.stats().requests() + " TPF requests");
    }

    @Test
    void statsCountRequestsBytesAndTriples() {
        Run run = run("library", ClientOptions.defaults(), PATH);
        ClientStats.Snapshot s = run.stats();
        assertEquals(run.requests().size(), s.requests());
        assertTrue(s.bytes() > 1000);
        assertTrue(s.dataTriples() > 0);
        assertTrue(s.metadataTriples() > s.requests() * 10, "each page carries its controls");
    }

    @Test
    void aServerWithoutBrtpfIsQueriedWithTpf() {
        try (FragmentSource source = FragmentSource.connect(TestServer.dataset("tpfonly"),
                ClientOptions.defaults().withMode(Mode.BRTPF), new RecordingListener())) {
            assertFalse(source.usesBrtpf());
        }
        Run run = run("tpfonly", ClientOptions.defaults(), PATH);
        assertTrue(run.requests().stream().allMatch(r -> RecordingListener.values(r) == null));
        assertEquals(run("library", ClientOptions.defaults(), PATH).rows(), run.rows());
    }

    @Test
    void aRequestRepeatedWithinAQueryIsSentOnceWhilePagesAreRemembered() {
        // TPF binds every author into the birthplace pattern: authors of several books repeat requests.
        ClientOptions tpf = ClientOptions.defaults().withMode(Mode.TPF);
        Run remembering = run("library", tpf, PATH);
        Run forgetting = run("library", tpf.withPageCacheEntries(0), PATH);
        assertEquals(forgetting.rows(), remembering.rows());
        long distinct = forgetting.requests().stream().distinct().count();
        assertTrue(distinct < forgetting.requests().size(), "the query repeats requests without the cache");
        assertEquals(distinct, remembering.requests().size(), "each distinct request is sent once");
        assertEquals(remembering.requests().size(), remembering.stats().requests(), "remembered pages are not counted");
    }
}
