package dev.ldf.server.live;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.TriplePattern;

/**
 * A set of triples in memory, sorted three ways (subject, predicate, object first) so that every
 * triple pattern is a range of one of them: the overlay's added and deleted triples. Terms are
 * numbered as they first come, by their HDT spelling, and compared by number: a pattern's matches
 * come in a fixed order for a given history of changes (the log replays the same history, so the
 * order survives a restart). Numbers are not reused until the index is dropped. Not thread-safe:
 * the overlay guards it.
 */
final class TripleIndex {

    /** A triple with its terms' numbers, for comparing. */
    record Entry(int s, int p, int o, Triple triple) {}

    private static final Comparator<Entry> SPO = (a, b) -> {
        int c = Integer.compare(a.s, b.s);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.p, b.p);
        return c != 0 ? c : Integer.compare(a.o, b.o);
    };
    private static final Comparator<Entry> POS = (a, b) -> {
        int c = Integer.compare(a.p, b.p);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.o, b.o);
        return c != 0 ? c : Integer.compare(a.s, b.s);
    };
    private static final Comparator<Entry> OSP = (a, b) -> {
        int c = Integer.compare(a.o, b.o);
        if (c != 0) {
            return c;
        }
        c = Integer.compare(a.s, b.s);
        return c != 0 ? c : Integer.compare(a.p, b.p);
    };
    /** Below and above every term's number: the ends of a range. */
    private static final int LOW = -1;

    private final Map<String, Integer> numbers = new HashMap<>();
    private final NavigableSet<Entry> spo = new TreeSet<>(SPO);
    private final NavigableSet<Entry> pos = new TreeSet<>(POS);
    private final NavigableSet<Entry> osp = new TreeSet<>(OSP);
    /** Changes made to {@link #spo} in a batch and not yet to the other two orders (true: added). */
    private final List<Entry> pendingEntries = new ArrayList<>();
    /** How many triples each term has as subject, predicate, object: counts of one-term patterns without a scan. */
    private final Map<Integer, int[]> subjectCounts = new HashMap<>();
    private final Map<Integer, int[]> predicateCounts = new HashMap<>();
    private final Map<Integer, int[]> objectCounts = new HashMap<>();
    private final List<Boolean> pendingAdds = new ArrayList<>();
    private boolean batch;

    private Entry entry(Triple t) {
        return new Entry(number(t.getSubject()), number(t.getPredicate()), number(t.getObject()), t);
    }

    private int number(Node node) {
        return numbers.computeIfAbsent(HdtTerms.toHdt(node), k -> numbers.size());
    }

    /** A term's number, or null for a term no triple here ever had. */
    private Integer known(Node node) {
        return numbers.get(HdtTerms.toHdt(node));
    }

    /** The entry of a triple whose terms all have numbers; null otherwise (then it is not here). */
    private Entry lookup(Triple t) {
        Integer s = known(t.getSubject());
        Integer p = s == null ? null : known(t.getPredicate());
        Integer o = p == null ? null : known(t.getObject());
        return o == null ? null : new Entry(s, p, o, t);
    }

    /** True when the triple was not in the set. */
    boolean add(Triple t) {
        Entry e = entry(t);
        if (!spo.add(e)) {
            return false;
        }
        counted(e, 1);
        later(e, true);
        return true;
    }

    /** True when the triple was in the set. */
    boolean remove(Triple t) {
        Entry e = lookup(t);
        if (e == null || !spo.remove(e)) {
            return false;
        }
        counted(e, -1);
        later(e, false);
        return true;
    }

    /**
     * Starts a batch: until {@link #endBatch}, changes reach the subject order at once (which
     * answers add, remove and contains) and the other two orders at the end, both at the same time
     * on two threads. Finding is only allowed outside a batch.
     */
    void beginBatch() {
        batch = true;
    }

    void endBatch() {
        batch = false;
        if (pendingEntries.size() < 256) {
            replay(pos);
            replay(osp);
        } else {
            // Inserting into a large tree is pointer chasing: the two orders go on two cores.
            CompletableFuture<Void> other = CompletableFuture.runAsync(() -> replay(pos));
            replay(osp);
            other.join();
        }
        pendingEntries.clear();
        pendingAdds.clear();
    }

    private void counted(Entry e, int delta) {
        bump(subjectCounts, e.s(), delta);
        bump(predicateCounts, e.p(), delta);
        bump(objectCounts, e.o(), delta);
    }

    private static void bump(Map<Integer, int[]> counts, int term, int delta) {
        int[] count = counts.computeIfAbsent(term, k -> new int[1]);
        count[0] += delta;
        if (count[0] == 0) {
            counts.remove(term);
        }
    }

    private void later(Entry e, boolean add) {
        if (batch) {
            pendingEntries.add(e);
            pendingAdds.add(add);
        } else if (add) {
            pos.add(e);
            osp.add(e);
        } else {
            pos.remove(e);
            osp.remove(e);
        }
    }

    private void replay(NavigableSet<Entry> order) {
        for (int i = 0; i < pendingEntries.size(); i++) {
            if (pendingAdds.get(i)) {
                order.add(pendingEntries.get(i));
            } else {
                order.remove(pendingEntries.get(i));
            }
        }
    }

    boolean contains(Triple t) {
        Entry e = lookup(t);
        return e != null && spo.contains(e);
    }

    int size() {
        return spo.size();
    }

    boolean isEmpty() {
        return spo.isEmpty();
    }

    /** The triples that match {@code pattern}, repeated variables included, in index order. */
    Iterator<Triple> find(TriplePattern pattern) {
        int s = bound(pattern.subject());
        int p = bound(pattern.predicate());
        int o = bound(pattern.object());
        if (s == UNKNOWN || p == UNKNOWN || o == UNKNOWN) {
            return java.util.Collections.emptyIterator();
        }
        NavigableSet<Entry> index;
        Entry from;
        Comparator<Entry> prefix;
        if (s != LOW && o != LOW && p == LOW) {
            index = osp;
            from = new Entry(s, LOW, o, null);
            prefix = (a, b) -> a.o != b.o ? Integer.compare(a.o, b.o) : Integer.compare(a.s, b.s);
        } else if (s != LOW) {
            index = spo;
            from = new Entry(s, p, p == LOW ? LOW : o, null);
            prefix = p == LOW ? (a, b) -> Integer.compare(a.s, b.s)
                    : o == LOW ? (a, b) -> a.s != b.s ? Integer.compare(a.s, b.s) : Integer.compare(a.p, b.p) : SPO;
        } else if (p != LOW) {
            index = pos;
            from = new Entry(LOW, p, o, null);
            prefix = o == LOW ? (a, b) -> Integer.compare(a.p, b.p)
                    : (a, b) -> a.p != b.p ? Integer.compare(a.p, b.p) : Integer.compare(a.o, b.o);
        } else if (o != LOW) {
            index = osp;
            from = new Entry(LOW, LOW, o, null);
            prefix = (a, b) -> Integer.compare(a.o, b.o);
        } else {
            index = spo;
            from = null;
            prefix = null;
        }
        Iterator<Entry> range = from == null ? index.iterator() : index.tailSet(from, true).iterator();
        return new Matches(range, from, prefix, pattern);
    }

    /** How many triples match {@code pattern}. */
    long count(TriplePattern pattern) {
        if (pattern.isAllVariables()) {
            return spo.size();
        }
        boolean repeats = pattern.subjectEqualsPredicate() || pattern.subjectEqualsObject() || pattern.predicateEqualsObject();
        boolean s = !TriplePattern.isVariable(pattern.subject());
        boolean p = !TriplePattern.isVariable(pattern.predicate());
        boolean o = !TriplePattern.isVariable(pattern.object());
        if (!repeats && (s ? 1 : 0) + (p ? 1 : 0) + (o ? 1 : 0) == 1) {
            Node term = s ? pattern.subject() : p ? pattern.predicate() : pattern.object();
            Integer number = known(term);
            int[] count = number == null ? null : (s ? subjectCounts : p ? predicateCounts : objectCounts).get(number);
            return count == null ? 0 : count[0];
        }
        long n = 0;
        for (Iterator<Triple> it = find(pattern); it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }

    /** A term no triple here has: the pattern matches nothing. */
    private static final int UNKNOWN = -2;

    /** A bound term's number, {@link #LOW} for a variable, {@link #UNKNOWN} for a term never seen. */
    private int bound(Node node) {
        if (TriplePattern.isVariable(node)) {
            return LOW;
        }
        Integer n = known(node);
        return n == null ? UNKNOWN : n;
    }

    /** A range of an index, ended by the first entry outside the pattern's bound prefix. */
    private static final class Matches implements Iterator<Triple> {
        private final Iterator<Entry> range;
        private final Entry from;
        private final Comparator<Entry> prefix;
        private final TriplePattern pattern;
        private Triple next;

        Matches(Iterator<Entry> range, Entry from, Comparator<Entry> prefix, TriplePattern pattern) {
            this.range = range;
            this.from = from;
            this.prefix = prefix;
            this.pattern = pattern;
            advance();
        }

        private void advance() {
            next = null;
            while (range.hasNext()) {
                Entry e = range.next();
                if (prefix != null && prefix.compare(e, from) != 0) {
                    return;
                }
                // Repeated variables, and a term spelled as the dictionary spells it but not the same term.
                if (pattern.matches(e.triple())) {
                    next = e.triple();
                    return;
                }
            }
        }

        @Override
        public boolean hasNext() {
            return next != null;
        }

        @Override
        public Triple next() {
            if (next == null) {
                throw new NoSuchElementException();
            }
            Triple t = next;
            advance();
            return t;
        }
    }
}
