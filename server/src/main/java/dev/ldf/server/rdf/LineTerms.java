package dev.ldf.server.rdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.riot.out.NodeFmtLib;

import dev.ldf.hdt.term.HdtTerms;

/**
 * RDF terms in N-Triples syntax, written as bytes: from the dictionary's spelling of a term
 * ({@link HdtTerms}) without building a Jena node, or from a node.
 *
 * <p>The output is byte for byte what Jena RIOT writes for the same term. The common shapes (IRIs
 * without characters to escape, plain, language-tagged and typed literals) are handled here;
 * anything rarer (an IRI with a space, a language tag with a subtag) is handed to RIOT, so the
 * two never disagree.
 */
final class LineTerms {

    private static final byte[] XSD_STRING_SUFFIX = ("^^<" + XSDDatatype.XSDstring.getURI() + ">")
            .getBytes(StandardCharsets.UTF_8);
    /** By unsigned byte value; the bytes of multi-byte UTF-8 characters (0x80 and up) are safe. */
    private static final boolean[] IRI_SAFE = new boolean[256];
    private static final boolean[] LABEL_UNRESERVED = new boolean[128];
    private static final byte[] HEX = "0123456789ABCDEF".getBytes(StandardCharsets.US_ASCII);

    static {
        for (int c = 0x21; c < 0x7F; c++) {
            IRI_SAFE[c] = "<>\"{}|^`\\".indexOf(c) < 0;
        }
        Arrays.fill(IRI_SAFE, 0x80, 0x100, true);
        // What URLEncoder leaves alone, as Skolemizer encodes labels.
        for (int c = 0; c < 128; c++) {
            LABEL_UNRESERVED[c] = Character.isLetterOrDigit(c) || c == '.' || c == '-' || c == '*' || c == '_';
        }
    }

    private LineTerms() {}

    /**
     * Writes a dictionary term; a blank node becomes the Skolem IRI {@code skolemPrefix + label},
     * the label percent-encoded as {@link dev.ldf.server.fragment.Skolemizer} does.
     */
    static void writeDictionaryTerm(byte[] term, int length, byte[] skolemPrefix, ByteOutput out) throws IOException {
        if (length > 0 && term[0] == '"') {
            writeLiteral(term, length, out);
        } else if (length > 1 && term[0] == '_' && term[1] == ':') {
            writeSkolemIri(term, length, skolemPrefix, out);
        } else if (isSafeIri(term, 0, length)) {
            out.write('<');
            out.write(term, 0, length);
            out.write('>');
        } else {
            writeWithRiot(term, length, out);
        }
    }

    /** Writes a node as RIOT would; IRIs and literals without a language tag take the fast path. */
    static void writeNode(Node node, ByteOutput out) throws IOException {
        if (node.isURI()) {
            byte[] iri = node.getURI().getBytes(StandardCharsets.UTF_8);
            if (isSafeIri(iri, 0, iri.length)) {
                out.write('<');
                out.write(iri);
                out.write('>');
                return;
            }
        } else if (node.isLiteral() && node.getLiteralLanguage().isEmpty()) {
            String datatype = node.getLiteralDatatypeURI();
            byte[] type = datatype.equals(XSDDatatype.XSDstring.getURI()) ? null : datatype.getBytes(StandardCharsets.UTF_8);
            if (type == null || isSafeIri(type, 0, type.length)) {
                byte[] lexical = node.getLiteralLexicalForm().getBytes(StandardCharsets.UTF_8);
                out.write('"');
                writeEscapedLexical(lexical, 0, lexical.length, out);
                out.write('"');
                if (type != null) {
                    out.write('^');
                    out.write('^');
                    out.write('<');
                    out.write(type);
                    out.write('>');
                }
                return;
            }
        }
        out.write(NodeFmtLib.strNT(node).getBytes(StandardCharsets.UTF_8));
    }

