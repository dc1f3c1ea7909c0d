package dev.ldf.server.syntax;

/**
 * One pass over the text of a SPARQL query or update, before Jena's parser sees it, for the terms
 * {@link LexicalLimits} bounds: numbers ({@code INTEGER}, {@code DECIMAL}, {@code DOUBLE}), typed
 * literals of xsd:decimal and its derived types, and IRIs in angle brackets (which the parser
 * resolves against the base). The parser makes every such node with its value, so the check must
 * come first; it follows SPARQL's lexical rules closely enough to tell a number from a digit in a
 * name, a string or an IRI, and a comment from a fragment.
 */
public final class SparqlTermScan {

    private final String text;
    private final int n;
    private int i;

    private SparqlTermScan(String text) {
        this.text = text;
        this.n = text.length();
    }

    /** Why {@code text} is refused before parsing, or null. Linear in its length. */
    public static String problem(String text) {
        return new SparqlTermScan(text).scan();
    }

    private String scan() {
        while (i < n) {
            char c = text.charAt(i);
            String problem = null;
            if (c == '#') {
                skipComment();
            } else if (c == '"' || c == '\'') {
                problem = string(c);
            } else if (c == '<') {
                problem = iriOrOperator();
            } else if (c >= '0' && c <= '9' || c == '.' && i + 1 < n && isDigit(text.charAt(i + 1))) {
                problem = number();
            } else if (startsName(c)) {
                skipName();
            } else {
                i++;
            }
            if (problem != null) {
                return problem;
            }
        }
        return null;
    }

    private void skipComment() {
        while (i < n && text.charAt(i) != '\n' && text.charAt(i) != '\r') {
            i++;
        }
    }

    /** A string literal, and when {@code ^^} follows, its datatype. */
    private String string(char quote) {
        boolean longQuote = i + 2 < n && text.charAt(i + 1) == quote && text.charAt(i + 2) == quote;
        int open = longQuote ? 3 : 1;
        int start = i + open;
        int j = start;
        int end = n;
        while (j < n) {
            char c = text.charAt(j);
            if (c == '\\') {
                j += 2;
                continue;
            }
            if (c == quote && (!longQuote || j + 2 < n && text.charAt(j + 1) == quote && text.charAt(j + 2) == quote)) {
                end = j;
                break;
            }
            if (!longQuote && (c == '\n' || c == '\r')) {
                end = j;
                break;
            }
            j++;
        }
        int length = end - start;
        i = Math.min(n, end + (end < n && text.charAt(end) == quote ? open : 0));
        if (i + 1 < n && text.charAt(i) == '^' && text.charAt(i + 1) == '^') {
            i += 2;
            String datatype = datatypeLocalName();
            if (datatype != null && LexicalLimits.isDecimalLocalName(datatype)) {
                return LexicalLimits.numberProblem(length);
            }
        }
        return null;
    }

    /** The local name of the datatype after {@code ^^} (an IRI's last segment, a prefixed name's local part). */
    private String datatypeLocalName() {
        if (i >= n) {
            return null;
        }
        int start = i;
        if (text.charAt(i) == '<') {
            int close = iriEnd(i);
            if (close < 0) {
                return null;
            }
            String iri = text.substring(start + 1, close);
            if (LexicalLimits.iriProblem(iri) != null) {
                return null; // reported when the scan reaches the IRI itself
            }
            i = close + 1;
            int cut = Math.max(iri.lastIndexOf('#'), iri.lastIndexOf('/'));
            return iri.substring(cut + 1);
        }
        skipName();
        String name = text.substring(start, i);
        return name.substring(name.indexOf(':') + 1);
    }

    /**
     * {@code <} opens an IRI if an IRIREF follows ({@code [^<>"{}|^`\\]-[#x00-#x20]} up to
     * {@code >}); otherwise it is the less-than operator.
     */
    private String iriOrOperator() {
        int close = iriEnd(i);
        if (close < 0) {
            i++;
            return null;
        }
        String problem = LexicalLimits.iriProblem(text.subSequence(i + 1, close));
        i = close + 1;
        return problem;
    }

    /**
     * The index of the {@code >} that closes an IRIREF opened at {@code open}, or -1 when a
     * character an IRIREF cannot hold comes first. That character is never inside the IRIREF's
     * span, so the scan goes on from it and no character is looked at more than twice.
     */
    private int iriEnd(int open) {
        for (int j = open + 1; j < n; j++) {
            char c = text.charAt(j);
            if (c == '>') {
                return j;
            }
            if (IriSyntax.isForbidden(c)) {
                return -1;
            }
        }
        return -1;
    }

    /** {@code [0-9]* ('.' [0-9]*)? ([eE] [+-]? [0-9]+)?}: its length counts. */
    private String number() {
        int start = i;
        skipDigits();
        if (i < n && text.charAt(i) == '.' && i + 1 < n && isDigit(text.charAt(i + 1))) {
            i++;
            skipDigits();
        }
        if (i < n && (text.charAt(i) == 'e' || text.charAt(i) == 'E')) {
            int mark = i;
            i++;
            if (i < n && (text.charAt(i) == '+' || text.charAt(i) == '-')) {
                i++;
            }
            if (i < n && isDigit(text.charAt(i))) {
                skipDigits();
            } else {
                i = mark;
            }
        }
        return LexicalLimits.numberProblem(i - start);
    }

    private void skipDigits() {
        while (i < n && isDigit(text.charAt(i))) {
            i++;
        }
    }

    /** Variables, prefixed names, keywords and blank node labels: digits in them are no numbers. */
    private static boolean startsName(char c) {
        return Character.isLetter(c) || c == '_' || c == ':' || c == '?' || c == '$';
    }

    private void skipName() {
        i++;
        while (i < n) {
            char c = text.charAt(i);
            if (c == '\\') {
                i += 2;
            } else if (Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == ':' || c == '%' || c == '\u00B7'
                    || c == '.' && i + 1 < n && isNameChar(text.charAt(i + 1))) {
                i++;
            } else {
                return;
            }
        }
    }

    private static boolean isNameChar(char c) {
        return Character.isLetterOrDigit(c) || c == '_' || c == '-' || c == ':' || c == '.';
    }

    private static boolean isDigit(char c) {
        return c >= '0' && c <= '9';
    }
}
