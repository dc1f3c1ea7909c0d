package dev.ldf.server.hdt;

import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.server.preemption.ResumableScan;

/**
 * A {@link ResumableScan} of an HDT file, in dictionary identifiers. The position counts the rows
 * of the underlying HDT iteration, rejected rows included (those that break a repeated variable,
 * or the other objects of an {@code S?O} pattern's subject).
 */
final class HdtScan implements ResumableScan {

    private static final HdtScan EMPTY = new HdtScan(null, null, null, 0, 0);

    private final IteratorTripleID rows;
    private final PatternIds pattern;
    private final RepeatedVariables repeated;
    private final long end;
    private long position;

    HdtScan(IteratorTripleID rows, PatternIds pattern, RepeatedVariables repeated, long position, long end) {
        this.rows = rows;
        this.pattern = pattern;
        this.repeated = repeated;
        this.position = position;
        this.end = end;
    }

    static HdtScan empty() {
        return EMPTY;
    }

    @Override
    public Step next(long[] spo, Budget budget) {
        while (position < end) {
            if (!budget.spend()) {
                return Step.STOPPED;
            }
            if (!rows.hasNext()) {
                return Step.END;
            }
            // hdt-java reuses the returned TripleID: read it before the next call.
            TripleID t = rows.next();
            position++;
            if (pattern.matchesConstants(t) && repeated.accepts(pattern.repeats(), t)) {
                spo[0] = t.getSubject();
                spo[1] = t.getPredicate();
                spo[2] = t.getObject();
                return Step.MATCH;
            }
        }
        return Step.END;
    }

    /** Rows read so far. */
    @Override
    public long position() {
        return position;
    }
}
