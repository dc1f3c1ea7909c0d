package dev.ldf.server.live;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.live.SortedRun.Keys;

/**
 * A set of triples in memory, sorted three ways (subject, predicate, object first) so that every
 * triple pattern is a range of one of them: the overlay's added and deleted triples. Terms are
 * numbered as they first come, by their HDT spelling, and compared by number: a pattern's matches
 * come in a fixed order for a given history of changes (the log replays the same history, so the
 * order survives a restart). Numbers are not reused until the index is dropped.
 *
 * <p>Each order is a {@link SortedRun} of packed numbers plus a small tree of recent additions;
 * removals of triples in the runs are remembered apart. Once the trees hold {@code mergeAfter}
 * triples they are merged into new runs, so that a large overlay is a few arrays rather than
 * millions of objects. Not thread-safe: the overlay guards it.
 */
final class TripleIndex {

    /** The three orders, each a permutation of (subject, predicate, object). */
    private enum Order {
        SPO, POS, OSP;

        Keys keys(int s, int p, int o) {
            return switch (this) {
                case SPO -> new Keys(s, p, o);
                case POS -> new Keys(p, o, s);
                case OSP -> new Keys(o, s, p);
            };
        }

        /** Subject, predicate and object numbers of keys in this order. */
        Keys spo(Keys k) {
            return switch (this) {
                case SPO -> k;
                case POS -> new Keys(k.c(), k.a(), k.b());
                case OSP -> new Keys(k.b(), k.c(), k.a());
            };
        }
    }

    private static final Comparator<Keys> KEYS = Comparator.comparingInt(Keys::a).thenComparingInt(Keys::b)
            .thenComparingInt(Keys::c);
    /** Below every term's number: the start of a range. */
    private static final int LOW = -1;
    /** A term no triple here has: the pattern matches nothing. */
    private static final int UNKNOWN = -2;
    static final int DEFAULT_MERGE_AFTER = 32_768;

    private final int mergeAfter;
    private final Map<String, Integer> numbers = new HashMap<>();
    private final List<Node> terms = new ArrayList<>();
    private final SortedRun[] runs = {SortedRun.EMPTY, SortedRun.EMPTY, SortedRun.EMPTY};
    @SuppressWarnings("unchecked")
    private final NavigableSet<Keys>[] recent = new NavigableSet[] {new TreeSet<>(KEYS), new TreeSet<>(KEYS),
        new TreeSet<>(KEYS)};
    /** Triples of the runs that were removed (subject order's keys). */
    private final Set<Keys> removed = new HashSet<>();
    /** How many triples each term has as subject, predicate, object: counts of one-term patterns without a scan. */
    private final Map<Integer, int[]> subjectCounts = new HashMap<>();
    private final Map<Integer, int[]> predicateCounts = new HashMap<>();
    private final Map<Integer, int[]> objectCounts = new HashMap<>();
    /** Additions to and removals from the subject order's tree in a batch, not yet made to the other two trees. */
    private final List<Keys> pendingKeys = new ArrayList<>();
    private final List<Boolean> pendingAdds = new ArrayList<>();
    private boolean batch;

    TripleIndex() {
        this(DEFAULT_MERGE_AFTER);
    }

    TripleIndex(int mergeAfter) {
        this.mergeAfter = mergeAfter;
    }

    private int number(Node node) {
        return numbers.computeIfAbsent(HdtTerms.toHdt(node), k -> {
            terms.add(node);
            return terms.size() - 1;
        });
    }

    /** A term's number, or null for a term no triple here ever had. */
    private Integer known(Node node) {
        return numbers.get(HdtTerms.toHdt(node));
    }

    /** The number of a term some triple here has or had, or null. */
    Integer numberOf(Node node) {
        return known(node);
    }

    /** How many triples each predicate has here, from the counters kept as triples come and go. */
    void forEachPredicate(java.util.function.ObjIntConsumer<Node> action) {
        predicateCounts.forEach((number, count) -> action.accept(terms.get(number), count[0]));
    }

    /** The term numbered {@code number}. */
    Node term(int number) {
        return terms.get(number);
    }

