package dev.ldf.server.live.read;

import java.util.Iterator;
import java.util.function.Supplier;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.server.preemption.ResumableScan;

/**
 * One pattern's matches over a dataset that takes changes: the base's scan less its deleted rows,
 * then the added matches (see {@link LiveScans} for the positions).
 */
final class LiveScan implements ResumableScan {

    /** A scan that has nothing: shared, so it keeps no state. */
    static final ResumableScan EMPTY = new ResumableScan() {
        @Override
        public Step next(long[] spo, Budget budget) {
            return Step.END;
        }

        @Override
        public long position() {
            return 0;
        }
    };

    /** Whether a base row, in identifiers, was deleted. */
    @FunctionalInterface
    interface Deleted {
        boolean test(long[] spo);
    }

    private ResumableScan base;
    private final Deleted deleted;
    private final Supplier<Iterator<Triple>> addedMatches;
    private final long skip;
    private Iterator<Triple> added;
    private long addedRead;
    private Triple current;

    /**
     * @param base    the base's scan, or null to begin in the added matches
     * @param deleted the base's deleted rows, or null when none is
     * @param skip    added matches already read, where the scan begins in them
     */
    LiveScan(ResumableScan base, Deleted deleted, Supplier<Iterator<Triple>> addedMatches, long skip) {
        this.base = base;
        this.deleted = deleted;
        this.addedMatches = addedMatches;
        this.skip = skip;
        this.addedRead = skip;
    }

    @Override
    public Step next(long[] spo, Budget budget) {
        current = null;
        while (base != null) {
            Step step = base.next(spo, budget);
            if (step == Step.STOPPED) {
                return step;
            }
            if (step == Step.END) {
                base = null;
            } else if (deleted == null || !deleted.test(spo)) {
                return Step.MATCH;
            }
        }
        if (added == null) {
            added = addedMatches.get();
            for (long i = 0; i < skip && added.hasNext(); i++) {
                added.next();
            }
        }
        if (!added.hasNext()) {
            return Step.END;
        }
        if (!budget.spend()) {
            return Step.STOPPED;
        }
        current = added.next();
        addedRead++;
        return Step.MATCH;
    }

    @Override
    public long position() {
        return base != null ? 2 * base.position() : 2 * addedRead + 1;
    }

    @Override
    public Node node(int index) {
        if (current == null) {
            return null;
        }
        return index == 0 ? current.getSubject() : index == 1 ? current.getPredicate() : current.getObject();
    }
}
