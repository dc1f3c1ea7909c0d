package dev.ldf.server.live.patch;

import java.util.HashSet;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;

import org.apache.jena.graph.Node;
import org.apache.jena.irix.IRIException;
import org.apache.jena.irix.IRIx;
import org.apache.jena.rfc3986.IRI3986;
import org.apache.jena.rfc3986.RFC3986;

import dev.ldf.server.syntax.IriSyntax;

/**
 * What a change may hold: terms that the patch log reads back exactly as they were written, that
 * an HDT file (after a compaction) keeps exactly, and, for triples added, that are valid RDF.
 * Everything a writer acknowledges must survive a restart and reach the followers, so what would
 * not is refused before it is logged.
 *
 * <ul>
 *   <li>No term holds U+0000 (HDT's dictionary ends its strings with it) or half of a surrogate
 *       pair (no UTF-8 for it).</li>
 *   <li>An IRI has no character that N-Triples cannot write between {@code <} and {@code >}
 *       (controls, space, {@code <>"{}|^`\}); one added is also a valid absolute IRI (RFC 3987).
 *       Deletions only need the first, so that a publisher can remove what a dump brought in.</li>
 *   <li>A blank node label added follows N-Triples' {@code BLANK_NODE_LABEL}; one deleted
 *       needs only to survive the log.</li>
 * </ul>
 */
public final class WritableTerms {

    private static final String RDF_LANG_STRING = "http://www.w3.org/1999/02/22-rdf-syntax-ns#langString";
    private static final Pattern ABSOLUTE_IRI = Pattern.compile("[A-Za-z][A-Za-z0-9+.-]*:.*", Pattern.DOTALL);

    private WritableTerms() {}

    /** Why {@code node} cannot be written in a change, or null when it can. */
    public static String problem(Node node, boolean adding) {
        if (node.isURI()) {
            return iriProblem(node.getURI(), adding);
        }
        if (node.isBlank()) {
            return labelProblem(node.getBlankNodeLabel(), adding);
        }
        if (node.isLiteral()) {
            String text = textProblem(node.getLiteralLexicalForm());
            if (text != null) {
                return "the literal " + text;
            }
            if (node.getLiteralBaseDirection() != null) {
                // RDF 1.2's base direction: neither HDT nor the fragments' formats keep it.
                return "the literal \"" + shown(node.getLiteralLexicalForm()) + "\"@" + node.getLiteralLanguage() + "--"
                        + node.getLiteralBaseDirection() + " has a base direction, which this server cannot keep";
            }
            if (RDF_LANG_STRING.equals(node.getLiteralDatatypeURI()) && node.getLiteralLanguage().isEmpty()) {
                return "the literal \"" + shown(node.getLiteralLexicalForm()) + "\"^^rdf:langString has no language "
                        + "tag: write \"...\"@en";
            }
            String datatype = node.getLiteralDatatypeURI();
            String problem = datatype == null ? null : iriProblem(datatype, adding);
            return problem == null ? null : "its datatype: " + problem;
        }
        return "not an RDF term: " + node;
    }

    /** Throws for the first term of {@code changes} that {@link #problem} refuses, naming its row. */
    public static void check(ChangeSet changes) throws BadPatchException {
        if (changes.writable()) {
            return;
        }
        // IRIs recur from row to row (predicates, classes, linked resources): each is parsed once per patch.
        Set<String> fine = new HashSet<>();
        long row = 0;
        for (ChangeSet.Change change : changes) {
            row++;
            var t = change.triple();
            for (Node node : new Node[] {t.getSubject(), t.getPredicate(), t.getObject()}) {
                if (node.isURI() && fine.contains(node.getURI())) {
                    continue;
                }
                String problem = problem(node, change.add());
                if (problem != null) {
                    throw new BadPatchException(0, "change " + row + ": " + problem);
                }
                if (node.isURI() && change.add()) {
                    fine.add(node.getURI());
                }
            }
        }
    }

    private static String iriProblem(String iri, boolean adding) {
        String text = textProblem(iri);
        if (text != null) {
            return "the IRI " + text;
        }
        int forbidden = IriSyntax.firstForbidden(iri);
        if (forbidden >= 0) {
            return "<" + shown(iri) + "> holds " + describe(iri.charAt(forbidden)) + ", which no IRI may";
        }
        if (!adding) {
            return ABSOLUTE_IRI.matcher(iri).matches() ? null : "<" + shown(iri) + "> is not an absolute IRI";
        }
        // Most IRIs of data are plain http ones, told by one pass; the parser decides the rest.
        if (IriSyntax.isPlainHttp(iri) || cleanAbsolute(iri)) {
            return null;
        }
        try {
            IRIx parsed = IRIx.create(iri);
            return parsed.isReference() ? null : "<" + shown(iri) + "> is not an absolute IRI";
        } catch (IRIException e) {
            return "<" + shown(iri) + "> is not a valid IRI" + reason(e.getMessage());
        }
    }