    /** The numbers of a triple whose terms all have them; null otherwise (then it is not here). */
    private Keys lookup(Triple t) {
        Integer s = known(t.getSubject());
        Integer p = s == null ? null : known(t.getPredicate());
        Integer o = p == null ? null : known(t.getObject());
        return o == null ? null : new Keys(s, p, o);
    }

    private boolean inRun(Keys k) {
        return runs[0].contains(k.a(), k.b(), k.c()) && !removed.contains(k);
    }

    /** True when the triple was not in the set. */
    boolean add(Triple t) {
        Keys k = new Keys(number(t.getSubject()), number(t.getPredicate()), number(t.getObject()));
        if (recent[0].contains(k)) {
            return false;
        }
        if (runs[0].contains(k.a(), k.b(), k.c())) {
            if (!removed.remove(k)) {
                return false;
            }
        } else {
            recent[0].add(k);
            later(k, true);
        }
        counted(k, 1);
        return true;
    }

    /** True when the triple was in the set. */
    boolean remove(Triple t) {
        Keys k = lookup(t);
        if (k == null) {
            return false;
        }
        if (recent[0].remove(k)) {
            later(k, false);
        } else if (!inRun(k) || !removed.add(k)) {
            return false;
        }
        counted(k, -1);
        return true;
    }

    boolean contains(Triple t) {
        Keys k = lookup(t);
        return k != null && (recent[0].contains(k) || inRun(k));
    }

    int size() {
        return runs[0].size() - removed.size() + recent[0].size();
    }

    boolean isEmpty() {
        return size() == 0;
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
        if (pendingKeys.size() < 256) {
            replay(Order.POS);
            replay(Order.OSP);
        } else {
            // Inserting into a tree is pointer chasing: the two orders go on two cores.
            CompletableFuture<Void> other = CompletableFuture.runAsync(() -> replay(Order.POS));
            replay(Order.OSP);
            other.join();
        }
        pendingKeys.clear();
        pendingAdds.clear();
        if (recent[0].size() >= mergeAfter) {
            merge();
        }
    }

    private void later(Keys spo, boolean add) {
        if (batch) {
            pendingKeys.add(spo);
            pendingAdds.add(add);
            return;
        }
        for (Order order : new Order[] {Order.POS, Order.OSP}) {
            Keys k = order.keys(spo.a(), spo.b(), spo.c());
            if (add) {
                recent[order.ordinal()].add(k);
            } else {
                recent[order.ordinal()].remove(k);
            }
        }
        if (recent[0].size() >= mergeAfter) {
            merge();
        }
    }

    private void replay(Order order) {
        NavigableSet<Keys> tree = recent[order.ordinal()];
        for (int i = 0; i < pendingKeys.size(); i++) {
            Keys spo = pendingKeys.get(i);
            Keys k = order.keys(spo.a(), spo.b(), spo.c());
            if (pendingAdds.get(i)) {
                tree.add(k);
            } else {
                tree.remove(k);
            }
        }
    }

    /** Folds the trees and the removals into new runs, the subject order here and the other two on another core. */
    private void merge() {
        CompletableFuture<SortedRun[]> others = CompletableFuture.supplyAsync(
                () -> new SortedRun[] {merged(Order.POS), merged(Order.OSP)});
        SortedRun spo = merged(Order.SPO);
        SortedRun[] rest = others.join();
        runs[0] = spo;
        runs[1] = rest[0];
        runs[2] = rest[1];
        for (NavigableSet<Keys> tree : recent) {
            tree.clear();
        }
        removed.clear();
    }

    private SortedRun merged(Order order) {
        Set<Keys> gone = new HashSet<>();
        for (Keys k : removed) {
            gone.add(order.keys(k.a(), k.b(), k.c()));
        }
        NavigableSet<Keys> tree = recent[order.ordinal()];
        return runs[order.ordinal()].merge(gone, tree.iterator(), tree.size());
    }

    private void counted(Keys k, int delta) {
        bump(subjectCounts, k.a(), delta);
        bump(predicateCounts, k.b(), delta);
        bump(objectCounts, k.c(), delta);
    }

