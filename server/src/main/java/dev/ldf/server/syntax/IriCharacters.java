package dev.ldf.server.syntax;

/**
 * The characters that no IRI may hold: what SPARQL's and N-Triples' {@code IRIREF} exclude
 * (controls, space and {@code <>"{}|^`\}), which RFC 3987 never allows either. One home for the
 * set that term parameters, VALUES blocks, patches and the SPARQL pre-scan all check: a loop, as
 * a regular expression's character class cost a twentieth of a brTPF request.
 */
public final class IriCharacters {

    private IriCharacters() {}

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
}
