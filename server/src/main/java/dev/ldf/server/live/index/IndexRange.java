package dev.ldf.server.live.index;

import java.util.Iterator;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.Set;

import org.apache.jena.graph.Triple;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.live.index.SortedRun.Keys;

/**
 * A pattern's range of one order of a {@link TripleIndex}: the run's part and the tree's part
 * merged in key order, the run's removed triples passed over, repeated variables checked by number.
 */
final class IndexRange implements Iterator<Triple> {
    private final IndexOrder order;
    private final Keys from;
    private final int prefix;
    private final TriplePattern pattern;
    private final SortedRun run;
    private final Iterator<Keys> tree;
    private final Set<Keys> removed;
    private final TermNumbers terms;
    private int position;
    private Keys fromTree;
    private Triple next;

    /**
     * The keys of {@code order} from {@code from} that share its first {@code prefix} numbers, in
     * {@code run} and {@code recent}; {@code removed} holds removed triples of the runs (subject
     * order's keys).
     */
    IndexRange(IndexOrder order, Keys from, int prefix, TriplePattern pattern, SortedRun run, NavigableSet<Keys> recent,
            Set<Keys> removed, TermNumbers terms) {
        this.order = order;
        this.from = from;
        this.prefix = prefix;
        this.pattern = pattern;
        this.run = run;
        this.removed = removed;
        this.terms = terms;
        this.position = run.lowerBound(from.a(), from.b(), from.c());
        this.tree = recent.tailSet(from, true).iterator();
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
                next = Triple.create(terms.term(spo.a()), terms.term(spo.b()), terms.term(spo.c()));
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
