package dev.ldf.server.hdt;

import java.util.List;

import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.Triples;
import org.rdfhdt.hdt.triples.impl.BitmapTriples;

/** Opens cursors over a pattern's matches in the HDT triples. Thread-safe; the cursors are not. */
final class Matches {

    private final Triples triples;
    private final RepeatedVariables repeated;
    private final PredicateOffsets predicates;
    private final boolean predicateJumps;

    Matches(Triples triples, RepeatedVariables repeated, int predicateCount) {
        this.triples = triples;
        this.repeated = repeated;
        this.predicates = PredicateOffsets.scan(triples, predicateCount);
        this.predicateJumps = triples instanceof BitmapTriples bitmaps && PredicateIterator.supports(bitmaps);
    }

    /** The matches of {@code pattern} that none of {@code earlier} yields. */
    MatchCursor of(PatternIds pattern, List<PatternIds> earlier) {
        return new MatchCursor(search(pattern), repeated, pattern, earlier);
    }

    /**
     * HDT's iterator, or for {@code ?P?} one that can jump to any offset. Repeated variables do not
     * change it (the cursor filters), so one opened for a count serves the cursor too.
     */
    IteratorTripleID search(PatternIds pattern) {
        if (pattern.predicateOnly() && predicateJumps) {
            return new PredicateIterator((BitmapTriples) triples, predicates, pattern.predicate());
        }
        return triples.search(pattern.toTripleId());
    }

    /** Triples per predicate. */
    PredicateOffsets predicates() {
        return predicates;
    }

    MatchCursor of(Part part) {
        IteratorTripleID search = part.search() != null ? part.search() : search(part.pattern());
        return new MatchCursor(search, repeated, part.pattern(), part.earlier());
    }

    Triples triples() {
        return triples;
    }
}
