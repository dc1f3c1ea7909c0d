package dev.ldf.server.fragment;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * Which triples a fragment holds: the union of the matches of a sequence of distinct triple
 * patterns, in order.
 *
 * <p>A TPF request is one pattern. A brTPF request (Hartig and Buil-Aranda, ODBASE 2016,
 * Definition 2) is the pattern with each solution mapping substituted into it: a triple is in the
 * fragment iff it matches the pattern and is the image of the pattern under a mapping compatible
 * with one of the given mappings. Substitution binds only the pattern's own variables (a mapping's
 * other variables restrict nothing, {@code UNDEF} leaves a variable free), and duplicate bound
 * patterns are dropped, keeping the first. A datasource lists the matches of each pattern in
 * turn, and a triple that also matches an earlier pattern only under that earlier one, so that
 * the fragment is a set and its paging deterministic.
 */
public record Selector(List<TriplePattern> patterns) {

    public Selector {
        patterns = List.copyOf(patterns);
        if (patterns.isEmpty()) {
            throw new IllegalArgumentException("A selector needs at least one pattern");
        }
    }

    /** The triple pattern fragment of {@code pattern}. */
    public static Selector of(TriplePattern pattern) {
        return new Selector(List.of(pattern));
    }

    /**
     * The bindings-restricted fragment of {@code pattern} for {@code bindings}; with no bindings
     * at all it is the pattern's triple pattern fragment.
     */
    public static Selector of(TriplePattern pattern, Bindings bindings) {
        if (bindings == null || bindings.isEmpty()) {
            return of(pattern);
        }
        Set<TriplePattern> bound = new LinkedHashSet<>();
        for (Binding mapping : bindings.rows()) {
            bound.add(new TriplePattern(substitute(pattern.subject(), mapping), substitute(pattern.predicate(), mapping),
                    substitute(pattern.object(), mapping)));
        }
        return new Selector(new ArrayList<>(bound));
    }

    private static Node substitute(Node node, Binding mapping) {
        if (node.isVariable()) {
            Node value = mapping.get(Var.alloc(node));
            if (value != null) {
                return value;
            }
        }
        return node;
    }
}
