package dev.ldf.server.syntax;

import java.util.regex.Pattern;

import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.core.Var;

import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Prefixes;
import dev.ldf.server.syntax.LexicalLimits;

/**
 * Parses a term as TPF clients put it in the {@code subject}, {@code predicate} and
 * {@code object} parameters.
 *
 * <ul>
 *   <li>absent, empty, or a lone {@code ?}: an unnamed variable ({@link Node#ANY});</li>
 *   <li>{@code ?name}: a named variable;</li>
 *   <li>{@code http://ex.org/a} or {@code <http://ex.org/a>}: an IRI (absolute, with a scheme);</li>
 *   <li>{@code schema:name}, where {@code schema} is one of the dataset's prefixes or of the usual
 *       vocabularies ({@link Prefixes}): that prefix's IRI (in angle brackets it is the IRI as
 *       written);</li>
 *   <li>{@code _:label}: a blank node as the dataset labels it;</li>
 *   <li>{@code "lex"}, {@code "lex"@en}, {@code "lex"^^http://dt} or {@code "lex"^^<http://dt>}:
 *       a literal. Clients such as Comunica send quotes and tabs in the lexical form raw, without
 *       N-Triples escapes, so the lexical form ends at the <em>last</em> quote.</li>
 * </ul>
 */
public final class TermSyntax {

    private static final Pattern LANGUAGE_TAG = Pattern.compile("[A-Za-z]{1,8}(-[A-Za-z0-9]{1,8})*");
    /** SPARQL 1.1 VARNAME, loosely: letters, digits, underscore and the combining ranges. */
    private static final Pattern VARIABLE = Pattern.compile("[\\p{L}\\p{N}_\\u00B7\\u0300-\\u036F\\u203F\\u2040]+");
    private static final Pattern BLANK_LABEL = Pattern.compile("[\\p{L}\\p{N}_\\-.]+");

    private TermSyntax() {}

    /**
     * The term in {@code value}, where {@code parameter} names the parameter for the error message.
     *
     * @throws BadRequestException when the value is not a term
     */
    public static Node parse(String parameter, String value) {
        return parse(parameter, value, null);
    }

    /**
     * As {@link #parse(String, String)}; a bare {@code name:local} whose name is one of
     * {@code prefixes} (null: none) is that prefix's IRI, as people write it in the form of a page.
     */
    public static Node parse(String parameter, String value, Prefixes prefixes) {
        if (value == null || value.isEmpty() || value.equals("?")) {
            return Node.ANY;
        }
        char first = value.charAt(0);
        if (first == '?') {
            String name = value.substring(1);
            if (!VARIABLE.matcher(name).matches()) {
                throw bad(parameter, value, "is not a valid variable name");
            }
            return Var.alloc(name);
        }
        if (first == '"') {
            return literal(parameter, value, prefixes);
        }
        if (value.startsWith("_:")) {
            String label = value.substring(2);
            if (!BLANK_LABEL.matcher(label).matches()) {
                throw bad(parameter, value, "is not a valid blank node label");
            }
            return NodeFactory.createBlankNode(label);
        }
        return NodeFactory.createURI(iri(parameter, value, prefixes));
    }

    private static Node literal(String parameter, String value, Prefixes prefixes) {
        int close = value.lastIndexOf('"');
        if (close == 0) {
            throw bad(parameter, value, "has no closing quote");
        }
        String lex = value.substring(1, close);
        String suffix = value.substring(close + 1);
        if (suffix.isEmpty()) {
            return NodeFactory.createLiteralString(lex);
        }
        if (suffix.startsWith("@")) {
            String lang = suffix.substring(1);
            if (!LANGUAGE_TAG.matcher(lang).matches()) {
                throw bad(parameter, value, "has a malformed language tag");
            }
            return NodeFactory.createLiteralLang(lex, lang);
        }
        if (suffix.startsWith("^^")) {
            String datatype = iri(parameter, suffix.substring(2), prefixes);
            String problem = LexicalLimits.literalProblem(lex, datatype);
            if (problem != null) {
                throw new BadRequestException("The " + parameter + " is refused: " + problem + ".");
            }
            return NodeFactory.createLiteralDT(lex, TypeMapper.getInstance().getSafeTypeByName(datatype));
        }
        throw bad(parameter, value, "has text after the closing quote that is neither @language nor ^^datatype");
    }

    /** An absolute IRI, bare or in angle brackets, or a bare prefixed name of {@code prefixes}. */
    private static String iri(String parameter, String value, Prefixes prefixes) {
        String iri = value;
        String expanded = prefixes == null || iri.startsWith("<") ? null : prefixes.expand(iri);
        if (expanded != null) {
            iri = expanded;
        } else if (iri.startsWith("<")) {
            if (!iri.endsWith(">") || iri.length() < 2) {
                throw bad(parameter, value, "has no closing '>'");
            }
            iri = iri.substring(1, iri.length() - 1);
        }
        if (hasForbiddenCharacter(iri)) {
            throw bad(parameter, value, "contains a character that is not allowed in an IRI");
        }
        if (IriSyntax.schemeLength(iri) < 0) {
            throw bad(parameter, value, "is not an absolute IRI (no scheme)");
        }
        return iri;
    }

    /** Whether {@code iri} holds a character that no IRI may ({@link IriSyntax}), and that would break N-Triples. */
    static boolean hasForbiddenCharacter(String iri) {
        return IriSyntax.firstForbidden(iri) >= 0;
    }

    private static BadRequestException bad(String parameter, String value, String problem) {
        return new BadRequestException("The " + parameter + " " + abbreviate(value) + " " + problem + ".");
    }

    private static String abbreviate(String value) {
        return value.length() <= 80 ? "'" + value + "'" : "'" + value.substring(0, 77) + "...'";
    }
}
