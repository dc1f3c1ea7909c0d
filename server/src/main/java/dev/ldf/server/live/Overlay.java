package dev.ldf.server.live;

import java.util.Iterator;
import java.util.function.Predicate;

import org.apache.jena.graph.Triple;

import dev.ldf.server.fragment.TriplePattern;

/**
 * The changes made since the base HDT file: triples added that the base lacks, and base triples
 * deleted. Adding a deleted base triple undoes its deletion, deleting an added triple forgets it,
 * and adding or deleting twice is doing it once, so the dataset is always
 * {@code (base - deleted) + added} with the two sets disjoint from what they change. Not
 * thread-safe: the dataset guards it.
 */
final class Overlay {

    private final TripleIndex added = new TripleIndex();
    private final TripleIndex deleted = new TripleIndex();
    private final Predicate<Triple> inBase;

    /** {@code inBase}: whether the base file holds a triple. */
    Overlay(Predicate<Triple> inBase) {
        this.inBase = inBase;
    }

    /** True when the dataset did not hold {@code t} before. */
    boolean add(Triple t) {
        return inBase.test(t) ? deleted.remove(t) : added.add(t);
    }

    /** True when the dataset held {@code t} before. */
    boolean delete(Triple t) {
        return inBase.test(t) ? deleted.add(t) : added.remove(t);
    }

    /** Applies {@code changes} in order as one batch; returns how many triples were in fact added and deleted. */
    ChangeSet.Effect apply(ChangeSet changes) {
        added.beginBatch();
        deleted.beginBatch();
        long gained = 0;
        long lost = 0;
        try {
            for (ChangeSet.Change change : changes) {
                if (change.add() ? add(change.triple()) : delete(change.triple())) {
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

    boolean contains(Triple t) {
        return added.contains(t) || inBase.test(t) && !deleted.contains(t);
    }

    /** Whether {@code t}, a base triple, is deleted. */
    boolean isDeleted(Triple t) {
        return deleted.contains(t);
    }

    /** The added triples that match {@code pattern}, in a fixed order. */
    Iterator<Triple> added(TriplePattern pattern) {
        return added.find(pattern);
    }

    /** The deleted base triples that match {@code pattern}, in a fixed order. */
    Iterator<Triple> deleted(TriplePattern pattern) {
        return deleted.find(pattern);
    }

    long addedCount(TriplePattern pattern) {
        return added.count(pattern);
    }

    long deletedCount(TriplePattern pattern) {
        return deleted.count(pattern);
    }

    boolean isEmpty() {
        return added.isEmpty() && deleted.isEmpty();
    }

    /** Triples held apart from the base: what compaction would fold into it. */
    long size() {
        return (long) added.size() + deleted.size();
    }
}
