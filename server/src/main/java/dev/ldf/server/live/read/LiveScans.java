package dev.ldf.server.live.read;

import java.util.Iterator;

import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.rdfhdt.hdt.enums.TripleComponentRole;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.live.index.Overlay;
import dev.ldf.server.preemption.ResumableScan;
import dev.ldf.server.preemption.ResumableScans;

/**
 * The preemptive engine's scans over a dataset that takes changes, in the order fragments list a
 * pattern's matches: the base file's that were not deleted, then the added ones in the overlay's
 * order. A position is {@code 2p} for row {@code p} of the base's scan and {@code 2n + 1} after
 * the {@code n}-th added match; both mean the same for as long as the base stays and no change
 * touches the pattern, which the endpoint makes sure of before it resumes.
 *
 * <p>Terms the base lacks in a role have identifiers from {@link #OVERLAY_IDS} on: the added
 * set's numbers, shifted. Added matches reach the engine as terms, not identifiers. Used under
 * the dataset's read lock, for one quantum.
 */
public final class LiveScans implements ResumableScans {

    /** Above every identifier of an HDT file. */
    static final long OVERLAY_IDS = 1L << 48;
    private static final TripleComponentRole[] ROLES =
            {TripleComponentRole.SUBJECT, TripleComponentRole.PREDICATE, TripleComponentRole.OBJECT};

    private final ResumableScans base;
    private final Overlay overlay;

    public LiveScans(ResumableScans base, Overlay overlay) {
        this.base = base;
        this.overlay = overlay;
    }

    @Override
    public ResumableScan open(long subject, long predicate, long object, int repeats, long position) {
        if (subject < 0 || predicate < 0 || object < 0 || position < 0) {
            return LiveScan.EMPTY;
        }
        TriplePattern pattern = pattern(subject, predicate, object, repeats);
        boolean inBase = subject < OVERLAY_IDS && predicate < OVERLAY_IDS && object < OVERLAY_IDS;
        if (position % 2 == 0 && inBase) {
            ResumableScan rows = base.open(subject, predicate, object, repeats, position / 2);
            return new LiveScan(rows, deleted(pattern), () -> overlay.added(pattern), 0);
        }
        return new LiveScan(null, null, () -> overlay.added(pattern), position / 2);
    }

    /** Both kinds of position step back by one row as {@code 2}. */
    @Override
    public long previous(long position) {
        return position >= 2 ? position - 2 : -1;
    }

    @Override
    public long estimate(long subject, long predicate, long object) {
        if (subject < 0 || predicate < 0 || object < 0) {
            return 0;
        }
        TriplePattern pattern = pattern(subject, predicate, object, 0);
        long kept = 0;
        if (subject < OVERLAY_IDS && predicate < OVERLAY_IDS && object < OVERLAY_IDS) {
            kept = Math.max(0, base.estimate(subject, predicate, object) - overlay.deletedCount(pattern));
        }
        return kept + overlay.addedCount(pattern);
    }

    @Override
    public long id(Node term, TripleComponentRole role) {
        long id = base.id(term, role);
        if (id > 0) {
            return id;
        }
        Integer number = overlay.addedNumber(term);
        return number == null ? -1 : OVERLAY_IDS + number;
    }

    @Override
    public Node node(long id, TripleComponentRole role) {
        return id >= OVERLAY_IDS ? overlay.addedTerm((int) (id - OVERLAY_IDS)) : base.node(id, role);
    }

    @Override
    public long convert(long id, TripleComponentRole from, TripleComponentRole to) {
        if (from == to) {
            return id;
        }
        if (id < OVERLAY_IDS) {
            long converted = base.convert(id, from, to);
            if (converted > 0) {
                return converted;
            }
        }
        // The base lacks the term in one of the roles: the overlay may have it.
        return id(node(id, from), to);
    }

    /** The pattern as terms; variables named only where they repeat, as the overlay's index reads them. */
    private TriplePattern pattern(long subject, long predicate, long object, int repeats) {
        Node s = subject == 0 ? Var.alloc("s") : node(subject, ROLES[0]);
        Node p = predicate == 0 ? ((repeats & SUBJECT_IS_PREDICATE) != 0 ? s : Var.alloc("p")) : node(predicate, ROLES[1]);
        Node o = object == 0 ? ((repeats & SUBJECT_IS_OBJECT) != 0 ? s : (repeats & PREDICATE_IS_OBJECT) != 0 ? p
                : Var.alloc("o")) : node(object, ROLES[2]);
        return new TriplePattern(s, p, o);
    }

    /** What passes over the base's deleted rows of {@code pattern}; null when none is deleted. */
    private LiveScan.Deleted deleted(TriplePattern pattern) {
        if (!overlay.deleted(pattern).hasNext()) {
            return null;
        }
        // Deleted triples are the base's: the overlay knows them by their identifiers there.
        return spo -> overlay.isDeletedFromBase(spo[0], spo[1], spo[2]);
    }

}
