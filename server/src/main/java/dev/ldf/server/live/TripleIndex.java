package dev.ldf.server.live;

import java.util.Comparator;
import java.util.Iterator;
import java.util.NavigableSet;
import java.util.NoSuchElementException;
import java.util.TreeSet;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.TriplePattern;

/**
 * A set of triples in memory, sorted three ways (subject, predicate, object first) so that every
 * triple pattern is a range of one of them: the overlay's added and deleted triples. Terms are
 * compared as the HDT dictionary spells them, so a pattern's matches come in a fixed order that
 * depends only on the set's content. Not thread-safe: the overlay guards it.
 */
final class TripleIndex {

    /** A triple with its terms spelled once, for comparing. */
    record Entry(String s, String p, String o, Triple triple) {
        static Entry of(Triple t) {
            return new Entry(HdtTerms.toHdt(t.getSubject()), HdtTerms.toHdt(t.getPredicate()),
                    HdtTerms.toHdt(t.getObject()), t);
        }
    }

    private static final Comparator<Entry> SPO = Comparator.comparing(Entry::s).thenComparing(Entry::p)
            .thenComparing(Entry::o);
    private static final Comparator<Entry> POS = Comparator.comparing(Entry::p).thenComparing(Entry::o)
            .thenComparing(Entry::s);
    private static final Comparator<Entry> OSP = Comparator.comparing(Entry::o).thenComparing(Entry::s)
            .thenComparing(Entry::p);

    private final NavigableSet<Entry> spo = new TreeSet<>(SPO);
    private final NavigableSet<Entry> pos = new TreeSet<>(POS);
    private final NavigableSet<Entry> osp = new TreeSet<>(OSP);

    /** True when the triple was not in the set. */
    boolean add(Triple t) {
        Entry e = Entry.of(t);
        if (!spo.add(e)) {
            return false;
        }
        pos.add(e);
        osp.add(e);
        return true;
    }

    /** True when the triple was in the set. */
    boolean remove(Triple t) {
        Entry e = Entry.of(t);
        if (!spo.remove(e)) {
            return false;
        }
        pos.remove(e);
        osp.remove(e);
        return true;
    }

    boolean contains(Triple t) {
        return spo.contains(Entry.of(t));
    }

    int size() {
        return spo.size();
    }

    boolean isEmpty() {
        return spo.isEmpty();
    }

    /** The triples that match {@code pattern}, repeated variables included, in index order. */
    Iterator<Triple> find(TriplePattern pattern) {
        String s = bound(pattern.subject());
        String p = bound(pattern.predicate());
        String o = bound(pattern.object());
        NavigableSet<Entry> index;
        Entry from;
        Comparator<Entry> prefix;
        if (s != null && o != null && p == null) {
            index = osp;
            from = new Entry(s, "", o, null);
            prefix = Comparator.comparing(Entry::o).thenComparing(Entry::s);
        } else if (s != null) {
            index = spo;
            from = new Entry(s, p == null ? "" : p, p == null || o == null ? "" : o, null);
            prefix = p == null ? Comparator.comparing(Entry::s)
                    : o == null ? Comparator.comparing(Entry::s).thenComparing(Entry::p) : SPO;
        } else if (p != null) {
            index = pos;
            from = new Entry("", p, o == null ? "" : o, null);
            prefix = o == null ? Comparator.comparing(Entry::p) : Comparator.comparing(Entry::p).thenComparing(Entry::o);
        } else if (o != null) {
            index = osp;
            from = new Entry("", "", o, null);
            prefix = Comparator.comparing(Entry::o);
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
        long n = 0;
        for (Iterator<Triple> it = find(pattern); it.hasNext(); it.next()) {
            n++;
        }
        return n;
    }

    private static String bound(Node node) {
        return TriplePattern.isVariable(node) ? null : HdtTerms.toHdt(node);
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
