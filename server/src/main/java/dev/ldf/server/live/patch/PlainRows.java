package dev.ldf.server.live.patch;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.SequenceInputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

import dev.ldf.server.syntax.IriSyntax;
import dev.ldf.server.syntax.LexicalLimits;

/**
 * The fast path of {@link PatchReader}: rows as writers mostly send them, read straight from their
 * bytes, one per line. A plain row is {@code A} or {@code D}, two IRIs and an IRI or a literal
 * ({@code "text"}, {@code "text"@lang} or {@code "text"^^<IRI>}), single spaces between, and
 * {@code " ."}; or {@code TX .}, {@code TC .}, {@code TA .}; all in ASCII, no character that
 * would need an escape or that the tokenizer would warn of. The terms are the nodes Jena's
 * tokenizer makes of the same text. At the first line that is anything else, the rest of the
 * input goes to the tokenizer, which reads every RDF Patch row and words every error.
 */
final class PlainRows {

    /** Bytes read at a time; a line longer than this goes to the tokenizer. */
    private static final int BUFFER = 1 << 16;

    /** What the tokenizer reads: the input from the first line that is not plain, after {@code linesBefore} lines. */
    record Rest(InputStream input, long linesBefore) {}

    private PlainRows() {}

    /** Reads plain rows into {@code rows} while there are; returns the rest of {@code in}, or null when all was read. */
    static Rest read(InputStream in, PatchRows rows) throws BadPatchException {
        byte[] buffer = new byte[BUFFER];
        int start = 0;
        int end = 0;
        long line = 0;
        boolean eof = false;
        while (true) {
            int newline = indexOf(buffer, start, end, (byte) '\n');
            if (newline < 0 && !eof) {
                if (start > 0) {
                    System.arraycopy(buffer, start, buffer, 0, end - start);
                    end -= start;
                    start = 0;
                }
                if (end == buffer.length) {
                    // A line longer than the buffer: not what writers of plain rows send.
                    return rest(buffer, start, end, in, line);
                }
                int n = read(in, buffer, end);
                if (n < 0) {
                    eof = true;
                } else {
                    end += n;
                }
                continue;
            }
            int lineEnd = newline < 0 ? end : newline;
            if (lineEnd == start && newline < 0) {
                return null; // the input ended with a whole line
            }
            line++;
            if (!row(buffer, start, lineEnd, line, rows)) {
                return rest(buffer, start, end, in, line - 1);
            }
            if (newline < 0) {
                return null;
            }
            start = newline + 1;
        }
    }

    private static Rest rest(byte[] buffer, int start, int end, InputStream in, long linesBefore) {
        byte[] unread = Arrays.copyOfRange(buffer, start, end);
        return new Rest(new SequenceInputStream(new ByteArrayInputStream(unread), in), linesBefore);
    }

    private static int read(InputStream in, byte[] buffer, int at) {
        try {
            return in.read(buffer, at, buffer.length - at);
        } catch (IOException e) {
            // The caller looks along the cause chain for what the body's stream threw.
            throw new UncheckedIOException(e);
        }
    }

    /** Reads one plain row (bytes {@code from} to {@code to}, without the newline); false when it is not plain. */
    private static boolean row(byte[] b, int from, int to, long line, PatchRows rows) throws BadPatchException {
        while (to > from && (b[to - 1] == '\r' || b[to - 1] == ' ' || b[to - 1] == '\t')) {
            to--;
        }
        if (to == from) {
            return true; // an empty line
        }
        if (to - from == 4 && b[from] == 'T' && b[from + 2] == ' ' && b[from + 3] == '.') {
            switch (b[from + 1]) {
                case 'X' -> rows.begin(line);
                case 'C' -> rows.end("TC", false, line);
                case 'A' -> rows.end("TA", true, line);
                default -> {
                    return false;
                }
            }
            return true;
        }
        boolean add = b[from] == 'A';
        if (!add && b[from] != 'D' || to - from < 2 || b[from + 1] != ' ') {
            return false;
        }
        Cursor at = new Cursor(b, from + 2, to);
        String s = at.iri();
        String p = s == null || !at.space() ? null : at.iri();
        if (p == null || !at.space()) {
            return false;
        }
        Node o;
        if (at.peek() == '<') {
            String iri = at.iri();
            o = iri == null ? null : NodeFactory.createURI(iri);
        } else {
            o = at.literal(line);
        }
        if (o == null || !at.space() || !at.dotAtEnd()) {
            return false;
        }
        Node subject = rows.term(NodeFactory.createURI(s), line, add);
        Node predicate = rows.term(NodeFactory.createURI(p), line, add);
        Node object = rows.term(o, line, add);
        rows.change(add, subject, predicate, object, line);
        return true;
    }

