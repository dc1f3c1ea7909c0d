package dev.ldf.hdt.sample;

import java.io.ByteArrayOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFDataMgr;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class ReviewsDatasetTest {

    @Test
    void theCommittedDatasetIsTheGeneratorsOutput() throws Exception {
        // Regenerate with: ldf-hdt sample --dataset reviews -o hdt-data/datasets/reviews.ttl
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ReviewsDataset.writeTurtle(out, ReviewsDataset.DEFAULT_SEED);
        assertArrayEquals(Files.readAllBytes(Path.of("datasets/reviews.ttl")), out.toByteArray());
    }

    /** Every link into the library names something the library describes: a join across the two finds it. */
    @Test
    void itsLinksLeadIntoTheLibrary() {
        Graph reviews = RDFDataMgr.loadGraph("datasets/reviews.ttl");
        Graph library = RDFDataMgr.loadGraph("datasets/library.ttl");
        assertTrue(reviews.size() > 2000 && reviews.size() < 5000, "a few thousand triples: " + reviews.size());
        for (String predicate : List.of("itemReviewed", "homeLocation")) {
            List<Node> targets = reviews.find(Node.ANY, NodeFactory.createURI("http://schema.org/" + predicate), Node.ANY)
                    .mapWith(Triple::getObject).toList();
            assertTrue(targets.size() >= 80, predicate);
            for (Node target : targets) {
                assertTrue(target.getURI().startsWith(LibraryDataset.NS), target::toString);
                assertTrue(library.contains(target, Node.ANY, Node.ANY), () -> target + " is not in the library");
            }
        }
        assertEquals(500, reviews.find(Node.ANY, NodeFactory.createURI("http://schema.org/itemReviewed"), Node.ANY)
                .toList().size());
    }
}
