package dev.ldf.server.hdt;

import java.io.IOException;
import java.util.Iterator;
import java.util.NoSuchElementException;

import org.apache.jena.graph.Triple;

import dev.ldf.server.fragment.PageTriples;

/** The triples of one page as identifiers, turned into terms as they are read. */
final class IdPage implements PageTriples {
    private final TermIds terms;
    private final long[] ids;
    private final int size;

    IdPage(TermIds terms, long[] ids, int size) {
        this.terms = terms;
        this.ids = ids;
        this.size = size;
    }

    /** The identifiers, three per triple; the first {@code 3 * size} count. */
    long[] ids() {
        return ids;
    }

    @Override
    public void forEachEncoded(EncodedTripleConsumer consumer) throws IOException {
        IdDecoder decoder = new IdDecoder(terms);
        for (int i = 0; i < 3 * size; i += 3) {
            decoder.send(ids[i], ids[i + 1], ids[i + 2], consumer);
        }
    }

    @Override
    public Iterator<Triple> iterator() {
        return new Iterator<>() {
            private int next;

            @Override
            public boolean hasNext() {
                return next < size;
            }

            @Override
            public Triple next() {
                if (next >= size) {
                    throw new NoSuchElementException();
                }
                int i = 3 * next++;
                return Triple.create(terms.subject(ids[i]), terms.predicate(ids[i + 1]), terms.object(ids[i + 2]));
            }
        };
    }
}