    private static void bump(Map<Integer, int[]> counts, int term, int delta) {
        int[] count = counts.computeIfAbsent(term, k -> new int[1]);
        count[0] += delta;
        if (count[0] == 0) {
            counts.remove(term);
        }
    }

    /** The triples that match {@code pattern}, repeated variables included, in index order. */
    Iterator<Triple> find(TriplePattern pattern) {
        int s = bound(pattern.subject());
        int p = bound(pattern.predicate());
        int o = bound(pattern.object());
        if (s == UNKNOWN || p == UNKNOWN || o == UNKNOWN) {
            return Collections.emptyIterator();
        }
        Order order;
        int prefix;
        if (s != LOW && o != LOW && p == LOW) {
            order = Order.OSP;
            prefix = 2;
        } else if (s != LOW) {
            order = Order.SPO;
            prefix = p == LOW ? 1 : o == LOW ? 2 : 3;
        } else if (p != LOW) {
            order = Order.POS;
            prefix = o == LOW ? 1 : 2;
        } else if (o != LOW) {
            order = Order.OSP;
            prefix = 1;
        } else {
            order = Order.SPO;
            prefix = 0;
        }
        return new Matches(order, order.keys(s, p, o), prefix, pattern);
    }

    /** How many triples match {@code pattern}. */
    long count(TriplePattern pattern) {
        if (pattern.isAllVariables()) {
            return size();
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

    /** A bound term's number, {@link #LOW} for a variable, {@link #UNKNOWN} for a term never seen. */
    private int bound(Node node) {
        if (TriplePattern.isVariable(node)) {
            return LOW;
        }
        Integer n = known(node);
        return n == null ? UNKNOWN : n;
    }

    /**
     * A pattern's range of one order: the run's part and the tree's part merged in key order, the
     * run's removed triples passed over, repeated variables checked by number.
     */
    private final class Matches implements Iterator<Triple> {
        private final Order order;
        private final Keys from;
        private final int prefix;
        private final TriplePattern pattern;
        private final SortedRun run;
        private final Iterator<Keys> tree;
        private int position;
        private Keys fromTree;
        private Triple next;

        Matches(Order order, Keys from, int prefix, TriplePattern pattern) {
            this.order = order;
            this.from = from;
            this.prefix = prefix;
            this.pattern = pattern;
            this.run = runs[order.ordinal()];
            this.position = run.lowerBound(from.a(), from.b(), from.c());
            this.tree = recent[order.ordinal()].tailSet(from, true).iterator();
            this.fromTree = nextFromTree();
            advance();
        }

        private Keys nextFromTree() {
            if (!tree.hasNext()) {
                return null;
            }
            Keys k = tree.next();
            return inPrefix(k.a(), k.b(), k.c()) ? k : null;
        }

        private boolean inPrefix(int a, int b, int c) {
            return (prefix < 1 || a == from.a()) && (prefix < 2 || b == from.b()) && (prefix < 3 || c == from.c());
        }

        private void advance() {
            next = null;
            while (next == null) {
                boolean runHas = position < run.size()
                        && inPrefix(run.key(position, 0), run.key(position, 1), run.key(position, 2));
                Keys k;
                if (runHas && (fromTree == null
                        || run.compare(position, fromTree.a(), fromTree.b(), fromTree.c()) < 0)) {
                    k = new Keys(run.key(position, 0), run.key(position, 1), run.key(position, 2));
                    position++;
                    if (!removed.isEmpty() && removed.contains(order.spo(k))) {
                        continue;
                    }
                } else if (fromTree != null) {
                    k = fromTree;
                    fromTree = nextFromTree();
                } else {
                    return;
                }
                Keys spo = order.spo(k);
                if ((!pattern.subjectEqualsPredicate() || spo.a() == spo.b())
                        && (!pattern.subjectEqualsObject() || spo.a() == spo.c())
                        && (!pattern.predicateEqualsObject() || spo.b() == spo.c())) {
                    next = Triple.create(terms.get(spo.a()), terms.get(spo.b()), terms.get(spo.c()));
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
