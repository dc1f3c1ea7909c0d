package dev.ldf.server.live.index;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.junit.jupiter.api.Test;

import dev.ldf.server.fragment.TriplePattern;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The overlay's index answers every pattern shape as a plain set would, in a fixed order. */
class TripleIndexTest {

    private static final List<Node> TERMS = List.of(
            NodeFactory.createURI("http://example.org/a"), NodeFactory.createURI("http://example.org/b"),
            NodeFactory.createURI("http://example.org/p"), NodeFactory.createBlankNode("b1"),
            NodeFactory.createLiteralString("a"), NodeFactory.createLiteralLang("a", "en"),
            NodeFactory.createLiteralDT("1", XSDDatatype.XSDinteger), NodeFactory.createLiteralDT("01", XSDDatatype.XSDinteger));

    /** Small merge thresholds make runs, removals from them and re-additions happen often. */
    @Test
    void everyPatternFindsWhatASetFinds() {
        List<List<Triple>> orders = new ArrayList<>();
        for (int mergeAfter : new int[] {TripleIndex.DEFAULT_MERGE_AFTER, 7, 1}) {
            orders.add(check(new TripleIndex(mergeAfter)));
        }
        assertEquals(orders.get(0), orders.get(1), "merging into runs keeps the order");
        assertEquals(orders.get(0), orders.get(2), "merging into runs keeps the order");
    }

    /** Random changes, some in batches, then every pattern; returns the order of all triples. */
    private static List<Triple> check(TripleIndex index) {
        Random random = new Random(7);
        Set<Triple> set = new HashSet<>();
        for (int step = 0; step < 3_000; step++) {
            boolean batch = random.nextInt(4) == 0;
            if (batch) {
                index.beginBatch();
            }
            for (int i = 0; i < (batch ? 1 + random.nextInt(20) : 1); i++) {
                Triple t = Triple.create(term(random, 4), term(random, 4), term(random, TERMS.size()));
                if (random.nextInt(3) == 0) {
                    assertEquals(set.remove(t), index.remove(t));
                } else {
                    assertEquals(set.add(t), index.add(t));
                }
                assertEquals(set.size(), index.size());
                assertEquals(set.contains(t), index.contains(t));
            }
            if (batch) {
                index.endBatch();
            }
        }
        List<Node> positions = new ArrayList<>(TERMS);
        positions.add(Node.ANY);
        positions.add(Var.alloc("x"));
        positions.add(Var.alloc("y"));
        for (Node s : positions) {
            for (Node p : positions) {
                for (Node o : positions) {
                    TriplePattern pattern = new TriplePattern(s, p, o);
                    List<Triple> expected = set.stream().filter(pattern::matches).toList();
                    List<Triple> found = new ArrayList<>();
                    index.find(pattern).forEachRemaining(found::add);
                    assertEquals(expected.size(), found.size(), pattern.toString());
                    assertEquals(new HashSet<>(expected), new HashSet<>(found), pattern.toString());
                    assertEquals(expected.size(), index.count(pattern), pattern.toString());
                    List<Triple> again = new ArrayList<>();
                    index.find(pattern).forEachRemaining(again::add);
                    assertEquals(found, again, "the same order every time");
                }
            }
        }
        List<Triple> all = new ArrayList<>();
        index.find(TriplePattern.ALL).forEachRemaining(all::add);
        return all;
    }

    @Test
    void literalsThatAreEqualValuesStayDistinctTerms() {
        TripleIndex index = new TripleIndex();
        Node s = TERMS.get(0);
        Node p = TERMS.get(2);
        assertTrue(index.add(Triple.create(s, p, TERMS.get(6))));
        assertTrue(index.add(Triple.create(s, p, TERMS.get(7))), "\"01\" and \"1\" are two terms");
        assertTrue(index.add(Triple.create(s, p, TERMS.get(4))));
        assertTrue(index.add(Triple.create(s, p, TERMS.get(5))), "\"a\" and \"a\"@en are two terms");
        assertEquals(1, index.count(new TriplePattern(Node.ANY, Node.ANY, TERMS.get(7))));
        assertTrue(index.contains(Triple.create(s, p, TERMS.get(5))));
        assertTrue(index.remove(Triple.create(s, p, TERMS.get(5))));
        assertFalse(index.contains(Triple.create(s, p, TERMS.get(5))));
        Iterator<Triple> all = index.find(TriplePattern.ALL);
        int n = 0;
        while (all.hasNext()) {
            all.next();
            n++;
        }
        assertEquals(3, n);
    }

    private static Node term(Random random, int bound) {
        return TERMS.get(random.nextInt(bound));
    }
}
