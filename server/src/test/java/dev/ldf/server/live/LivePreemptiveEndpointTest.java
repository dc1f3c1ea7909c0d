package dev.ldf.server.live;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.out.NodeFmtLib;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The preemptive endpoint of a dataset that takes changes: changes show in its results, a query
 * suspended across changes it does not read goes on, and one whose data changed, or whose base was
 * compacted, is told to start again.
 */
@Tag("server")
class LivePreemptiveEndpointTest {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String NAMES = "SELECT ?s ?name { ?s <http://schema.org/name> ?name }";
    private static final String EX = "http://example.org/live/";

    @TempDir
    Path dir;

    @Test
    void queriesSeeChangesAndGoOnAcrossChangesTheyDoNotRead() throws Exception {
        Model model = RDFDataMgr.loadModel(TestData.libraryTurtle().toString());
        try (FragmentServer server = FragmentServer.start(config())) {
            String base = server.uri() + "library";
            String description = Http.get(base, "Accept", "text/turtle").body();
            assertTrue(description.contains(base + "/sparql"), "the dataset names its preemptive endpoint");

            assertEquals(200, Writers.patch(base + "/changes", "A <" + EX + "s1> <http://schema.org/name> \"new name\" .\n"
                    + "D " + firstNameTriple(model) + "\n").statusCode());
            int expected = count(model, NAMES);
            JsonNode page = page(base, NAMES, null, 200);
            StringBuilder results = new StringBuilder(page.path("results").toString());
            int seen = page.path("results").path("bindings").size();
            String next = page.path("next").asText(null);
            assertNotNull(next, "the query is suspended after 20 results");
            int changes = 0;
            while (next != null) {
                // A change to other predicates between every two quanta.
                assertEquals(200, Writers.patch(base + "/changes",
                        "A <" + EX + "s" + changes++ + "> <http://schema.org/author> <" + EX + "a> .\n").statusCode());
                page = page(base, NAMES, next, 200);
                seen += page.path("results").path("bindings").size();
                results.append(page.path("results"));
                next = page.path("next").asText(null);
            }
            assertEquals(expected, seen, "the base's names, less the deleted one, plus the added one");
            assertTrue(changes > 5, "suspended often: " + changes);
            assertTrue(results.toString().contains("\"new name\""), "the added name is among the results");

            next = page(base, NAMES, null, 200).path("next").asText();
            assertEquals(200, Writers.patch(base + "/changes",
                    "A <" + EX + "s2> <http://schema.org/name> \"another\" .\n").statusCode());
            JsonNode refused = page(base, NAMES, next, 409);
            assertTrue(refused.toString().contains("changed"), refused.toString());

            next = page(base, NAMES, null, 200).path("next").asText();
            long version = Long.parseLong(Http.get(base).headers().firstValue("Dataset-Version").orElseThrow());
            assertEquals(202, Writers.patch(base + "/compaction", "").statusCode());
            Writers.awaitCompaction(base, version);
            assertTrue(page(base, NAMES, next, 409).toString().contains("rebuilt"));
        }
    }

    private static String firstNameTriple(Model model) {
        var statement = model.listStatements(null, model.createProperty("http://schema.org/name"), (String) null)
                .filterKeep(s -> s.getSubject().isURIResource()).next();
        return "<" + statement.getSubject().getURI() + "> <http://schema.org/name> "
                + NodeFmtLib.strNT(statement.getObject().asNode()) + " .";
    }

    /** Applies the same changes to the model as the test sends, and counts the query's results in it. */
    private static int count(Model model, String query) {
        model.add(model.createResource(EX + "s1"), model.createProperty("http://schema.org/name"), "new name");
        var deleted = model.listStatements(null, model.createProperty("http://schema.org/name"), (String) null)
                .filterKeep(s -> s.getSubject().isURIResource()).next();
        model.remove(deleted);
        try (QueryExecution execution = QueryExecution.create(QueryFactory.create(query), model)) {
            int n = 0;
            for (var rs = execution.execSelect(); rs.hasNext(); rs.next()) {
                n++;
            }
            return n;
        }
    }

    private static JsonNode page(String base, String query, String next, int status) throws Exception {
        String url = next == null ? Http.url(base + "/sparql", "query", query)
                : Http.url(base + "/sparql", "query", query, "next", next);
        HttpResponse<String> response = Http.get(url, "Accept", "application/sparql-results+json", "Prefer",
                "continuation");
        assertEquals(status, response.statusCode(), response.body());
        return status == 200 ? JSON.readTree(response.body()) : JSON.createObjectNode().put("message", response.body());
    }

    private ServerConfig config() throws Exception {
        Path hdt = dir.resolve("library.hdt");
        Files.copy(TestData.libraryHdt(), hdt);
        DatasetConfig library = DatasetConfig.builder("library", hdt.toString())
                .preemption(new Preemption(true, null, 20)).writes(new Writes(true, Writers.TOKEN, null)).build();
        return ServerConfig.of(List.of(library)).toBuilder().listener("127.0.0.1", 0).build();
    }
}