    /** A node's N-Triples bytes, for output that is kept and written many times. */
    static byte[] toBytes(Node node) {
        if (node.isURI()) {
            byte[] iri = node.getURI().getBytes(StandardCharsets.UTF_8);
            if (isSafeIri(iri, 0, iri.length)) {
                // Without a ByteOutput and its buffer: page URLs come here on every page.
                byte[] bracketed = new byte[iri.length + 2];
                bracketed[0] = '<';
                System.arraycopy(iri, 0, bracketed, 1, iri.length);
                bracketed[bracketed.length - 1] = '>';
                return bracketed;
            }
        }
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(128);
        ByteOutput out = new ByteOutput(bytes);
        try {
            writeNode(node, out);
            out.drain();
        } catch (IOException e) {
            throw new UncheckedIOException(e); // not from a byte array
        }
        return bytes.toByteArray();
    }

    private static void writeLiteral(byte[] term, int length, ByteOutput out) throws IOException {
        int close = length - 1;
        while (close > 0 && term[close] != '"') {
            close--;
        }
        int suffix = close + 1;
        boolean plain = close > 0 && suffix == length;
        boolean simpleLanguage = close > 0 && suffix < length && term[suffix] == '@' && isLowerCaseLetters(term, suffix + 1, length);
        boolean typed = close > 0 && length - suffix > 4 && term[suffix] == '^' && term[suffix + 1] == '^'
                && term[suffix + 2] == '<' && term[length - 1] == '>' && isSafeIri(term, suffix + 3, length - 1);
        if (!plain && !simpleLanguage && !typed) {
            writeWithRiot(term, length, out);
            return;
        }
        out.write('"');
        writeEscapedLexical(term, 1, close, out);
        out.write('"');
        if (!plain && !isXsdString(term, suffix, length)) {
            out.write(term, suffix, length - suffix);
        }
    }

    /** The lexical form between the quotes, with the characters RIOT escapes escaped alike. */
    private static void writeEscapedLexical(byte[] term, int from, int to, ByteOutput out) throws IOException {
        int start = from;
        for (int i = from; i < to; i++) {
            byte b = term[i];
            byte escape = switch (b) {
                case '"' -> '"';
                case '\\' -> '\\';
                case '\n' -> 'n';
                case '\r' -> 'r';
                case '\t' -> 't';
                case '\f' -> 'f';
                default -> 0;
            };
            if (escape != 0) {
                out.write(term, start, i - start);
                out.write('\\');
                out.write(escape);
                start = i + 1;
            }
        }
        out.write(term, start, to - start);
    }

    private static void writeSkolemIri(byte[] term, int length, byte[] prefix, ByteOutput out) throws IOException {
        byte[] label = new byte[3 * (length - 2)];
        int used = 0;
        for (int i = 2; i < length; i++) {
            int b = term[i] & 0xFF;
            if (b < 128 && LABEL_UNRESERVED[b]) {
                label[used++] = (byte) b;
            } else {
                label[used++] = '%';
                label[used++] = HEX[b >> 4];
                label[used++] = HEX[b & 0xF];
            }
        }
        if (isSafeIri(prefix, 0, prefix.length)) {
            out.write('<');
            out.write(prefix);
            out.write(label, 0, used);
            out.write('>');
        } else {
            String iri = new String(prefix, StandardCharsets.UTF_8) + new String(label, 0, used, StandardCharsets.US_ASCII);
            out.write(NodeFmtLib.strNT(NodeFactory.createURI(iri)).getBytes(StandardCharsets.UTF_8));
        }
    }

    /** Rare shapes: through a Jena node, so the output is RIOT's. */
    private static void writeWithRiot(byte[] term, int length, ByteOutput out) throws IOException {
        Node node = HdtTerms.toNode(new String(term, 0, length, StandardCharsets.UTF_8));
        out.write(NodeFmtLib.strNT(node).getBytes(StandardCharsets.UTF_8));
    }

    /** No byte that N-Triples escapes in an IRI; bytes of multi-byte UTF-8 characters are safe. */
    private static boolean isSafeIri(byte[] iri, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (!IRI_SAFE[iri[i] & 0xFF]) {
                return false;
            }
        }
        return true;
    }

    private static boolean isLowerCaseLetters(byte[] term, int from, int to) {
        if (from >= to) {
            return false;
        }
        for (int i = from; i < to; i++) {
            if (term[i] < 'a' || term[i] > 'z') {
                return false;
            }
        }
        return true;
    }

    private static boolean isXsdString(byte[] term, int from, int to) {
        return Arrays.equals(term, from, to, XSD_STRING_SUFFIX, 0, XSD_STRING_SUFFIX.length);
    }
}
