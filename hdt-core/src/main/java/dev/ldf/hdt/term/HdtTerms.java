package dev.ldf.hdt.term;

import java.util.Locale;

import org.apache.jena.datatypes.RDFDatatype;
import org.apache.jena.datatypes.TypeMapper;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

/**
 * The string form of RDF terms in an HDT dictionary, and its mapping to and from Jena nodes.
 *
 * <p>The convention is the one hdt-java's own Jena parser writes, so that HDT files made by
 * hdt-java tools and by ours look terms up alike: IRIs bare ({@code http://ex.org/a}), blank
 * nodes as {@code _:label}, literals in quotes with their lexical form <em>unescaped</em>
 * ({@code "say "hi""@en}, {@code "1"^^<http://www.w3.org/2001/XMLSchema#integer>}), language
 * tags in lower case and {@code xsd:string} literals without a datatype.
 *
 * <p>Because the lexical form is not escaped, its end is the <em>last</em> quote: language tags
 * and datatype IRIs never contain one.
 */
public final class HdtTerms {

    private static final String XSD_STRING = XSDDatatype.XSDstring.getURI();

    private HdtTerms() {}

    /** The dictionary string of a concrete node (IRI, blank node or literal). */
    public static String toHdt(Node node) {
        if (node.isURI()) {
            return node.getURI();
        }
        if (node.isBlank()) {
            return "_:" + node.getBlankNodeLabel();
        }
        if (node.isLiteral()) {
            String lex = node.getLiteralLexicalForm();
            String lang = node.getLiteralLanguage();
            if (lang != null && !lang.isEmpty()) {
                return '"' + lex + "\"@" + lang.toLowerCase(Locale.ROOT);
            }
            String datatype = node.getLiteralDatatypeURI();
            if (datatype == null || XSD_STRING.equals(datatype)) {
                return '"' + lex + '"';
            }
            return '"' + lex + "\"^^<" + datatype + '>';
        }
        throw new IllegalArgumentException("Not a concrete RDF term: " + node);
    }

    /** The node for a dictionary string; the inverse of {@link #toHdt(Node)}. */
    public static Node toNode(CharSequence term) {
        String s = term.toString();
        if (s.isEmpty()) {
            throw new IllegalArgumentException("Empty HDT term");
        }
        char first = s.charAt(0);
        if (first == '"') {
            return literal(s);
        }
        if (first == '_' && s.startsWith("_:")) {
            return NodeFactory.createBlankNode(s.substring(2));
        }
        return NodeFactory.createURI(s);
    }

    private static Node literal(String s) {
        int close = s.lastIndexOf('"');
        if (close <= 0) {
            // A lone quote: not a literal any writer made, keep the text as its lexical form.
            return NodeFactory.createLiteralString(s.substring(1));
        }
        String lex = s.substring(1, close);
        if (close == s.length() - 1) {
            return NodeFactory.createLiteralString(lex);
        }
        char marker = s.charAt(close + 1);
        if (marker == '@') {
            return NodeFactory.createLiteralLang(lex, s.substring(close + 2));
        }
        if (marker == '^' && s.startsWith("^^", close + 1)) {
            String datatype = s.substring(close + 3);
            if (datatype.startsWith("<") && datatype.endsWith(">")) {
                datatype = datatype.substring(1, datatype.length() - 1);
            }
            if (datatype.equals(XSD_STRING)) {
                return NodeFactory.createLiteralString(lex);
            }
            RDFDatatype type = TypeMapper.getInstance().getSafeTypeByName(datatype);
            return NodeFactory.createLiteralDT(lex, type);
        }
        return NodeFactory.createLiteralString(s.substring(1));
    }
}
