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
}
