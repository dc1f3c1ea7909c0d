package dev.ldf.server.live.index;

import java.util.HashSet;
import java.util.Iterator;
import java.util.Set;
import java.util.function.Function;
import java.util.function.ObjLongConsumer;
import java.util.function.Supplier;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.triples.TripleID;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.live.patch.ChangeSet;

/**
 * The changes made since the base HDT file: triples added that the base lacks, and base triples
 * deleted. Adding a deleted base triple undoes its deletion, deleting an added triple forgets it,
 * and adding or deleting twice is doing it once, so the dataset is always
 * {@code (base - deleted) + added} with the two sets disjoint from what they change. Not
 * thread-safe: the dataset guards it.
 */
public final class Overlay {

    private final TripleIndex added = new TripleIndex();
    private final TripleIndex deleted = new TripleIndex();
    /**
     * A new lookup, for one batch of triples, of the base's identifiers of a triple (null when the
     * base does not hold it); a patch's terms recur from triple to triple, so a lookup may look
     * each up once.
     */
    private final Supplier<Function<Triple, TripleID>> identify;
    /**
     * The deleted triples by their identifiers in the base, always the same triples as
     * {@link #deleted}: a reader of the base passes over them without spelling its triples.
     */
    private final Set<TripleID> deletedIds = new HashSet<>();

    /** {@code identify}: a new lookup, for one batch, of the base file's identifiers of triples. */
    public Overlay(Supplier<Function<Triple, TripleID>> identify) {
        this.identify = identify;
    }

    /** True when the dataset did not hold {@code t} before. */
    public boolean add(Triple t) {
        return add(t, identify.get().apply(t));
    }

    /** True when the dataset held {@code t} before. */
    public boolean delete(Triple t) {
        return delete(t, identify.get().apply(t));
    }

    /** {@code base}: the triple's identifiers in the base, null when the base lacks it. */
    private boolean add(Triple t, TripleID base) {
        if (base == null) {
            return added.add(t);
        }
        boolean restored = deleted.remove(t);
        if (restored) {
            deletedIds.remove(base);
        }
        return restored;
    }

    private boolean delete(Triple t, TripleID base) {
        if (base == null) {
            return added.remove(t);
        }
        boolean removed = deleted.add(t);
        if (removed) {
            deletedIds.add(base);
        }
        return removed;
    }

    /**
     * Each change's triple's identifiers in the base (null where the base lacks it), in order:
     * looked up before a patch is applied, so that readers need not wait for the lookups.
     */
    public TripleID[] inBase(ChangeSet changes) {
        TripleID[] ids = new TripleID[changes.size()];
        Function<Triple, TripleID> lookup = identify.get();
        int i = 0;
        for (ChangeSet.Change change : changes) {
            ids[i++] = lookup.apply(change.triple());
        }
        return ids;
    }

    /** Applies {@code changes} in order as one batch; returns how many triples were in fact added and deleted. */
    public ChangeSet.Effect apply(ChangeSet changes) {
        return apply(changes, inBase(changes));
    }

    /** {@link #apply(ChangeSet)} with the base's identifiers of each triple already known ({@link #inBase}). */
    public ChangeSet.Effect apply(ChangeSet changes, TripleID[] inBase) {
        added.beginBatch();
        deleted.beginBatch();
        long gained = 0;
        long lost = 0;
        try {
            int i = 0;
            for (ChangeSet.Change change : changes) {
                TripleID base = inBase[i++];
                if (change.add() ? add(change.triple(), base) : delete(change.triple(), base)) {
                    if (change.add()) {
                        gained++;
                    } else {
                        lost++;
                    }
                }
            }
        } finally {
            added.endBatch();
            deleted.endBatch();
        }
        return new ChangeSet.Effect(gained, lost);
    }

    /** The terms the overlay's two sets have numbered: what it holds on the heap besides its triples. */
    public long termCount() {
        return (long) added.termCount() + deleted.termCount();
    }

    /**
     * The distinct terms of {@code changes} that the index each change goes to (additions to the
     * added triples, deletions to the deleted) does not number yet: what applying them adds to
     * the overlay's dictionaries, at most.
     */
    public long newTerms(ChangeSet changes) {
        Set<Node> toAdded = new HashSet<>();
        Set<Node> toDeleted = new HashSet<>();
        for (ChangeSet.Change change : changes) {
            TripleIndex index = change.add() ? added : deleted;
            Set<Node> fresh = change.add() ? toAdded : toDeleted;
            Triple t = change.triple();
            for (Node n : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
                if (index.numberOf(n) == null) {
                    fresh.add(n);
                }
            }
        }
        return toAdded.size() + toDeleted.size();
    }

    public boolean contains(Triple t) {
        return added.contains(t) || identify.get().apply(t) != null && !deleted.contains(t);
    }

    /** Whether the base triple with these identifiers is deleted: no term is spelled to know. */
    public boolean isDeletedFromBase(long subject, long predicate, long object) {
        return !deletedIds.isEmpty() && deletedIds.contains(new TripleID(subject, predicate, object));
    }

    /** Whether {@code t}, a base triple, is deleted. */
    public boolean isDeleted(Triple t) {
        return deleted.contains(t);
    }

    /** The added triples that match {@code pattern}, in a fixed order. */
    public Iterator<Triple> added(TriplePattern pattern) {
        return added.find(pattern);
    }

    /** The deleted base triples that match {@code pattern}, in a fixed order. */
    public Iterator<Triple> deleted(TriplePattern pattern) {
        return deleted.find(pattern);
    }

    /** The added set's number of a term (numbers stay until a compaction), or null when it never had the term. */
    public Integer addedNumber(Node term) {
        return added.numberOf(term);
    }

    /** The term the added set numbered {@code number}. */
    public Node addedTerm(int number) {
        return added.term(number);
    }

    /** Per predicate, how many triples the overlay adds (positive) and deletes (negative). */
    public void forEachPredicateChange(ObjLongConsumer<Node> action) {
        added.forEachPredicate(action::accept);
        deleted.forEachPredicate((p, n) -> action.accept(p, -n));
    }

    public long addedCount(TriplePattern pattern) {
        return added.count(pattern);
    }

    public long deletedCount(TriplePattern pattern) {
        return deleted.count(pattern);
    }

    public boolean isEmpty() {
        return added.isEmpty() && deleted.isEmpty();
    }

    /** Triples held apart from the base: what compaction would fold into it. */
    public long size() {
        return (long) added.size() + deleted.size();
    }
}
