package dev.ldf.server.syntax;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;

import dev.ldf.server.fragment.Bindings;

/**
 * Reads the VALUES blocks that bind joins send, in one pass over the characters: ASCII variable
 * names, absolute IRIs in angle brackets made of plain characters (letters, digits and the
 * delimiters of RFC 3986 except {@code %}) without dot segments, and {@code UNDEF}. Anything else,
 * a literal, an escape, a comment, a mistake, gives null, and {@link ValuesBlockParser} reads the
 * block with RIOT's tokenizer, which also words the errors.
 *
 * <p>The tokenizer was a fifth of a 30-binding brTPF request, reading every character through
 * its peek reader and tracking lines and columns; what this scanner accepts it reads to the same
 * bindings (a test compares the two on generated blocks).
 */
final class PlainValuesScanner {

    private final String text;
    private int at;

    private PlainValuesScanner(String text) {
        this.text = text;
    }

    /** The bindings of {@code text}, or null when it is not a plain block (or not a valid one). */
    static Bindings scan(String text) {
        return new PlainValuesScanner(text).block();
    }

    private Bindings block() {
        List<Var> variables = new ArrayList<>();
        List<Binding> rows = new ArrayList<>();
        skipSpace();
        boolean oneVariable = !take('(');
        if (oneVariable) {
            Var variable = variable();
            if (variable == null) {
                return null;
            }
            variables.add(variable);
        } else {
            // A set, not the list's contains: a POSTed header may list a quarter of a million names.
            Set<Var> seen = new HashSet<>();
            for (skipSpace(); !take(')'); skipSpace()) {
                Var variable = variable();
                if (variable == null || !seen.add(variable)) {
                    return null;
                }
                variables.add(variable);
            }
        }
        skipSpace();
        if (!take('{')) {
            return null;
        }
        for (skipSpace(); !take('}'); skipSpace()) {
            Binding row = oneVariable ? single(variables.get(0)) : take('(') ? row(variables) : null;
            if (row == null) {
                return null;
            }
            rows.add(row);
        }
        skipSpace();
        return at == text.length() ? new Bindings(variables, rows) : null;
    }

    /** The values of a row after its '(', up to its ')'. */
    private Binding row(List<Var> variables) {
        BindingBuilder builder = BindingBuilder.create();
        int i = 0;
        for (skipSpace(); !take(')'); skipSpace()) {
            if (i == variables.size() || !value(builder, variables.get(i++))) {
                return null;
            }
        }
        return i == variables.size() ? builder.build() : null;
    }

    /** The value of a one-variable block's row. */
    private Binding single(Var variable) {
        BindingBuilder builder = BindingBuilder.create();
        return value(builder, variable) ? builder.build() : null;
    }

    /** Binds {@code variable} to the next value (UNDEF binds nothing); false when it is not plain. */
    private boolean value(BindingBuilder builder, Var variable) {
        if (take('<')) {
            int start = at;
            while (at < text.length() && isPlainIriChar(text.charAt(at))) {
                at++;
            }
            String iri = text.substring(start, at);
            if (!take('>') || !IriSyntax.isAbsoluteWithoutDotSegments(iri)) {
                return false;
            }
            builder.add(variable, NodeFactory.createURI(iri));
            return true;
        }
        if (text.regionMatches(true, at, "UNDEF", 0, 5)) {
            at += 5;
            return atDelimiter();
        }
        return false;
    }

    /** {@code ?name} with an ASCII name, ending at a space, a parenthesis, a brace or a '<'; null otherwise. */
    private Var variable() {
        if (!take('?')) {
            return null;
        }
        int start = at;
        while (at < text.length() && isNameChar(text.charAt(at))) {
            at++;
        }
        return at > start && atDelimiter() ? Var.alloc(text.substring(start, at)) : null;
    }

    private boolean atDelimiter() {
        if (at == text.length()) {
            return true;
        }
        char c = text.charAt(at);
        return isSpace(c) || c == '(' || c == ')' || c == '{' || c == '}' || c == '<';
    }

    private boolean take(char c) {
        if (at < text.length() && text.charAt(at) == c) {
            at++;
            return true;
        }
        return false;
    }

    private void skipSpace() {
        while (at < text.length() && isSpace(text.charAt(at))) {
            at++;
        }
    }

    private static boolean isSpace(char c) {
        return c == ' ' || c == '\t' || c == '\n' || c == '\r';
    }

    private static boolean isNameChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_';
    }

    /** RFC 3986's unreserved and reserved characters; not '%', whose escapes resolution would normalise. */
    private static boolean isPlainIriChar(char c) {
        return isNameChar(c) || "-.~:/?#[]@!$&'()*+,;=".indexOf(c) >= 0;
    }
}
