package dev.ldf.server.preemption;

import org.apache.jena.graph.Node;

/**
 * The matches of one triple pattern, read forward, that can stop after any row and be opened
 * again at the same {@link #position()} without reading what came before. Not thread-safe: a
 * scan belongs to one request.
 */
public interface ResumableScan {

    /** Decides, before every row, whether the scan may read it. */
    @FunctionalInterface
    interface Budget {
        /** True when one more row may be read; false stops the scan where it stands. */
        boolean spend();
    }

    /** What {@link #next} found. */
    enum Step { MATCH, END, STOPPED }

    /**
     * Reads up to the next match and copies it into {@code spo} (subject, predicate, object
     * identifiers, for the positions {@link #node} gives no node for), as long as {@code budget}
     * allows each row.
     */
    Step next(long[] spo, Budget budget);

    /** Where a scan opened again continues. */
    long position();

    /**
     * The term of the last match at {@code index} (0 subject, 1 predicate, 2 object) when the scan
     * read it as a term rather than as an identifier, else null.
     */
    default Node node(int index) {
        return null;
    }
}
