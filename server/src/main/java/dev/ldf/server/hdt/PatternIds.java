package dev.ldf.server.hdt;

import org.rdfhdt.hdt.triples.TripleID;

/**
 * A triple pattern in dictionary identifiers: 0 is a variable. {@code repeats} says which
 * positions must hold the same term (see {@link RepeatedVariables}).
 */
record PatternIds(long subject, long predicate, long object, int repeats) {

    TripleID toTripleId() {
        return new TripleID(subject, predicate, object);
    }

    boolean filtered() {
        return repeats != RepeatedVariables.NONE;
    }

    /** The same lookup without the repeated-variable restriction. */
    PatternIds unfiltered() {
        return new PatternIds(subject, predicate, object, RepeatedVariables.NONE);
    }

    /** True for {@code ?P?}: the one shape whose HDT estimate is not a triple count. */
    boolean predicateOnly() {
        return subject == 0 && predicate != 0 && object == 0;
    }

    /** True for {@code S?O}: HDT only gives an upper bound (the subject's triples). */
    boolean subjectAndObjectOnly() {
        return subject != 0 && predicate == 0 && object != 0;
    }

    /** Which positions are constants, and which variables repeat: patterns alike in this never overlap. */
    int shape() {
        return (subject != 0 ? 1 : 0) | (predicate != 0 ? 2 : 0) | (object != 0 ? 4 : 0) | repeats << 3;
    }

    /** True when some triple could match both patterns (their constants agree wherever both have one). */
    boolean mayOverlap(PatternIds other) {
        return agree(subject, other.subject) && agree(predicate, other.predicate) && agree(object, other.object);
    }

    /** True when {@code t} matches the constants of this pattern (repeated variables aside). */
    boolean matchesConstants(TripleID t) {
        return (subject == 0 || subject == t.getSubject()) && (predicate == 0 || predicate == t.getPredicate())
                && (object == 0 || object == t.getObject());
    }

    // Written out: the generated record methods go through method handles, which showed in
    // profiles of brTPF requests (a set of 30 or more of these per request).
    @Override
    public boolean equals(Object o) {
        return o instanceof PatternIds other && subject == other.subject && predicate == other.predicate
                && object == other.object && repeats == other.repeats;
    }

    @Override
    public int hashCode() {
        return ((Long.hashCode(subject) * 31 + Long.hashCode(predicate)) * 31 + Long.hashCode(object)) * 31 + repeats;
    }

    private static boolean agree(long a, long b) {
        return a == 0 || b == 0 || a == b;
    }
}
