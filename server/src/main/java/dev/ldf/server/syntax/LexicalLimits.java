package dev.ldf.server.syntax;

import java.util.Locale;
import java.util.Set;

/**
 * The bounds on a term a request may hold, where the cost of what Jena does with the term grows
 * faster than its length.
 *
 * <ul>
 *   <li><b>Numbers.</b> Jena 5.6 computes a literal's value as it makes the node
 *       ({@code LiteralLabel} is eager), and the value of an {@code xsd:integer} or
 *       {@code xsd:decimal} is a {@code BigInteger}, whose parse takes time quadratic in the
 *       digits: a million digits cost 20 s of CPU. Their lexical forms are bounded here, at a
 *       length no real number reaches, instead of keeping the lexical form aside: nodes are made
 *       by Jena's parsers too (SPARQL, RIOT), which cannot be told to skip the value, and a
 *       FILTER needs it.</li>
 *   <li><b>Dot segments.</b> Resolving an IRI removes its {@code .} and {@code ..} segments in
 *       time that grows with their number times the IRI's length (jena-iri3986): 260,000
 *       segments cost 10 s. No IRI written by hand or by a program needs more than a few.</li>
 * </ul>
 */
public final class LexicalLimits {

    /** The longest lexical form of an {@code xsd:integer}, {@code xsd:decimal} or a type derived from them. */
    public static final int MAX_NUMBER_LENGTH = 1_000;
    /** The most {@code .} and {@code ..} segments an IRI that is resolved may hold. */
    public static final int MAX_DOT_SEGMENTS = 64;

    private static final String XSD = "http://www.w3.org/2001/XMLSchema#";
    /** XML Schema's decimal and the types derived from it, whose values Jena computes as BigInteger or BigDecimal. */
    private static final Set<String> DECIMAL_TYPES = Set.of("decimal", "integer", "nonPositiveInteger",
            "negativeInteger", "long", "int", "short", "byte", "nonNegativeInteger", "unsignedLong", "unsignedInt",
            "unsignedShort", "unsignedByte", "positiveInteger");

    private LexicalLimits() {}

    /** Whether {@code datatype} (a full IRI) is xsd:decimal or one of its derived types. */
    public static boolean isDecimalType(String datatype) {
        return datatype != null && datatype.startsWith(XSD) && DECIMAL_TYPES.contains(datatype.substring(XSD.length()));
    }

    /** Whether {@code localName} is the local name of xsd:decimal or of a derived type, whatever its prefix. */
    static boolean isDecimalLocalName(String localName) {
        return DECIMAL_TYPES.contains(localName);
    }

    /**
     * Why a literal of {@code lexicalForm} and {@code datatype} (a full IRI; null for none) is
     * refused, or null when it is not.
     */
    public static String literalProblem(String lexicalForm, String datatype) {
        return isDecimalType(datatype) ? numberProblem(lexicalForm.length()) : null;
    }

    /** Why a number of {@code length} characters is refused, or null. */
    public static String numberProblem(int length) {
        if (length <= MAX_NUMBER_LENGTH) {
            return null;
        }
        return String.format(Locale.ROOT, "a number of %,d characters is longer than the %,d this server reads "
                + "(xsd:integer, xsd:decimal and the types derived from them)", length, MAX_NUMBER_LENGTH);
    }

    /** Why an IRI that is to be resolved is refused, or null. */
    public static String iriProblem(CharSequence iri) {
        int segments = dotSegments(iri);
        if (segments <= MAX_DOT_SEGMENTS) {
            return null;
        }
        return String.format(Locale.ROOT, "an IRI with %,d '.' or '..' segments has more than the %,d this server "
                + "resolves", segments, MAX_DOT_SEGMENTS);
    }

    /**
     * The number of path segments of {@code iri} that are {@code .} or {@code ..}: those that
     * follow a {@code /} (or begin the reference) and end at a {@code /}, {@code ?}, {@code #} or
     * the end. Counted up to the query or fragment, as resolution does.
     */
    static int dotSegments(CharSequence iri) {
        int n = iri.length();
        int count = 0;
        int start = 0;
        for (int i = 0; i <= n; i++) {
            char c = i < n ? iri.charAt(i) : '/';
            if (c == '/' || c == '?' || c == '#') {
                int length = i - start;
                if (length == 1 && iri.charAt(start) == '.' || length == 2 && iri.charAt(start) == '.'
                        && iri.charAt(start + 1) == '.') {
                    count++;
                }
                if (c != '/') {
                    break;
                }
                start = i + 1;
            }
        }
        return count;
    }
}
