package dev.ldf.server.hdt;

import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

/**
 * The matches of one triple pattern in dictionary identifiers, read forward, that can stop after
 * any row and be opened again at the same {@link #position()} without reading what came before.
 * The position counts the rows of the underlying HDT iteration, rejected rows included (those
 * that break a repeated variable, or the other objects of an {@code S?O} pattern's subject).
 *
 * <p>Not thread-safe: a scan belongs to one request.
 */
public final class ResumableScan {

    /** Decides, before every row, whether the scan may read it. */
    @FunctionalInterface
    public interface Budget {
        /** True when one more row may be read; false stops the scan where it stands. */
        boolean spend();
    }

    /** What {@link #next} found. */
    public enum Step { MATCH, END, STOPPED }

    private static final ResumableScan EMPTY = new ResumableScan(null, null, null, 0, 0);

    private final IteratorTripleID rows;
    private final PatternIds pattern;
    private final RepeatedVariables repeated;
    private final long end;
    private long position;

    ResumableScan(IteratorTripleID rows, PatternIds pattern, RepeatedVariables repeated, long position, long end) {
        this.rows = rows;
        this.pattern = pattern;
        this.repeated = repeated;
        this.position = position;
        this.end = end;
    }

    static ResumableScan empty() {
        return EMPTY;
    }

    /**
     * Reads up to the next match and copies it into {@code spo} (subject, predicate, object
     * identifiers), as long as {@code budget} allows each row.
     */
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

    /** Rows read so far: where a scan opened again continues. */
    public long position() {
        return position;
    }
}
