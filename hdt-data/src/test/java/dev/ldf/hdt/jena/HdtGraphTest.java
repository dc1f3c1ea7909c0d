package dev.ldf.hdt.jena;

import java.nio.file.Path;
import java.util.List;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.sample.LibraryDataset;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.RDFDataMgr;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HdtGraphTest {

    private static final Path LIBRARY = Path.of("datasets/library.ttl");

    @TempDir
    static Path dir;

    private static Graph memory;
    private static HdtGraph hdt;

    @BeforeAll
    static void convert() throws Exception {
        Path file = dir.resolve("library.hdt");
        new RdfToHdt(LibraryDataset.NS, HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(LIBRARY), file);
        memory = RDFDataMgr.loadGraph(LIBRARY.toString());
        hdt = HdtGraph.open(file);
    }

    @AfterAll
    static void close() {
        hdt.close();
    }

    @Test
    void holdsTheSameTriplesAsTheSource() {
        assertEquals(memory.size(), hdt.size());
        assertTrue(hdt.isIsomorphicWith(memory));
    }

    @Test
    void everyConcreteTermFindsWhatAnInMemoryGraphFinds() {
        for (Triple t : memory.find().toList()) {
            if (t.getSubject().isBlank()) {
                continue; // Labels differ between the two graphs.
            }
            assertEquals(memory.find(t.getSubject(), t.getPredicate(), Node.ANY).toList().size(),
                    hdt.find(t.getSubject(), t.getPredicate(), Node.ANY).toList().size(), t::toString);
            if (!t.getObject().isBlank()) {
                assertEquals(memory.find(Node.ANY, Node.ANY, t.getObject()).toList().size(),
                        hdt.find(Node.ANY, Node.ANY, t.getObject()).toList().size(), t::toString);
                assertTrue(hdt.contains(t), t::toString);
            }
        }
    }

    @Test
    void anUnknownTermFindsNothing() {
        Node unknown = NodeFactory.createURI(LibraryDataset.NS + "no-such-thing");
        assertEquals(0, hdt.find(unknown, Node.ANY, Node.ANY).toList().size());
        assertEquals(0, hdt.find(Node.ANY, unknown, Node.ANY).toList().size());
        assertEquals(0, hdt.find(Node.ANY, Node.ANY, NodeFactory.createLiteralString("no such literal")).toList().size());
    }

    @Test
    void arqEvaluatesJoinsOverItAsOverMemory() {
        for (String query : List.of(
                "SELECT * { ?a ?p ?b . ?b ?q ?c }",
                "SELECT ?s (COUNT(*) AS ?n) { ?s ?p ?o FILTER(isLiteral(?o)) } GROUP BY ?s",
                "SELECT * { ?s a ?t . ?s ?p ?s }")) {
            assertEquals(count(memory, query), count(hdt, query), query);
        }
    }

    private static long count(Graph graph, String query) {
        try (QueryExecution exec = QueryExecution.create(query, ModelFactory.createModelForGraph(graph))) {
            return ResultSetFormatter.consume(exec.execSelect());
        }
    }
}
