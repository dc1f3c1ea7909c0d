package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.binding.BindingFactory;

/** Matching received triples against patterns, and the bindings that result. */
final class Matching {

    private Matching() {}

    /**
     * The binding of {@code pattern}'s variables that makes it {@code triple}, or null when the
     * triple does not match (a constant differs, or a repeated variable meets two terms). Servers
     * in triple formats also send metadata, and not all honour repeated variables: this check
     * keeps only what the pattern really matches.
     */
    static Binding match(Triple pattern, Triple triple) {
        BindingBuilder builder = BindingBuilder.create();
        return bind(builder, pattern.getSubject(), triple.getSubject())
                && bind(builder, pattern.getPredicate(), triple.getPredicate())
                && bind(builder, pattern.getObject(), triple.getObject()) ? builder.build() : null;
    }

    private static boolean bind(BindingBuilder builder, Node patternNode, Node term) {
        if (patternNode.isVariable()) {
            Var v = Var.alloc(patternNode);
            Node bound = builder.get(v);
            if (bound == null) {
                builder.add(v, term);
                return true;
            }
            return bound.sameTermAs(term);
        }
        return patternNode.sameTermAs(term);
    }

    /** The pattern with {@code binding}'s values in place of its variables. */
    static Triple substitute(Triple pattern, Binding binding) {
        return Triple.create(value(pattern.getSubject(), binding), value(pattern.getPredicate(), binding),
                value(pattern.getObject(), binding));
    }

    private static Node value(Node node, Binding binding) {
        if (node.isVariable()) {
            Node v = binding.get(Var.alloc(node));
            if (v != null) {
                return v;
            }
        }
        return node;
    }

    /** The distinct variables of a pattern, in position order. */
    static List<Var> variables(Triple pattern) {
        List<Var> vars = new ArrayList<>(3);
        for (Node n : new Node[] {pattern.getSubject(), pattern.getPredicate(), pattern.getObject()}) {
            if (n.isVariable() && !vars.contains(Var.alloc(n))) {
                vars.add(Var.alloc(n));
            }
        }
        return vars;
    }

    /** {@code binding} restricted to {@code vars}. */
    static Binding project(Binding binding, List<Var> vars) {
        BindingBuilder builder = BindingBuilder.create();
        for (Var v : vars) {
            Node value = binding.get(v);
            if (value != null) {
                builder.add(v, value);
            }
        }
        return builder.build();
    }

    /** {@code left} extended with the variables of {@code right} it does not bind yet. */
    static Binding merge(Binding left, Binding right) {
        BindingBuilder builder = BindingBuilder.create(left);
        right.forEach((v, n) -> {
            if (!left.contains(v)) {
                builder.add(v, n);
            }
        });
        return builder.build();
    }

    /**
     * True when some triple could match the pattern with these values: literals and blank nodes
     * are never predicates, literals never subjects.
     */
    static boolean canMatch(Triple pattern) {
        return !pattern.getSubject().isLiteral() && !pattern.getPredicate().isLiteral()
                && !pattern.getPredicate().isBlank();
    }

    static Binding empty() {
        return BindingFactory.empty();
    }
}
