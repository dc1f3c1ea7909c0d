package dev.ldf.hdt.term;

import org.rdfhdt.hdt.enums.TripleComponentRole;

/**
 * Decodes a dictionary's terms to their UTF-8 bytes for one consumer, into a buffer it may reuse:
 * what writers of N-Triples need, without a string per term. Not thread-safe.
 */
public interface TermReader {

    /**
     * Decodes the term with {@code id} in {@code role}: its bytes are then {@link #bytes()} up to
     * {@link #length()}, until the next call.
     *
     * @return false for an id the dictionary lacks
     */
    boolean decode(long id, TripleComponentRole role);

    byte[] bytes();

    int length();
}
