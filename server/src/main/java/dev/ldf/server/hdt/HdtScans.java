package dev.ldf.server.hdt;

import org.apache.jena.graph.Node;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.ResultEstimationType;
import org.rdfhdt.hdt.enums.TripleComponentOrder;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.Triples;
import org.rdfhdt.hdt.triples.impl.BitmapTriples;

import dev.ldf.server.preemption.ResumableScan;
import dev.ldf.server.preemption.ResumableScans;

/**
 * {@link ResumableScans} of an HDT file, in its dictionary's identifiers: scans open at any
 * saved position in logarithmic time.
 *
 * <p>Every shape jumps: {@code ???} and the object-index shapes {@code ?PO}, {@code ??O} with
 * HDT's own {@code goTo}; {@code ?P?} with {@link PredicateIterator}; the subject shapes, whose HDT
 * iterator cannot jump, by reading the subject's range of the full iteration, which can. Positions
 * are only meaningful for the file they were taken on. Thread-safe; the scans are not.
 */
public final class HdtScans implements ResumableScans {

    private final Matches matches;
    private final TermIds terms;
    private final RepeatedVariables repeated;
    private final Dictionary dictionary;
    private final long shared;
    private final boolean subjectRanges;

    HdtScans(Matches matches, TermIds terms, RepeatedVariables repeated, Dictionary dictionary) {
        this.matches = matches;
        this.terms = terms;
        this.repeated = repeated;
        this.dictionary = dictionary;
        this.shared = dictionary.getNshared();
        Triples triples = matches.triples();
        this.subjectRanges = triples instanceof BitmapTriples bitmaps && bitmaps.getOrder() == TripleComponentOrder.SPO;
    }

    /** The matches from row {@code position} of the pattern's HDT iteration on. */
    @Override
    public ResumableScan open(long subject, long predicate, long object, int repeats, long position) {
        if (subject < 0 || predicate < 0 || object < 0 || position < 0) {
            return HdtScan.empty();
        }
        PatternIds ids = new PatternIds(subject, predicate, object, repeats);
        Triples triples = matches.triples();
        if (subject != 0 && subjectRanges) {
            // HDT's iterator over a subject cannot jump (its goTo throws an Error), but the full
            // iteration can, and a subject's (and predicate's) triples are one range of it.
            IteratorTripleID range = triples.search(new TripleID(subject, predicate, 0));
            long size = range.estimatedNumResults();
            if (position >= size || !range.hasNext()) {
                return HdtScan.empty();
            }
            range.next();
            IteratorTripleID rows = triples.searchAll();
            rows.goTo(range.getLastTriplePosition() + position);
            return new HdtScan(rows, ids, repeated, position, size);
        }
        IteratorTripleID rows = matches.search(ids);
        long size = rows.numResultEstimation() == ResultEstimationType.EXACT ? rows.estimatedNumResults() : Long.MAX_VALUE;
        if (position >= size) {
            return HdtScan.empty();
        }
        if (position > 0) {
            if (rows.canGoTo()) {
                rows.goTo(position);
            } else {
                // Only files without HDT's index (or not in SPO order) come here.
                for (long i = 0; i < position && rows.hasNext(); i++) {
                    rows.next();
                }
            }
        }
        return new HdtScan(rows, ids, repeated, position, size);
    }

    /** Positions count rows: the row before. */
    @Override
    public long previous(long position) {
        return position - 1;
    }

    @Override
    public long estimate(long subject, long predicate, long object) {
        if (subject < 0 || predicate < 0 || object < 0) {
            return 0;
        }
        PatternIds ids = new PatternIds(subject, predicate, object, RepeatedVariables.NONE);
        if (ids.predicateOnly()) {
            return matches.predicates().triples(predicate);
        }
        return Math.max(0, matches.triples().search(ids.toTripleId()).estimatedNumResults());
    }

    @Override
    public long id(Node term, TripleComponentRole role) {
        return terms.id(term, role);
    }

    @Override
    public Node node(long id, TripleComponentRole role) {
        if (role == TripleComponentRole.SUBJECT) {
            return terms.subject(id);
        }
        return role == TripleComponentRole.PREDICATE ? terms.predicate(id) : terms.object(id);
    }

    @Override
    public long convert(long id, TripleComponentRole from, TripleComponentRole to) {
        if (from == to) {
            return id;
        }
        if (from != TripleComponentRole.PREDICATE && to != TripleComponentRole.PREDICATE) {
            // Terms that are both subject and object share identifiers; the others are in one role only.
            return id <= shared ? id : -1;
        }
        long found = dictionary.stringToId(dictionary.idToString(id, from), to);
        return found > 0 ? found : -1;
    }
}
