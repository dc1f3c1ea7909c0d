package dev.ldf.server.hdt;

import java.util.List;

import org.rdfhdt.hdt.triples.Triples;

/** Opens cursors over a pattern's matches in the HDT triples. Thread-safe; the cursors are not. */
final class Matches {

    private final Triples triples;
    private final RepeatedVariables repeated;

    Matches(Triples triples, RepeatedVariables repeated) {
        this.triples = triples;
        this.repeated = repeated;
    }

    /** The matches of {@code pattern} that none of {@code earlier} yields. */
    MatchCursor of(PatternIds pattern, List<PatternIds> earlier) {
        return new MatchCursor(triples.search(pattern.toTripleId()), repeated, pattern, earlier);
    }

    MatchCursor of(Part part) {
        return of(part.pattern(), part.earlier());
    }

    Triples triples() {
        return triples;
    }
}