    private static int indexOf(byte[] b, int from, int to, byte value) {
        for (int i = from; i < to; i++) {
            if (b[i] == value) {
                return i;
            }
        }
        return -1;
    }

    /** Where reading stands in one row. */
    private static final class Cursor {
        private final byte[] b;
        private final int end;
        private int at;

        Cursor(byte[] b, int at, int end) {
            this.b = b;
            this.at = at;
            this.end = end;
        }

        int peek() {
            return at < end ? b[at] : -1;
        }

        boolean space() {
            if (peek() != ' ') {
                return false;
            }
            at++;
            return true;
        }

        boolean dotAtEnd() {
            return at == end - 1 && b[at] == '.';
        }

        /**
         * {@code <IRI>} of plain characters; null when there is none here. Not {@code <_:label>},
         * which the tokenizer reads as a blank node.
         */
        String iri() {
            if (peek() != '<') {
                return null;
            }
            int first = ++at;
            while (at < end && plainIriByte(b[at])) {
                at++;
            }
            if (at == end || b[at] != '>' || at == first || b[first] == '_' && at > first + 1 && b[first + 1] == ':') {
                return null;
            }
            return new String(b, first, at++ - first, StandardCharsets.US_ASCII);
        }

        /** {@code "text"}, {@code "text"@lang} or {@code "text"^^<IRI>}; null when not plain. */
        Node literal(long line) throws BadPatchException {
            if (peek() != '"') {
                return null;
            }
            int first = ++at;
            while (at < end && b[at] >= 0x20 && b[at] < 0x7F && b[at] != '"' && b[at] != '\\') {
                at++;
            }
            if (at == end || b[at] != '"') {
                return null;
            }
            String lexical = new String(b, first, at++ - first, StandardCharsets.US_ASCII);
            if (peek() == '@') {
                at++;
                String lang = langTag();
                return lang == null ? null : NodeFactory.createLiteralLang(lexical, lang);
            }
            if (peek() == '^') {
                if (at + 1 >= end || b[at + 1] != '^') {
                    return null;
                }
                at += 2;
                String datatype = iri();
                if (datatype == null) {
                    return null;
                }
                String tooLong = LexicalLimits.literalProblem(lexical, datatype);
                if (tooLong != null) {
                    throw new BadPatchException(line, tooLong);
                }
                return NodeFactory.createLiteralDT(lexical, TypeMapper.getInstance().getSafeTypeByName(datatype));
            }
            return NodeFactory.createLiteralString(lexical);
        }

        /** {@code [a-zA-Z]+ ('-' [a-zA-Z0-9]+)*}, as the tokenizer reads a tag without a base direction. */
        private String langTag() {
            int first = at;
            while (at < end && letter(b[at])) {
                at++;
            }
            if (at == first) {
                return null;
            }
            while (at < end && b[at] == '-') {
                int part = ++at;
                while (at < end && (letter(b[at]) || b[at] >= '0' && b[at] <= '9')) {
                    at++;
                }
                if (at == part) {
                    return null; // "--" (a base direction) or a tag ending in '-'
                }
            }
            return new String(b, first, at - first, StandardCharsets.US_ASCII).intern();
        }

        private static boolean letter(byte c) {
            return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z';
        }

        /** Printable ASCII that an IRI may hold ({@link IriSyntax}): a byte of a multi-byte character is negative. */
        private static boolean plainIriByte(byte c) {
            return c < 0x7F && !IriSyntax.isForbidden(c);
        }
    }
}
