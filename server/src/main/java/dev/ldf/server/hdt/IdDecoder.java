package dev.ldf.server.hdt;

import java.io.IOException;
import java.util.Arrays;

import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.util.string.ByteString;

import dev.ldf.server.fragment.PageTriples.EncodedTripleConsumer;

/**
 * Turns identifiers into the dictionary's bytes for a consumer. Matches come grouped by
 * subject in most orders, so the last subject is kept (copied: a mapped dictionary may hand
 * out views of buffers it reuses). Not thread-safe.
 */
final class IdDecoder {
    private final TermIds terms;
    private long subjectId;
    private byte[] subject = new byte[0];

    IdDecoder(TermIds terms) {
        this.terms = terms;
    }

    void send(long s, long p, long o, EncodedTripleConsumer consumer) throws IOException {
        if (s != subjectId) {
            ByteString bytes = terms.bytes(s, TripleComponentRole.SUBJECT);
            subject = Arrays.copyOf(bytes.getBuffer(), bytes.length());
            subjectId = s;
        }
        ByteString predicate = terms.bytes(p, TripleComponentRole.PREDICATE);
        ByteString object = terms.bytes(o, TripleComponentRole.OBJECT);
        consumer.triple(subject, subject.length, predicate.getBuffer(), predicate.length(),
                object.getBuffer(), object.length());
    }
}
