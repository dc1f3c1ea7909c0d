package dev.ldf.server.fragment;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;

/**
 * A triple pattern: each position is a concrete term, a named variable ({@link Var}) or
 * {@link Node#ANY} for an unnamed one. A named variable that occurs twice restricts the matches
 * to triples with equal terms in those positions; unnamed variables never do.
 */
public record TriplePattern(Node subject, Node predicate, Node object) {

    /** The pattern that matches every triple. */
    public static final TriplePattern ALL = new TriplePattern(Node.ANY, Node.ANY, Node.ANY);

    public TriplePattern {
        if (subject == null || predicate == null || object == null) {
            throw new IllegalArgumentException("A pattern position is null; use Node.ANY");
        }
    }

    /** True for a named or unnamed variable. */
    public static boolean isVariable(Node node) {
        return node == Node.ANY || node.isVariable();
    }

    /** True for the pattern of the whole dataset: three variables, none repeated. */
    public boolean isAllVariables() {
        return isVariable(subject) && isVariable(predicate) && isVariable(object)
                && !subjectEqualsPredicate() && !subjectEqualsObject() && !predicateEqualsObject();
    }

    public boolean subjectEqualsPredicate() {
        return sameVariable(subject, predicate);
    }

    public boolean subjectEqualsObject() {
        return sameVariable(subject, object);
    }

    public boolean predicateEqualsObject() {
        return sameVariable(predicate, object);
    }
    /** True when {@code triple} matches, repeated variables included. */
    public boolean matches(Triple triple) {
        return matches(subject, triple.getSubject()) && matches(predicate, triple.getPredicate())
                && matches(object, triple.getObject())
                && (!subjectEqualsPredicate() || triple.getSubject().equals(triple.getPredicate()))
                && (!subjectEqualsObject() || triple.getSubject().equals(triple.getObject()))
                && (!predicateEqualsObject() || triple.getPredicate().equals(triple.getObject()));
    }

    private static boolean matches(Node patternNode, Node term) {
        return isVariable(patternNode) || patternNode.sameTermAs(term);
    }

    private static boolean sameVariable(Node a, Node b) {
        return a.isVariable() && a.equals(b);
    }
}
