package dev.ldf.server.preemption;

import org.apache.jena.graph.Node;
import org.rdfhdt.hdt.enums.TripleComponentRole;

/**
 * What a query engine that suspends and resumes needs from a dataset: patterns in identifiers,
 * their sizes, identifiers carried from one role to another, and scans that open at any saved
 * position ({@link ResumableScan}). Identifiers are above 0; 0 stands for a variable and a
 * negative one for a term the dataset lacks in that role. Positions are only meaningful for the
 * dataset state they were taken on.
 */
public interface ResumableScans {

    /** The repeated-variable flags of {@link #open}: which positions must hold the same term. */
    int SUBJECT_IS_OBJECT = 1;
    int SUBJECT_IS_PREDICATE = 2;
    int PREDICATE_IS_OBJECT = 4;

    /** The matches of the pattern from {@code position} on (0: the start). */
    ResumableScan open(long subject, long predicate, long object, int repeats, long position);

    /**
     * The position from which the scan reads again the last row it had read when it stood at
     * {@code position}; negative when there is none.
     */
    long previous(long position);

    /** How many triples match the pattern (without repeated variables), exactly or as an upper bound. */
    long estimate(long subject, long predicate, long object);

    /** The identifier of {@code term} in {@code role}, or -1 when the dataset has none there. */
    long id(Node term, TripleComponentRole role);

    /** The term behind an identifier. */
    Node node(long id, TripleComponentRole role);

    /** The identifier, in role {@code to}, of the term with identifier {@code id} in role {@code from}; -1 when none. */
    long convert(long id, TripleComponentRole from, TripleComponentRole to);
}
