package dev.ldf.server.live.index;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.NavigableSet;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.ObjIntConsumer;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.live.index.SortedRun.Keys;

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

    /**
     * Where the other orders are sorted while the subject order is: threads kept between batches.
     * (CompletableFuture's default pool starts a thread per task on a machine of two cores.)
     */
    private static final ExecutorService OTHER_CORE = Executors.newCachedThreadPool(task -> {
        Thread thread = new Thread(task, "overlay-index");
        thread.setDaemon(true);
        return thread;
    });
    /** Below every term's number: the start of a range. */
    private static final int LOW = -1;
    /** A term no triple here has: the pattern matches nothing. */
    private static final int UNKNOWN = -2;
    static final int DEFAULT_MERGE_AFTER = 32_768;

    private final int mergeAfter;
    private final TermNumbers terms = new TermNumbers();
    private final SortedRun[] runs = {SortedRun.EMPTY, SortedRun.EMPTY, SortedRun.EMPTY};
    @SuppressWarnings("unchecked")
    private final NavigableSet<Keys>[] recent = new NavigableSet[] {new TreeSet<>(), new TreeSet<>(),
        new TreeSet<>()};
    /** Triples of the runs that were removed (subject order's keys). */
    private final Set<Keys> removed = new HashSet<>();
    private final TermCounts counts = new TermCounts();
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
        return terms.number(node);
    }

    /** A term's number, or null for a term no triple here ever had. */
    private Integer known(Node node) {
        return terms.known(node);
    }

    /** The number of a term some triple here has or had, or null. */
    Integer numberOf(Node node) {
        return known(node);
    }

    /** How many triples each predicate has here, from the counters kept as triples come and go. */
    void forEachPredicate(ObjIntConsumer<Node> action) {
        counts.forEachPredicate((number, count) -> action.accept(terms.term(number), count));
    }

    /** The term numbered {@code number}. */
    Node term(int number) {
        return terms.term(number);
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

    /** How many terms the index has numbered (numbers stay until it is dropped). */
    int termCount() {
        return terms.count();
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
            replay(IndexOrder.POS);
            replay(IndexOrder.OSP);
        } else {
            // Inserting into a tree is pointer chasing: the two orders go on two cores.
            CompletableFuture<Void> other = CompletableFuture.runAsync(() -> replay(IndexOrder.POS), OTHER_CORE);
            replay(IndexOrder.OSP);
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
        for (IndexOrder order : new IndexOrder[] {IndexOrder.POS, IndexOrder.OSP}) {
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

    private void replay(IndexOrder order) {
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
                () -> new SortedRun[] {merged(IndexOrder.POS), merged(IndexOrder.OSP)}, OTHER_CORE);
        SortedRun spo = merged(IndexOrder.SPO);
        SortedRun[] rest = others.join();
        runs[0] = spo;
        runs[1] = rest[0];
        runs[2] = rest[1];
        for (NavigableSet<Keys> tree : recent) {
            tree.clear();
        }
        removed.clear();
    }

    private SortedRun merged(IndexOrder order) {
        Set<Keys> gone = new HashSet<>();
        for (Keys k : removed) {
            gone.add(order.keys(k.a(), k.b(), k.c()));
        }
        NavigableSet<Keys> tree = recent[order.ordinal()];
        return runs[order.ordinal()].merge(gone, tree.iterator(), tree.size());
    }

    private void counted(Keys k, int delta) {
        counts.change(k.a(), k.b(), k.c(), delta);
    }

    /** The triples that match {@code pattern}, repeated variables included, in index order. */
    Iterator<Triple> find(TriplePattern pattern) {
        int s = bound(pattern.subject());
        int p = bound(pattern.predicate());
        int o = bound(pattern.object());
        if (s == UNKNOWN || p == UNKNOWN || o == UNKNOWN) {
            return Collections.emptyIterator();
        }
        IndexOrder order;
        int prefix;
        if (s != LOW && o != LOW && p == LOW) {
            order = IndexOrder.OSP;
            prefix = 2;
        } else if (s != LOW) {
            order = IndexOrder.SPO;
            prefix = p == LOW ? 1 : o == LOW ? 2 : 3;
        } else if (p != LOW) {
            order = IndexOrder.POS;
            prefix = o == LOW ? 1 : 2;
        } else if (o != LOW) {
            order = IndexOrder.OSP;
            prefix = 1;
        } else {
            order = IndexOrder.SPO;
            prefix = 0;
        }
        return new IndexRange(order, order.keys(s, p, o), prefix, pattern, runs[order.ordinal()],
                recent[order.ordinal()], removed, terms);
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
            return number == null ? 0 : s ? counts.asSubject(number) : p ? counts.asPredicate(number) : counts.asObject(number);
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
}
