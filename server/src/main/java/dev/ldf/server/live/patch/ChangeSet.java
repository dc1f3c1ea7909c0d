package dev.ldf.server.live.patch;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.function.UnaryOperator;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.out.NodeFmtLib;

/**
 * One patch: triples to add and to delete, in order, applied whole or not at all. Its text form
 * ({@link #toPatch()}) is RDF Patch, one transaction, blank nodes written {@code <_:label>} so that
 * their labels survive a round trip through any RDF Patch reader.
 */
public final class ChangeSet implements Iterable<ChangeSet.Change> {

    /** Adding ({@code add}) or deleting a triple. */
    public record Change(boolean add, Triple triple) {}

    /** What applying a patch did: how many triples the dataset gained and lost. */
    public record Effect(long added, long deleted) {}

    private final List<Change> changes;
    /** Whether {@link WritableTerms} has passed every term already (as {@link PatchReader} reads them). */
    private final boolean writable;

    public ChangeSet(List<Change> changes) {
        this(changes, false);
    }

    private ChangeSet(List<Change> changes, boolean writable) {
        this.changes = Collections.unmodifiableList(new ArrayList<>(changes));
        this.writable = writable;
    }

    /** Changes whose every term {@link WritableTerms#problem} has passed for its change. */
    static ChangeSet ofWritable(List<Change> changes) {
        return new ChangeSet(changes, true);
    }

    boolean writable() {
        return writable;
    }

    /**
     * This patch with every triple passed through {@code change}; still known to be writable when
     * it was and {@code change} left every triple as it was.
     */
    public ChangeSet map(UnaryOperator<Triple> change) {
        List<Change> mapped = new ArrayList<>(changes.size());
        boolean same = true;
        for (Change c : changes) {
            Triple t = change.apply(c.triple());
            boolean kept = t == c.triple();
            same &= kept;
            mapped.add(kept ? c : new Change(c.add(), t));
        }
        return new ChangeSet(mapped, writable && same);
    }

    public int size() {
        return changes.size();
    }

    @Override
    public Iterator<Change> iterator() {
        return changes.iterator();
    }

    /** The patch as RDF Patch text in UTF-8: {@code TX .}, one {@code A} or {@code D} row per change, {@code TC .}. */
    public byte[] toPatch() {
        ByteArrayOutputStream out = new ByteArrayOutputStream(64 + 96 * changes.size());
        try {
            writeTo(out);
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not from a ByteArrayOutputStream
        }
        return out.toByteArray();
    }

    /** Writes {@link #toPatch()}'s text to {@code out}, row by row. */
    public void writeTo(OutputStream out) throws IOException {
        StringBuilder row = new StringBuilder(256);
        write(out, "TX .\n");
        for (Change change : changes) {
            row.setLength(0);
            row.append(change.add() ? "A " : "D ");
            Triple t = change.triple();
            term(row, t.getSubject()).append(' ');
            term(row, t.getPredicate()).append(' ');
            term(row, t.getObject()).append(" .\n");
            write(out, row);
        }
        write(out, "TC .\n");
    }

    private static StringBuilder term(StringBuilder row, Node node) {
        if (node.isBlank()) {
            return row.append("<_:").append(node.getBlankNodeLabel()).append('>');
        }
        // The common terms written directly; Jena's formatter (slow, a character at a time) for what needs escapes.
        if (node.isURI() && plain(node.getURI(), true)) {
            return row.append('<').append(node.getURI()).append('>');
        }
        String datatype = node.isLiteral() ? node.getLiteralDatatypeURI() : null;
        if (node.isLiteral() && node.getLiteralBaseDirection() == null && plain(node.getLiteralLexicalForm(), false)
                && (datatype == null || plain(datatype, true))) {
            row.append('"').append(node.getLiteralLexicalForm()).append('"');
            String lang = node.getLiteralLanguage();
            if (lang != null && !lang.isEmpty()) {
                return row.append('@').append(lang);
            }
            return datatype == null || XSD_STRING.equals(datatype) ? row : row.append("^^<").append(datatype).append('>');
        }
        return row.append(NodeFmtLib.strNT(node));
    }

    /** Whether {@code text} goes into N-Triples as it is: no character an IRI or a string must escape. */
    private static boolean plain(String text, boolean iri) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c < 0x20 || c == '"' || c == '\\' || iri && (c == ' ' || c == '<' || c == '>' || c == '{' || c == '}'
                    || c == '|' || c == '^' || c == '`')) {
                return false;
            }
        }
        return true;
    }

    private static final String XSD_STRING = "http://www.w3.org/2001/XMLSchema#string";

    private static void write(OutputStream out, CharSequence text) throws IOException {
        out.write(text.toString().getBytes(StandardCharsets.UTF_8));
    }
}
