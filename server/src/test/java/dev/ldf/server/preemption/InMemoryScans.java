package dev.ldf.server.preemption;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.enums.TripleComponentRole;

/**
 * {@link ResumableScans} over a graph's triples held in an array, sorted by identifiers: the
 * engine's tests without HDT. A term has one identifier in every role it has; a position is the
 * index of the next row to read, so the row read last is the one before it; a pattern with a
 * subject reads that subject's rows only, the others every row.
 */
final class InMemoryScans implements ResumableScans {

    private final List<Node> terms = new ArrayList<>();
    private final Map<Node, Long> ids = new HashMap<>();
    private final Map<TripleComponentRole, BitSet> roles = new HashMap<>();
    private final long[][] rows;

    InMemoryScans(Graph graph) {
        List<Triple> triples = graph.find().toList();
        rows = new long[triples.size()][];
        for (int i = 0; i < rows.length; i++) {
            Triple t = triples.get(i);
            rows[i] = new long[] {number(t.getSubject(), TripleComponentRole.SUBJECT),
                    number(t.getPredicate(), TripleComponentRole.PREDICATE), number(t.getObject(), TripleComponentRole.OBJECT)};
        }
        Arrays.sort(rows, Comparator.<long[]>comparingLong(r -> r[0]).thenComparingLong(r -> r[1])
                .thenComparingLong(r -> r[2]));
    }

    private long number(Node term, TripleComponentRole role) {
        long id = ids.computeIfAbsent(term, t -> {
            terms.add(t);
            return (long) terms.size();
        });
        roles.computeIfAbsent(role, r -> new BitSet()).set((int) id);
        return id;
    }

    @Override
    public ResumableScan open(long subject, long predicate, long object, int repeats, long position) {
        long[] pattern = {subject, predicate, object};
        // A bound subject reads only its own rows (they are sorted by subject), as an index would.
        int end = subject > 0 ? firstRowAfter(subject) : rows.length;
        int start = subject > 0 ? firstRowAfter(subject - 1) : 0;
        return new ResumableScan() {
            private int next = Math.max((int) position, start);

            @Override
            public Step next(long[] spo, Budget budget) {
                while (next < end) {
                    if (!budget.spend()) {
                        return Step.STOPPED;
                    }
                    long[] row = rows[next++];
                    if (matches(row, pattern, repeats)) {
                        System.arraycopy(row, 0, spo, 0, 3);
                        return Step.MATCH;
                    }
                }
                return Step.END;
            }

            @Override
            public long position() {
                return next;
            }
        };
    }

    /** The index of the first row whose subject is above {@code subject}. */
    private int firstRowAfter(long subject) {
        int low = 0;
        int high = rows.length;
        while (low < high) {
            int mid = (low + high) >>> 1;
            if (rows[mid][0] <= subject) {
                low = mid + 1;
            } else {
                high = mid;
            }
        }
        return low;
    }

    private static boolean matches(long[] row, long[] pattern, int repeats) {
        for (int i = 0; i < 3; i++) {
            if (pattern[i] != 0 && pattern[i] != row[i]) {
                return false;
            }
        }
        return ((repeats & SUBJECT_IS_OBJECT) == 0 || row[0] == row[2])
                && ((repeats & SUBJECT_IS_PREDICATE) == 0 || row[0] == row[1])
                && ((repeats & PREDICATE_IS_OBJECT) == 0 || row[1] == row[2]);
    }

    @Override
    public long previous(long position) {
        return position - 1;
    }

    @Override
    public long estimate(long subject, long predicate, long object) {
        long[] pattern = {subject, predicate, object};
        return Arrays.stream(rows).filter(row -> matches(row, pattern, 0)).count();
    }

    @Override
    public long id(Node term, TripleComponentRole role) {
        Long id = ids.get(term);
        return id != null && roles.get(role).get(id.intValue()) ? id : -1;
    }

    @Override
    public Node node(long id, TripleComponentRole role) {
        return terms.get((int) id - 1);
    }

    @Override
    public long convert(long id, TripleComponentRole from, TripleComponentRole to) {
        return roles.get(to).get((int) id) ? id : -1;
    }
}