    /**
     * Whether Jena's RFC 3986/3987 parser, much faster than the IRI provider behind {@link IRIx},
     * reads {@code iri} as an absolute IRI with nothing to warn of; anything else goes to the
     * provider, which decides and says why.
     */
    private static boolean cleanAbsolute(String iri) {
        try {
            IRI3986 parsed = RFC3986.create(iri);
            return parsed.hasScheme() && !parsed.hasViolations();
        } catch (RuntimeException e) {
            return false;
        }
    }

    private static String labelProblem(String label, boolean adding) {
        if (label.isEmpty()) {
            return "a blank node needs a label";
        }
        String text = textProblem(label);
        if (text != null) {
            return "the blank node label " + text;
        }
        for (int i = 0; i < label.length(); i = label.offsetByCodePoints(i, 1)) {
            int c = label.codePointAt(i);
            boolean breaksTheLog = IriSyntax.isForbidden(c);
            boolean allowed = !breaksTheLog && (!adding || labelCharacter(c, i == 0, i + Character.charCount(c) == label.length()));
            if (!allowed) {
                return "the blank node label '" + shown(label) + "' holds " + describe(c)
                        + (adding ? "; labels are letters, digits, '_', '-' and '.' as in N-Triples" : "");
            }
        }
        return null;
    }

    /** N-Triples' BLANK_NODE_LABEL: PN_CHARS_U or a digit first, PN_CHARS or '.' after, not '.' last. */
    private static boolean labelCharacter(int c, boolean first, boolean last) {
        boolean underscoreOrLetter = c == '_' || c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c >= 0xC0 && c <= 0xD6
                || c >= 0xD8 && c <= 0xF6 || c >= 0xF8 && c <= 0x2FF || c >= 0x370 && c <= 0x37D
                || c >= 0x37F && c <= 0x1FFF || c >= 0x200C && c <= 0x200D || c >= 0x2070 && c <= 0x218F
                || c >= 0x2C00 && c <= 0x2FEF || c >= 0x3001 && c <= 0xD7FF || c >= 0xF900 && c <= 0xFDCF
                || c >= 0xFDF0 && c <= 0xFFFD || c >= 0x10000 && c <= 0xEFFFF;
        boolean digit = c >= '0' && c <= '9';
        if (first) {
            return underscoreOrLetter || digit;
        }
        boolean pnChars = underscoreOrLetter || digit || c == '-' || c == 0xB7 || c >= 0x300 && c <= 0x36F
                || c >= 0x203F && c <= 0x2040;
        return pnChars || c == '.' && !last;
    }

    /** U+0000 or a lone surrogate, which no stored term can hold. */
    private static String textProblem(String text) {
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == 0) {
                return "holds U+0000, which the data files cannot keep";
            }
            if (Character.isSurrogate(c)) {
                boolean pair = Character.isHighSurrogate(c) && i + 1 < text.length()
                        && Character.isLowSurrogate(text.charAt(i + 1));
                if (!pair) {
                    return "holds half of a UTF-16 surrogate pair (U+" + Integer.toHexString(c).toUpperCase(Locale.ROOT) + "), which is no character";
                }
                i++;
            }
        }
        return null;
    }

    private static String describe(int c) {
        return c < 0x20 || c == 0x7F ? String.format("the control character U+%04X", c)
                : c == ' ' ? "a space" : "'" + new String(Character.toChars(c)) + "'";
    }

    /** Jena's message without the IRI it starts with: "Code: 17/WHITESPACE in PATH: ..." becomes "(WHITESPACE in PATH)". */
    private static String reason(String message) {
        if (message == null) {
            return "";
        }
        int code = message.indexOf("Code: ");
        int slash = code < 0 ? -1 : message.indexOf('/', code);
        int colon = slash < 0 ? -1 : message.indexOf(':', slash);
        return colon < 0 ? "" : " (" + message.substring(slash + 1, colon).replace('_', ' ').toLowerCase(Locale.ROOT) + ")";
    }

    private static String shown(String text) {
        StringBuilder out = new StringBuilder();
        int limit = Math.min(text.length(), 80);
        for (int i = 0; i < limit; i++) {
            char c = text.charAt(i);
            out.append(c < 0x20 || c == 0x7F ? String.format("\\u%04X", (int) c) : String.valueOf(c));
        }
        return text.length() > limit ? out + "..." : out.toString();
    }
}
