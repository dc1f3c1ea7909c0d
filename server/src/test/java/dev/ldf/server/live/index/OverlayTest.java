package dev.ldf.server.live.index;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.junit.jupiter.api.Test;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.server.fragment.TriplePattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Base minus deleted plus added is the dataset after any sequence of adds and deletes. */
class OverlayTest {

    @Test
    void randomChangesKeepTheOverlayDisjointAndTheDatasetRight() {
        Random random = new Random(3);
        Set<Triple> base = new HashSet<>();
        for (int i = 0; i < 50; i++) {
            base.add(triple(random));
        }
        // The base's identifiers: each base triple numbered in the order drawn.
        Map<Triple, TripleID> ids = new HashMap<>();
        for (Triple t : base) {
            ids.put(t, new TripleID(ids.size() + 1, 1, 1));
        }
        Overlay overlay = new Overlay(() -> ids::get);
        Set<Triple> dataset = new HashSet<>(base);
        for (int step = 0; step < 5_000; step++) {
            Triple t = triple(random);
            if (random.nextBoolean()) {
                assertEquals(dataset.add(t), overlay.add(t), "add " + t);
            } else {
                assertEquals(dataset.remove(t), overlay.delete(t), "delete " + t);
            }
        }
        Set<Triple> view = new HashSet<>(base);
        overlay.deleted(TriplePattern.ALL).forEachRemaining(t -> {
            assertEquals(true, base.contains(t), "only base triples are deleted");
            view.remove(t);
        });
        for (Triple t : base) {
            TripleID id = ids.get(t);
            assertEquals(!dataset.contains(t), overlay.isDeletedFromBase(id.getSubject(), id.getPredicate(), id.getObject()),
                    "deleted by identifiers exactly when deleted by terms: " + t);
        }
        overlay.added(TriplePattern.ALL).forEachRemaining(t -> {
            assertEquals(false, base.contains(t), "no base triple is added");
            view.add(t);
        });
        assertEquals(dataset, view);
        for (Triple t : dataset) {
            assertEquals(true, overlay.contains(t));
        }
        TriplePattern p1 = new TriplePattern(Node.ANY, uri("p1"), Node.ANY);
        long expected = dataset.stream().filter(p1::matches).count();
        long baseCount = base.stream().filter(p1::matches).count();
        assertEquals(expected, baseCount - overlay.deletedCount(p1) + overlay.addedCount(p1), "exact counts");
    }

    private static Triple triple(Random random) {
        return Triple.create(uri("s" + random.nextInt(6)), uri("p" + random.nextInt(3)), uri("o" + random.nextInt(6)));
    }

    private static Node uri(String local) {
        return NodeFactory.createURI("http://example.org/" + local);
    }
}
