package dev.ldf.server.live;

import java.util.Collection;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.server.live.patch.ChangeSet;



/**
 * For each term in each role, the last version that changed a triple with that term there, so
 * that a suspended query can tell whether a change since may have touched its patterns. Terms
 * share a fixed number of slots by their hash: a slot may answer "maybe changed" for a term that
 * was not, never "unchanged" for one that was. Not thread-safe: the dataset guards it.
 */
final class ChangeClocks {

    private static final int SLOTS = 1 << 16;

    /** Per role (subject, predicate, object) and slot, the last version that changed a triple with a term there. */
    private final long[][] clocks = new long[3][SLOTS];
    /** The last version that changed any triple. */
    private long last;

    /** The slots of a patch's terms, three per change: worked out before the patch waits for readers. */
    static int[] slots(ChangeSet changes) {
        int[] slots = new int[3 * changes.size()];
        int i = 0;
        for (ChangeSet.Change change : changes) {
            Triple t = change.triple();
            slots[i++] = slot(t.getSubject());
            slots[i++] = slot(t.getPredicate());
            slots[i++] = slot(t.getObject());
        }
        return slots;
    }

    /** Records that the triples behind {@code slots} changed at {@code version}, the newest yet. */
    void tick(int[] slots, long version) {
        for (int i = 0; i < slots.length; i++) {
            clocks[i % 3][slots[i]] = version;
        }
        if (slots.length > 0) {
            last = version;
        }
    }

    /** False only when no triple matching one of {@code patterns} changed after {@code version}. */
    boolean changedSince(long version, Collection<Triple> patterns) {
        if (last <= version) {
            return false;
        }
        for (Triple pattern : patterns) {
            if (mayHaveChanged(pattern, version)) {
                return true;
            }
        }
        return false;
    }

    /** A change that matches the pattern has its terms, so each of the pattern's terms has ticked since. */
    private boolean mayHaveChanged(Triple pattern, long version) {
        Node[] terms = {pattern.getSubject(), pattern.getPredicate(), pattern.getObject()};
        for (int role = 0; role < 3; role++) {
            if (terms[role].isConcrete() && clocks[role][slot(terms[role])] <= version) {
                return false;
            }
        }
        return true;
    }

    /**
     * Terms with the same HDT spelling (which is how the overlay tells them apart) are equal as
     * Jena nodes, so they share a hash: the node's, which costs nothing for an IRI.
     */
    private static int slot(Node term) {
        int h = term.hashCode();
        return (h ^ (h >>> 16)) & (SLOTS - 1);
    }
}
