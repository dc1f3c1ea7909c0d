package dev.ldf.client.http;

import java.util.regex.Pattern;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * The check every term a source sends passes before the client uses it, and every term passes
 * again before the client writes it into a query or request for another source. A federation
 * member may be hostile: an IRI holding {@code > } SERVICE <…> { … } #}, written verbatim into the
 * VALUES block of a query for another endpoint, once made that endpoint run the attacker's
 * clause. Jena's writers put an IRI between angle brackets as it is, and SPARQL processes
 * {@code \\u} escapes before parsing, so no escaping of an IRI is safe: an IRI with a character
 * that SPARQL and N-Triples forbid in {@code IRIREF} is refused, as is a language tag that is not
 * one, a relative IRI and a triple term. Literals' lexical forms are escaped by the writers.
 */
public final class SourceTerms {

    private static final Pattern LANGUAGE_TAG = Pattern.compile("[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*");

    private SourceTerms() {}

    /** Why {@code node} cannot be used as a term from a source, or null when it can. */
    public static String problem(Node node) {
        if (node.isURI()) {
            return iriProblem(node.getURI());
        }
        if (node.isLiteral()) {
            String lang = node.getLiteralLanguage();
            if (lang != null && !lang.isEmpty() && !LANGUAGE_TAG.matcher(lang).matches()) {
                return "a literal whose language tag '" + shown(lang) + "' is not one";
            }
            String datatype = iriProblem(node.getLiteralDatatypeURI());
            return datatype == null ? null : "a literal whose datatype is " + datatype;
        }
        if (node.isBlank()) {
            return null; // written under labels the writer makes, never the source's
        }
        return "a " + (node.isNodeTriple() ? "triple term" : "variable or other non-term");
    }

    /** {@code node}, or a {@link FragmentException} that says what {@code source} sent. */
    public static Node checked(Node node, String source) {
        String problem = problem(node);
        if (problem != null) {
            throw new FragmentException(source + " sent a term the client refuses: " + problem + ".");
        }
        return node;
    }

    /**
     * {@code node}, about to be written into a query or request: the same check as terms get when
     * they arrive, so that a term that slipped in by any other way cannot break out either.
     */
    public static Node writable(Node node) {
        String problem = problem(node);
        if (problem != null) {
            throw new FragmentException("The client will not write " + problem + " into a query or request.");
        }
        return node;
    }

    /** {@code triple}, each of its terms checked. */
    public static Triple checked(Triple triple, String source) {
        checked(triple.getSubject(), source);
        checked(triple.getPredicate(), source);
        checked(triple.getObject(), source);
        return triple;
    }

    /** {@code binding}, each of its values checked. */
    public static Binding checked(Binding binding, String source) {
        binding.forEach((variable, node) -> checked(node, source));
        return binding;
    }

    /** Why {@code iri} is refused: a character IRIREF forbids (controls, space, {@code <>"{}|^`\}), or no scheme. */
    static String iriProblem(String iri) {
        for (int i = 0; i < iri.length(); i++) {
            char c = iri.charAt(i);
            if (c <= ' ' || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^'
                    || c == '`' || c == '\\') {
                return "an IRI with " + (c <= ' ' ? String.format("the control character U+%04X", (int) c)
                        : "the character '" + c + "'") + ", which no IRI may hold: <" + shown(iri) + ">";
            }
        }
        if (!hasScheme(iri)) {
            return "a relative IRI <" + shown(iri) + ">";
        }
        return null;
    }

    private static boolean hasScheme(String iri) {
        if (iri.isEmpty() || !isLetter(iri.charAt(0))) {
            return false;
        }
        for (int i = 1; i < iri.length(); i++) {
            char c = iri.charAt(i);
            if (c == ':') {
                return true;
            }
            if (!isLetter(c) && !(c >= '0' && c <= '9') && c != '+' && c != '-' && c != '.') {
                return false;
            }
        }
        return false;
    }

    private static boolean isLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    /** A term for a message: printable and short. */
    private static String shown(String text) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < text.length() && b.length() < 80; i++) {
            char c = text.charAt(i);
            b.append(c < ' ' || c == 0x7F ? '?' : c);
        }
        return text.length() > 80 ? b + "..." : b.toString();
    }
}
