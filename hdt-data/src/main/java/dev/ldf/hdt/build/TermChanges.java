package dev.ldf.hdt.build;

import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.TripleString;
import org.rdfhdt.hdt.util.string.CompactString;

/**
 * The terms a merge touches (those of the deleted and of the added triples) and the dictionary
 * section each is in before and after it. A four-section dictionary files a term by its roles: a
 * term that is both a subject and an object is shared, so a term gaining or losing a role moves
 * between sections, and one losing every role leaves. A role is lost when every base triple that
 * gave it is deleted and no added triple gives it again; asking the base costs at most one step
 * more than the deletes of that term, however many triples it has.
 */
final class TermChanges {

    /** The sections of subjects and objects; predicates have their own. */
    enum Section { SHARED, SUBJECTS, OBJECTS, NONE }

    /** A term as a section holds it: its text, and its local ID once the merged section is written. */
    abstract static class Entry {
        final CompactString text;
        long newLocal;

        Entry(CompactString text) {
            this.text = text;
        }
    }

    /** A subject or object term and its IDs before (0: none) and after. */
    static final class Term extends Entry {
        long oldSubject;
        long oldObject;
        boolean addedAsSubject;
        boolean addedAsObject;
        /** Whether a deleted triple had it in that role: only then can the role be lost. */
        boolean deletedAsSubject;
        boolean deletedAsObject;
        Section before;
        Section after;

        Term(CompactString text) {
            super(text);
        }
    }

    /** A predicate and its IDs before (0: none) and after. */
    static final class Predicate extends Entry {
        long oldId;
        boolean added;
        boolean deleted;
        boolean used;

        Predicate(CompactString text) {
            super(text);
        }
    }

    /** Keyed by their UTF-8 bytes, which each term holds once. */
    final Map<CompactString, Term> terms = new HashMap<>();
    final Map<CompactString, Predicate> predicates = new HashMap<>();
    private final long shared;

    private TermChanges(long shared) {
        this.shared = shared;
    }

    /** The changes {@code deleted} (base IDs) and {@code added} (spelled as the base spells terms) make to {@code base}. */
    static TermChanges of(HDT base, Collection<TripleID> deleted, Set<TripleID> deletedSet,
            Collection<TripleString> added) {
        Dictionary d = base.getDictionary();
        TermChanges changes = new TermChanges(d.getNshared());
        for (TripleID t : deleted) {
            changes.baseTerm(key(d.idToString(t.getSubject(), TripleComponentRole.SUBJECT)), t.getSubject(), 0)
                    .deletedAsSubject = true;
            changes.baseTerm(key(d.idToString(t.getObject(), TripleComponentRole.OBJECT)), 0, t.getObject())
                    .deletedAsObject = true;
            changes.predicate(d, key(d.idToString(t.getPredicate(), TripleComponentRole.PREDICATE))).deleted = true;
        }
        for (TripleString t : added) {
            changes.term(d, key(t.getSubject())).addedAsSubject = true;
            changes.term(d, key(t.getObject())).addedAsObject = true;
            changes.predicate(d, key(t.getPredicate())).added = true;
        }
        for (Term term : changes.terms.values()) {
            term.before = section(term.oldSubject > 0, term.oldObject > 0);
            boolean subject = term.addedAsSubject || term.oldSubject > 0 && (!term.deletedAsSubject
                    || remains(base.getTriples().search(new TripleID(term.oldSubject, 0, 0)), deletedSet));
            boolean object = term.addedAsObject || term.oldObject > 0 && (!term.deletedAsObject
                    || remains(base.getTriples().search(new TripleID(0, 0, term.oldObject)), deletedSet));
            term.after = section(subject, object);
        }
        for (Predicate p : changes.predicates.values()) {
            p.used = p.added || p.oldId > 0
                    && (!p.deleted || remains(base.getTriples().search(new TripleID(0, p.oldId, 0)), deletedSet));
        }
        return changes;
    }

    /** A term known by a base ID in one role; a shared ID is the same in both. */
    private Term baseTerm(CompactString text, long subject, long object) {
        Term term = terms.computeIfAbsent(text, Term::new);
        long id = subject > 0 ? subject : object;
        term.oldSubject = subject > 0 || id <= shared ? id : term.oldSubject;
        term.oldObject = object > 0 || id <= shared ? id : term.oldObject;
        return term;
    }

    private Term term(Dictionary d, CompactString text) {
        return terms.computeIfAbsent(text, k -> {
            Term term = new Term(k);
            // Each section looked in once: a shared term is in neither of the others.
            long id = d.getShared().locate(k);
            if (id > 0) {
                term.oldSubject = id;
                term.oldObject = id;
            } else {
                id = d.getSubjects().locate(k);
                term.oldSubject = id > 0 ? shared + id : 0;
                id = d.getObjects().locate(k);
                term.oldObject = id > 0 ? shared + id : 0;
            }
            return term;
        });
    }

    private Predicate predicate(Dictionary d, CompactString text) {
        return predicates.computeIfAbsent(text, k -> {
            Predicate p = new Predicate(k);
            p.oldId = Math.max(0, d.stringToId(k, TripleComponentRole.PREDICATE));
            return p;
        });
    }

    /** A term's text as the key of the maps: its UTF-8 bytes, copied once. */
    static CompactString key(CharSequence text) {
        return new CompactString(text);
    }

    private static Section section(boolean subject, boolean object) {
        return subject ? object ? Section.SHARED : Section.SUBJECTS : object ? Section.OBJECTS : Section.NONE;
    }

    /** Whether a base triple among {@code matches} is not deleted. */
    private static boolean remains(IteratorTripleID matches, Set<TripleID> deleted) {
        while (matches.hasNext()) {
            if (!deleted.contains(matches.next())) {
                return true;
            }
        }
        return false;
    }

    /** The local ID a term had in {@code section} before the merge. */
    long oldLocal(Term term, Section section) {
        return switch (section) {
            case SHARED -> term.oldSubject;
            case SUBJECTS -> term.oldSubject - shared;
            case OBJECTS -> term.oldObject - shared;
            case NONE -> throw new IllegalArgumentException("no section");
        };
    }

    /** The terms that leave {@code section}: their old local IDs. */
    long[] leaving(Section section) {
        return terms.values().stream().filter(t -> t.before == section && t.after != section)
                .mapToLong(t -> oldLocal(t, section)).toArray();
    }

    /** The predicates no triple uses any more (old IDs). */
    long[] leavingPredicates() {
        return predicates.values().stream().filter(p -> p.oldId > 0 && !p.used).mapToLong(p -> p.oldId).toArray();
    }

    /** The predicates new to the file. */
    List<Predicate> arrivingPredicates() {
        return predicates.values().stream().filter(p -> p.oldId == 0 && p.used).toList();
    }

    /** The terms that arrive in {@code section}, in no order. */
    List<Term> arriving(Section section) {
        List<Term> arriving = new ArrayList<>();
        for (Term t : terms.values()) {
            if (t.after == section && t.before != section) {
                arriving.add(t);
            }
        }
        return arriving;
    }
}
