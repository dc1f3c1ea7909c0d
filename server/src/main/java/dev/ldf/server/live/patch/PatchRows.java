package dev.ldf.server.live.patch;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

/**
 * What the rows of one patch mean, whichever reader read them ({@link PlainRows} or the tokenizer
 * in {@link PatchReader}): the changes so far, the transaction open, the terms checked. Every
 * error names its line.
 */
final class PatchRows {

    private final List<ChangeSet.Change> changes = new ArrayList<>();
    // IRIs recur from row to row (predicates, subjects, classes): each is checked once per direction.
    private final Set<String> fineAdded = new HashSet<>();
    private final Set<String> fineDeleted = new HashSet<>();
    private int transactionStart = -1;
    private long transactionLine;

    /** {@code node} as a term of a change, refused unless it can be written ({@link WritableTerms}). */
    Node term(Node node, long line, boolean adding) throws BadPatchException {
        Set<String> fine = adding ? fineAdded : fineDeleted;
        if (node.isURI() && fine.contains(node.getURI())) {
            return node;
        }
        checked(node, line, adding);
        if (node.isURI()) {
            fine.add(node.getURI());
        }
        return node;
    }

    /** {@code node} as a term of a header or a graph, refused unless it can be written. */
    static Node checked(Node node, long line, boolean adding) throws BadPatchException {
        String problem = WritableTerms.problem(node, adding);
        if (problem != null) {
            throw new BadPatchException(line, problem);
        }
        return node;
    }

    /** An {@code A} or {@code D} row of terms already checked. */
    void change(boolean add, Node s, Node p, Node o, long line) throws BadPatchException {
        if (s.isLiteral()) {
            throw new BadPatchException(line, "a literal cannot be a subject");
        }
        if (!p.isURI()) {
            throw new BadPatchException(line, "a predicate is an IRI");
        }
        changes.add(new ChangeSet.Change(add, Triple.create(s, p, o)));
    }

    /** {@code TX} (or {@code TB}). */
    void begin(long line) throws BadPatchException {
        if (transactionStart >= 0) {
            throw new BadPatchException(line, "a transaction begins inside the one begun on line " + transactionLine);
        }
        transactionStart = changes.size();
        transactionLine = line;
    }

    /** {@code TC}, or {@code TA} ({@code abort}): an aborted transaction's rows are dropped. */
    void end(String code, boolean abort, long line) throws BadPatchException {
        if (transactionStart < 0) {
            throw new BadPatchException(line, code + " ends a transaction, but none was begun (TX)");
        }
        if (abort) {
            changes.subList(transactionStart, changes.size()).clear();
        }
        transactionStart = -1;
    }

    /** The patch, once every row is read: every term passed, so known to be writable. */
    ChangeSet finish() throws BadPatchException {
        if (transactionStart >= 0) {
            throw new BadPatchException(transactionLine, "the transaction begun here is not committed (TC) or aborted (TA)");
        }
        return ChangeSet.ofWritable(changes);
    }
}
