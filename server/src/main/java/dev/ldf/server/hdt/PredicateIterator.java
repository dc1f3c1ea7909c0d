package dev.ldf.server.hdt;

import java.util.NoSuchElementException;

import org.rdfhdt.hdt.compact.bitmap.AdjacencyList;
import org.rdfhdt.hdt.compact.sequence.Sequence;
import org.rdfhdt.hdt.enums.ResultEstimationType;
import org.rdfhdt.hdt.enums.TripleComponentOrder;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.impl.BitmapTriples;
import org.rdfhdt.hdt.triples.impl.PredicateIndex;

/**
 * The triples of a {@code ?P?} pattern in the order of HDT's own iterator (the predicate's pairs
 * in index order, each pair's objects in order), which can also jump to any offset: from the
 * nearest sample of {@link PredicateOffsets} it walks at most {@value PredicateOffsets#STEP} pairs.
 * hdt-java's iterator for this shape can only skip, triple by triple.
 *
 * <p>Forward only, like every cursor here. Not thread-safe.
 */
final class PredicateIterator implements IteratorTripleID {

    private final AdjacencyList subjects;
    private final AdjacencyList objects;
    private final Sequence objectIds;
    private final PredicateIndex index;
    private final PredicateOffsets offsets;
    private final long predicate;
    private final long base;
    private final long pairs;
    private final TripleID triple = new TripleID();
    private long occurrence;
    private long subject;
    private long position;
    private long pairEnd;
    private long last = -1;

    PredicateIterator(BitmapTriples triples, PredicateOffsets offsets, long predicate) {
        this.subjects = new AdjacencyList(triples.getSeqY(), triples.getBitmapY());
        this.objects = new AdjacencyList(triples.getSeqZ(), triples.getBitmapZ());
        this.objectIds = triples.getSeqZ();
        this.index = triples.getPredicateIndex();
        this.offsets = offsets;
        this.predicate = predicate;
        this.base = index.getBase(predicate);
        this.pairs = index.getNumOcurrences(predicate);
        enter(1);
    }

    /** True when {@code triples} has what this iterator reads. */
    static boolean supports(BitmapTriples triples) {
        return triples.getOrder() == TripleComponentOrder.SPO && triples.getPredicateIndex() != null;
    }

    /** Stands on the first object of pair {@code occurrence}, or past the end. */
    private void enter(long occurrence) {
        this.occurrence = occurrence;
        if (occurrence > pairs) {
            return;
        }
        long y = index.getOccurrence(base, occurrence);
        subject = subjects.findListIndex(y) + 1;
        position = objects.find(y);
        pairEnd = objects.last(y);
    }

    @Override
    public boolean hasNext() {
        return occurrence <= pairs;
    }

    @Override
    public TripleID next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        triple.setAll(subject, predicate, objectIds.get(position));
        last = position;
        if (position++ == pairEnd) {
            enter(occurrence + 1);
        }
        return triple;
    }

    @Override
    public boolean canGoTo() {
        return true;
    }

    /** Stands on triple {@code offset} (0-based) of the fragment, or past the end. */
    @Override
    public void goTo(long offset) {
        PredicateOffsets.Start start = offsets.start(predicate, offset);
        long before = start.triplesBefore();
        enter(start.occurrence());
        while (hasNext()) {
            long size = pairEnd - position + 1;
            if (before + size > offset) {
                position += offset - before;
                return;
            }
            before += size;
            enter(occurrence + 1);
        }
    }

    @Override
    public long estimatedNumResults() {
        return offsets.triples(predicate);
    }

    @Override
    public ResultEstimationType numResultEstimation() {
        return ResultEstimationType.EXACT;
    }

    @Override
    public TripleComponentOrder getOrder() {
        return TripleComponentOrder.SPO;
    }

    @Override
    public long getLastTriplePosition() {
        return last;
    }

    @Override
    public boolean hasPrevious() {
        return false;
    }

    @Override
    public TripleID previous() {
        throw new UnsupportedOperationException("Forward only");
    }

    @Override
    public void goToStart() {
        enter(1);
    }
}
