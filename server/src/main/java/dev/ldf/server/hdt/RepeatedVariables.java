package dev.ldf.server.hdt;

import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.preemption.ResumableScans;

/**
 * Tests triples for a pattern's repeated variables ({@code ?x p ?x}) on identifiers alone, which
 * HDT itself ignores.
 *
 * <p>Subjects and objects share the identifiers of the shared section: equal identifiers up to
 * {@code nShared} are the same term, above it they are different terms. Predicates have their own
 * identifier space, so each predicate's identifier as a subject and as an object is looked up
 * once when the dataset opens.
 */
final class RepeatedVariables {

    static final int NONE = 0;
    static final int SUBJECT_OBJECT = ResumableScans.SUBJECT_IS_OBJECT;
    static final int SUBJECT_PREDICATE = ResumableScans.SUBJECT_IS_PREDICATE;
    static final int PREDICATE_OBJECT = ResumableScans.PREDICATE_IS_OBJECT;

    private final long shared;
    private final long[] predicateAsSubject;
    private final long[] predicateAsObject;

    RepeatedVariables(Dictionary dictionary) {
        this.shared = dictionary.getNshared();
        int predicates = Math.toIntExact(dictionary.getNpredicates());
        this.predicateAsSubject = new long[predicates + 1];
        this.predicateAsObject = new long[predicates + 1];
        for (int p = 1; p <= predicates; p++) {
            CharSequence term = dictionary.idToString(p, TripleComponentRole.PREDICATE);
            predicateAsSubject[p] = dictionary.stringToId(term, TripleComponentRole.SUBJECT);
            predicateAsObject[p] = dictionary.stringToId(term, TripleComponentRole.OBJECT);
        }
    }

    static int of(TriplePattern pattern) {
        int repeats = NONE;
        if (pattern.subjectEqualsObject()) {
            repeats |= SUBJECT_OBJECT;
        }
        if (pattern.subjectEqualsPredicate()) {
            repeats |= SUBJECT_PREDICATE;
        }
        if (pattern.predicateEqualsObject()) {
            repeats |= PREDICATE_OBJECT;
        }
        return repeats;
    }

    boolean accepts(int repeats, TripleID t) {
        if (repeats == NONE) {
            return true;
        }
        if ((repeats & SUBJECT_OBJECT) != 0 && !(t.getSubject() == t.getObject() && t.getSubject() <= shared)) {
            return false;
        }
        if ((repeats & SUBJECT_PREDICATE) != 0 && predicateAsSubject[(int) t.getPredicate()] != t.getSubject()) {
            return false;
        }
        return (repeats & PREDICATE_OBJECT) == 0 || predicateAsObject[(int) t.getPredicate()] == t.getObject();
    }
}
