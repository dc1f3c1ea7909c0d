package dev.ldf.server.fragment;

import java.util.Comparator;

import org.apache.jena.graph.Node;

/** A predicate of a dataset and how many triples have it: a line of the dataset's page. */
public record PredicateCount(Node predicate, long triples) {

    /** Descending counts, ties by IRI: the order the page lists them in. */
    public static final Comparator<PredicateCount> MOST_USED_FIRST = Comparator
            .comparingLong(PredicateCount::triples).reversed().thenComparing(c -> c.predicate().toString());
}
