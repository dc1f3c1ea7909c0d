package dev.ldf.server.hdt;

import java.io.IOException;

import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.util.string.ByteString;

import dev.ldf.hdt.term.TermReader;
import dev.ldf.server.fragment.PageTriples.EncodedTripleConsumer;

/**
 * Turns identifiers into the dictionary's bytes for a consumer. Matches come grouped by
 * subject in most orders, so the last subject is kept (copied: the reader reuses its buffers).
 * Not thread-safe.
 */
final class IdDecoder {
    private final TermIds terms;
    private final TermReader reader;
    private long subjectId;
    private byte[] subject = new byte[64];
    private int subjectLength;

    IdDecoder(TermIds terms) {
        this.terms = terms;
        this.reader = terms.reader();
    }

    void send(long s, long p, long o, EncodedTripleConsumer consumer) throws IOException {
        if (s != subjectId) {
            decode(s, TripleComponentRole.SUBJECT);
            if (reader.length() > subject.length) {
                subject = new byte[Math.max(reader.length(), subject.length * 2)];
            }
            System.arraycopy(reader.bytes(), 0, subject, 0, reader.length());
            subjectLength = reader.length();
            subjectId = s;
        }
        ByteString predicate = terms.predicateBytes(p);
        decode(o, TripleComponentRole.OBJECT);
        consumer.triple(subject, subjectLength, predicate.getBuffer(), predicate.length(), reader.bytes(), reader.length());
    }

    private void decode(long id, TripleComponentRole role) {
        if (!reader.decode(id, role)) {
            throw new IllegalStateException("no term " + id + " as " + role + " in the dictionary");
        }
    }
}
