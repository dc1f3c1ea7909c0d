package dev.ldf.server.fragment;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Iterator;
import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.hdt.term.HdtTerms;

/**
 * The triples of one page, read once: as Jena triples, or as the bytes of their terms so that a
 * line-based writer copies them out without building nodes.
 */
public interface PageTriples extends Iterable<Triple> {

    /** Sends every triple, in page order, to {@code consumer}. */
    void forEachEncoded(EncodedTripleConsumer consumer) throws IOException;

    /**
     * Receives triples as the HDT dictionary spells their terms ({@link HdtTerms}: IRIs bare,
     * {@code _:label}, literals with their lexical form unescaped), each term the UTF-8 bytes
     * {@code [0, length)} of its array. The arrays may be reused once the call returns.
     */
    @FunctionalInterface
    interface EncodedTripleConsumer {
        void triple(byte[] s, int sLength, byte[] p, int pLength, byte[] o, int oLength) throws IOException;
    }

    /** Triples already in memory (tests, empty pages). */
    static PageTriples of(List<Triple> triples) {
        return new PageTriples() {
            @Override
            public Iterator<Triple> iterator() {
                return triples.iterator();
            }

            @Override
            public void forEachEncoded(EncodedTripleConsumer consumer) throws IOException {
                for (Triple t : triples) {
                    byte[] s = bytes(t.getSubject());
                    byte[] p = bytes(t.getPredicate());
                    byte[] o = bytes(t.getObject());
                    consumer.triple(s, s.length, p, p.length, o, o.length);
                }
            }

            private static byte[] bytes(Node node) {
                return HdtTerms.toHdt(node).getBytes(StandardCharsets.UTF_8);
            }
        };
    }
}
