package dev.ldf.server.syntax;

/**
 * What the server's own checks know of IRIs: the characters that no IRI may hold (what SPARQL's
 * and N-Triples' {@code IRIREF} exclude: controls, space and {@code <>"{}|^`\}, which RFC 3987
 * never allows either), the scheme, and whether resolution would change one. One home for what
 * term parameters, VALUES blocks, patches and the SPARQL pre-scan all check, in loops: a regular
 * expression's character class cost a twentieth of a brTPF request.
 */
public final class IriSyntax {

    private IriSyntax() {}

    /** Whether {@code c} may not stand in an IRI. */
    public static boolean isForbidden(int c) {
        return c <= ' ' || c == '<' || c == '>' || c == '"' || c == '{' || c == '}' || c == '|' || c == '^'
                || c == '`' || c == '\\';
    }

    /** The index of the first character of {@code text} that no IRI may hold, or -1. */
    public static int firstForbidden(CharSequence text) {
        for (int i = 0; i < text.length(); i++) {
            if (isForbidden(text.charAt(i))) {
                return i;
            }
        }
        return -1;
    }

    /**
     * A scheme, no {@code %} (whose case resolution would normalise) and no {@code /.} or
     * {@code /..} segment: an IRI that resolution would leave as it is. A loop, as a regular
     * expression cost as much as the resolution it saves.
     */
    public static boolean isAbsoluteWithoutDotSegments(String iri) {
        int n = iri.length();
        int colon = schemeLength(iri);
        if (colon < 0) {
            return false;
        }
        for (int i = colon + 1; i < n; i++) {
            char c = iri.charAt(i);
            if (c == '%') {
                return false;
            }
            if (c == '.' && iri.charAt(i - 1) == '/') {
                int end = i + 1 < n && iri.charAt(i + 1) == '.' ? i + 2 : i + 1;
                if (end == n || "/?#".indexOf(iri.charAt(end)) >= 0) {
                    return false;
                }
            }
        }
        return true;
    }

    /** The length of {@code iri}'s scheme ({@code [A-Za-z][A-Za-z0-9+.-]*}) before its ':', or -1 without one. */
    public static int schemeLength(String iri) {
        int n = iri.length();
        if (n == 0 || !isAsciiLetter(iri.charAt(0))) {
            return -1;
        }
        int colon = 1;
        while (colon < n && isSchemeChar(iri.charAt(colon))) {
            colon++;
        }
        return colon < n && iri.charAt(colon) == ':' ? colon : -1;
    }

    private static boolean isAsciiLetter(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isSchemeChar(char c) {
        return isAsciiLetter(c) || (c >= '0' && c <= '9') || c == '+' || c == '.' || c == '-';
    }
}
