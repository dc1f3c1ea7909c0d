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
            if (startsDotSegment(iri, i)) {
                return false;
            }
        }
        return true;
    }

    /** Whether a {@code .} or {@code ..} segment, which resolution would remove, starts at {@code i}. */
    private static boolean startsDotSegment(String iri, int i) {
        int n = iri.length();
        if (iri.charAt(i) != '.' || i == 0 || iri.charAt(i - 1) != '/') {
            return false;
        }
        int end = i + 1 < n && iri.charAt(i + 1) == '.' ? i + 2 : i + 1;
        return end == n || "/?#".indexOf(iri.charAt(end)) >= 0;
    }

    /**
     * An {@code http} or {@code https} IRI that RFC 3986 reads as it is, told by one pass instead of
     * a parser: a host of lower-case letters, digits and hyphens in dot-separated labels, no user or
     * port, then a path, query and fragment of unreserved characters, sub-delimiters, {@code :},
     * {@code @} and {@code /} (a {@code ?} and a {@code #} where they may start), no {@code .} or
     * {@code ..} segment, nothing percent-encoded. Most IRIs that data holds are of this kind; false sends the rest to a
     * parser, which decides and says why.
     */
    public static boolean isPlainHttp(String iri) {
        int start = iri.startsWith("http://") ? 7 : iri.startsWith("https://") ? 8 : -1;
        if (start < 0) {
            return false;
        }
        int n = iri.length();
        int i = start;
        // A host name as DNS spells one, starting with a letter (so never an IPv4 address to check).
        if (i >= n || iri.charAt(i) < 'a' || iri.charAt(i) > 'z') {
            return false;
        }
        char previous = '.';
        for (; i < n && iri.charAt(i) != '/'; i++) {
            char c = iri.charAt(i);
            boolean letterOrDigit = (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9');
            if (c == '.' ? previous == '.' || previous == '-' : !letterOrDigit && (c != '-' || previous == '.')) {
                return false; // an empty label, one starting or ending with '-', upper case, a port or a user
            }
            previous = c;
        }
        if (previous == '.' || previous == '-') {
            return false;
        }
        boolean inQuery = false;
        boolean inFragment = false;
        for (; i < n; i++) {
            char c = iri.charAt(i);
            if (!inQuery && !inFragment && startsDotSegment(iri, i)) {
                return false;
            }
            if (c == '?' && !inQuery && !inFragment) {
                inQuery = true;
            } else if (c == '#' && !inFragment) {
                inFragment = true;
            } else if (!isPathChar(c) && !((inQuery || inFragment) && c == '?')) {
                return false;
            }
        }
        return true;
    }

    /** RFC 3986's pchar less percent-encodings, and {@code /}: unreserved, sub-delims, ':' and '@'. */
    private static boolean isPathChar(char c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                || c == '_' || c == '~' || c == '/' || c == ':' || c == '@' || c == '!' || c == '$' || c == '&'
                || c == '\'' || c == '(' || c == ')' || c == '*' || c == '+' || c == ',' || c == ';' || c == '=';
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
