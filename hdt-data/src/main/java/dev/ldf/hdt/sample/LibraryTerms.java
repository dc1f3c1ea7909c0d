package dev.ldf.hdt.sample;

import java.util.Locale;

import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/** The terms of the sample library dataset: IRIs, plain, language-tagged and typed literals, ISBNs. */
final class LibraryTerms {

    private LibraryTerms() {}

    /** A valid ISBN-13 for book {@code i}: the prefix 978, nine digits and the check digit. */
    static String isbn13(int i) {
        String body = String.format(Locale.ROOT, "978%09d", 100_000_000L + i * 7919L % 900_000_000L);
        int sum = 0;
        for (int d = 0; d < 12; d++) {
            sum += (body.charAt(d) - '0') * (d % 2 == 0 ? 1 : 3);
        }
        int check = (10 - sum % 10) % 10;
        return body + check;
    }

    static Node iri(String iri) {
        return NodeFactory.createURI(iri);
    }

    static Node string(String lex) {
        return NodeFactory.createLiteralString(lex);
    }

    static Node lang(String lex, String lang) {
        return NodeFactory.createLiteralLang(lex, lang);
    }

    static Node typed(String lex, RDFDatatype type) {
        return NodeFactory.createLiteralDT(lex, type);
    }
}
