package dev.ldf.server.live.index;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.graph.Node;

import dev.ldf.hdt.term.HdtTerms;

/**
 * The numbers of a {@link TripleIndex}'s terms, given as they first come, by their HDT spelling
 * (so that two spellings of one term get one number); never reused until the index is dropped.
 */
final class TermNumbers {

    private final Map<String, Integer> numbers = new HashMap<>();
    private final List<Node> terms = new ArrayList<>();

    /** The term's number, given now if it has none. */
    int number(Node node) {
        return numbers.computeIfAbsent(HdtTerms.toHdt(node), k -> {
            terms.add(node);
            return terms.size() - 1;
        });
    }

    /** A term's number, or null for a term that never had one. */
    Integer known(Node node) {
        return numbers.get(HdtTerms.toHdt(node));
    }

    /** How many terms have numbers. */
    int count() {
        return terms.size();
    }

    /** The term numbered {@code number}. */
    Node term(int number) {
        return terms.get(number);
    }
}
