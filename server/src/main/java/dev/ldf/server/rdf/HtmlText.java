package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.Writer;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Locale;

import org.apache.jena.graph.Node;

import dev.ldf.cli.page.PageShell;
import dev.ldf.server.fragment.DatasetDescription;

/** Text and links of the pages for people: escaping, a term's cell, the address of a term's fragment. */
final class HtmlText {

    private HtmlText() {}

    /** See {@link PageShell#escape}. */
    static String escape(String s) {
        return PageShell.escape(s);
    }

    /**
     * An IRI's label, escaped, that a narrow column breaks after its slashes, hashes and colons
     * rather than inside a name ({@code <wbr>}: a place to break, nothing on one line).
     */
    static String breakable(String label) {
        StringBuilder b = new StringBuilder(label.length() + 32);
        int from = 0;
        for (int i = 0; i < label.length(); i++) {
            char c = label.charAt(i);
            if ((c == '/' || c == '#' || c == ':') && i + 1 < label.length()) {
                b.append(escape(label.substring(from, i + 1))).append("<wbr>");
                from = i + 1;
            }
        }
        return b.append(escape(label.substring(from))).toString();
    }

    /** The fragment of {@code node} in {@code position}. */
    static String search(DatasetDescription dataset, String position, Node node) {
        return dataset.url() + "?" + position + "=" + URLEncoder.encode(parameterSyntax(node), StandardCharsets.UTF_8)
                .replace("+", "%20");
    }

    /** A term as a table cell: its label linking to its fragment, and to itself where it is http(s). */
    static void cell(Writer w, DatasetDescription dataset, HtmlTerms terms, String position, Node node)
            throws IOException {
        String search = search(dataset, position, node);
        if (node.isLiteral()) {
            w.write("<td class=\"literal\"><a href=\"" + escape(search) + "\">\"" + escape(node.getLiteralLexicalForm())
                    + "\"</a>");
            String lang = node.getLiteralLanguage();
            if (lang != null && !lang.isEmpty()) {
                w.write("<span class=\"meta\">@" + escape(lang) + "</span>");
            } else if (!node.getLiteralDatatypeURI().equals(Vocabulary.XSD + "string")) {
                w.write("<span class=\"meta\" title=\"" + escape(node.getLiteralDatatypeURI()) + "\">^^"
                        + escape(terms.label(node.getLiteralDatatypeURI())) + "</span>");
            }
            w.write("</td>");
            return;
        }
        String iri = node.getURI();
        w.write("<td><a href=\"" + escape(search) + "\" title=\"" + escape(iri) + "\">"
                + breakable(terms.label(iri)) + "</a>");
        String lower = iri.toLowerCase(Locale.ROOT);
        if (lower.startsWith("http://") || lower.startsWith("https://")) {
            w.write("<a class=\"ext\" href=\"" + escape(iri) + "\" title=\"open the IRI itself\">↗</a>");
        }
        w.write("</td>");
    }

    /** A term as the subject/predicate/object parameters expect it. */
    static String parameterSyntax(Node node) {
        if (node.isURI()) {
            return node.getURI();
        }
        String lex = '"' + node.getLiteralLexicalForm() + '"';
        String lang = node.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            return lex + "@" + lang;
        }
        String datatype = node.getLiteralDatatypeURI();
        return datatype.equals(Vocabulary.XSD + "string") ? lex : lex + "^^" + datatype;
    }
}
