package dev.ldf.hdt.convert;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * Reads one line of N-Triples the common way it is written, without a general parser: IRIs of
 * printable ASCII with a scheme, blank node labels of ASCII letters and digits, literals without
 * escapes (UTF-8 checked), language tags and datatypes. Anything else (escapes, Unicode in IRIs,
 * relative IRIs, RDF 1.2 forms, stray characters) is left to Jena RIOT by answering
 * {@link #OTHER}, so that a line read here gives exactly the terms RIOT would give.
 *
 * <p>Terms come out spelled as HDT stores them ({@code HdtTerms}): IRIs without brackets,
 * {@code "lex"}, {@code "lex"@lang} with the tag in lower case, {@code "lex"^^<datatype>} with
 * xsd:string dropped. Blank node labels come out as they are written, for the caller to scope.
 */
final class NTriplesLine {

    /** {@link #parse} found a triple. */
    static final int TRIPLE = 1;
    /** An empty line or a comment. */
    static final int NOTHING = 0;
    /** Something this reader leaves to RIOT. */
    static final int OTHER = -1;

    private static final byte[] XSD_STRING = "http://www.w3.org/2001/XMLSchema#string".getBytes(StandardCharsets.US_ASCII);
    private static final byte[] RDF_PREFIX = "http://www.w3.org/1999/02/22-rdf-syntax-ns#".getBytes(StandardCharsets.US_ASCII);

    /** Bytes that may stand in an IRI here as they are. */
    private static final boolean[] IRI_BYTE = new boolean[128];

    static {
        for (int c = 0x21; c < 0x7F; c++) {
            IRI_BYTE[c] = "<>\"{}|^`\\".indexOf(c) < 0;
        }
    }

    // The terms of the last triple: each a slice of the line (or, for a lower-cased tag, of tagCopy).
    byte[] line;
    int subjectStart;
    int subjectEnd;
    boolean subjectBlank;
    int predicateStart;
    int predicateEnd;
    int objectStart;
    int objectEnd;
    boolean objectBlank;
    /** The last IRI or blank node {@link #resource} read. */
    private int termStart;
    private int termEnd;
    private boolean termBlank;
    /** The object, when its language tag had to be lower-cased. */
    byte[] objectCopy;
    int objectCopyLength;

    /** Parses {@code b[from, to)}, a line without its line feed. */
    int parse(byte[] b, int from, int to) {
        line = b;
        objectCopy = null;
        int end = to;
        if (end > from && b[end - 1] == '\r') {
            end--;
        }
        int i = skipSpace(b, from, end);
        if (i == end || b[i] == '#') {
            return NOTHING;
        }
        i = resource(b, i, end);
        if (i < 0) {
            return OTHER;
        }
        subjectStart = termStart;
        subjectEnd = termEnd;
        subjectBlank = termBlank;
        int j = skipSpace(b, i, end);
        if (j == i || j == end || b[j] != '<') {
            return OTHER;
        }
        int close = iri(b, j, end);
        if (close < 0) {
            return OTHER;
        }
        predicateStart = j + 1;
        predicateEnd = close;
        i = close + 1;
        j = skipSpace(b, i, end);
        if (j == i || j == end) {
            return OTHER;
        }
        i = j;
        objectBlank = false;
        if (b[i] == '"') {
            i = literal(b, i, end);
        } else {
            i = resource(b, i, end);
            objectStart = termStart;
            objectEnd = termEnd;
            objectBlank = termBlank;
        }
        if (i < 0) {
            return OTHER;
        }
        i = skipSpace(b, i, end);
        if (i == end || b[i] != '.') {
            return OTHER;
        }
        i = skipSpace(b, i + 1, end);
        return i == end || b[i] == '#' ? TRIPLE : OTHER;
    }

    /**
     * Reads the IRI or blank node that opens at {@code i} into {@link #termStart}, {@link #termEnd}
     * and {@link #termBlank}: the index past it, or -1 if RIOT should read it.
     */
    private int resource(byte[] b, int i, int end) {
        if (b[i] == '<') {
            int close = iri(b, i, end);
            termStart = i + 1;
            termEnd = close;
            termBlank = false;
            return close < 0 ? -1 : close + 1;
        }
        if (b[i] == '_') {
            int stop = blank(b, i, end);
            termStart = i + 2;
            termEnd = stop;
            termBlank = true;
            return stop;
        }
        return -1;
    }

    private static int skipSpace(byte[] b, int i, int end) {
        while (i < end && (b[i] == ' ' || b[i] == '\t')) {
            i++;
        }
        return i;
    }

    /** The index of the {@code >} closing the IRI that opens at {@code i}, or -1 if RIOT should read it. */
    private static int iri(byte[] b, int i, int end) {
        int j = i + 1;
        // A scheme: a letter, then letters, digits, + - . up to the colon.
        if (j >= end || !isLetter(b[j])) {
            return -1;
        }
        j++;
        while (j < end && (isLetter(b[j]) || isDigit(b[j]) || b[j] == '+' || b[j] == '-' || b[j] == '.')) {
            j++;
        }
        if (j >= end || b[j] != ':') {
            return -1;
        }
        for (j++; j < end; j++) {
            int c = b[j];
            if (c == '>') {
                return j;
            }
            if (c < 0 || !IRI_BYTE[c]) {
                return -1;
            }
            if (c == '%' && (j + 2 >= end || !isHex(b[j + 1]) || !isHex(b[j + 2]))) {
                return -1;
            }
        }
        return -1;
    }

    /** The index just past the blank node label that opens at {@code i}, or -1. */
    private static int blank(byte[] b, int i, int end) {
        if (i + 2 >= end || b[i + 1] != ':') {
            return -1;
        }
        int j = i + 2;
        if (!(isLetter(b[j]) || isDigit(b[j]) || b[j] == '_')) {
            return -1;
        }
        for (j++; j < end; j++) {
            byte c = b[j];
            if (!(isLetter(c) || isDigit(c) || c == '_' || c == '-' || c == '.')) {
                break;
            }
        }
        // A label does not end with a dot: that dot ends the statement.
        while (b[j - 1] == '.') {
            j--;
        }
        if (j < end && b[j] < 0) {
            return -1;
        }
        return j;
    }

    /** Reads the literal that opens at {@code i} into the object fields; the index past it, or -1. */
    private int literal(byte[] b, int i, int end) {
        int j = i + 1;
        while (true) {
            if (j >= end) {
                return -1;
            }
            byte c = b[j];
            if (c == '"') {
                break;
            }
            if (c == '\\' || c == '\r') {
                return -1;
            }
            if (c < 0) {
                j = utf8(b, j, end);
                if (j < 0) {
                    return -1;
                }
            } else {
                j++;
            }
        }
        int quote = j;
        objectStart = i;
        j++;
        if (j < end && b[j] == '@') {
            int k = j + 1;
            boolean upper = false;
            int part = 0;
            boolean first = true;
            while (k < end) {
                byte c = b[k];
                if (isLetter(c) || (!first && isDigit(c))) {
                    upper |= c >= 'A' && c <= 'Z';
                    part++;
                    k++;
                } else if (c == '-' && part > 0) {
                    first = false;
                    part = 0;
                    k++;
                } else {
                    break;
                }
            }
            if (part == 0) {
                return -1;
            }
            objectEnd = k;
            if (upper) {
                int length = k - i;
                objectCopy = new byte[length];
                for (int m = 0; m < length; m++) {
                    byte c = b[i + m];
                    objectCopy[m] = m > quote - i && c >= 'A' && c <= 'Z' ? (byte) (c + 32) : c;
                }
                objectCopyLength = length;
            }
            return k;
        }
        if (j + 1 < end && b[j] == '^' && b[j + 1] == '^') {
            if (j + 2 >= end || b[j + 2] != '<') {
                return -1;
            }
            int close = iri(b, j + 2, end);
            if (close < 0) {
                return -1;
            }
            int dtStart = j + 3;
            int dtLength = close - dtStart;
            if (equals(b, dtStart, dtLength, XSD_STRING)) {
                objectEnd = quote + 1;
                return close + 1;
            }
            // rdf:langString and rdf:dirLangString without a tag are RIOT's to refuse.
            if (dtLength > RDF_PREFIX.length && equals(b, dtStart, RDF_PREFIX.length, RDF_PREFIX)) {
                return -1;
            }
            objectEnd = close + 1;
            return close + 1;
        }
        objectEnd = quote + 1;
        return quote + 1;
    }

    /** The index past a well-formed UTF-8 sequence of two to four bytes at {@code i}, or -1. */
    private static int utf8(byte[] b, int i, int end) {
        int c = b[i] & 0xFF;
        int n;
        int min;
        if (c >= 0xC2 && c <= 0xDF) {
            n = 1;
            min = 0x80;
        } else if (c >= 0xE0 && c <= 0xEF) {
            n = 2;
            min = 0x800;
        } else if (c >= 0xF0 && c <= 0xF4) {
            n = 3;
            min = 0x10000;
        } else {
            return -1;
        }
        if (i + n >= end) {
            return -1;
        }
        int cp = c & (0x3F >> n);
        for (int k = 1; k <= n; k++) {
            int d = b[i + k] & 0xFF;
            if ((d & 0xC0) != 0x80) {
                return -1;
            }
            cp = cp << 6 | (d & 0x3F);
        }
        if (cp < min || cp > 0x10FFFF || (cp >= 0xD800 && cp <= 0xDFFF)) {
            return -1;
        }
        return i + n + 1;
    }

    private static boolean equals(byte[] b, int from, int length, byte[] what) {
        return length == what.length && Arrays.equals(b, from, from + length, what, 0, what.length);
    }

    private static boolean isLetter(byte c) {
        return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z');
    }

    private static boolean isDigit(byte c) {
        return c >= '0' && c <= '9';
    }

    private static boolean isHex(byte c) {
        return isDigit(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
    }
}
