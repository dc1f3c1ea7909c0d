package dev.ldf.client.http;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.out.NodeFmtLib;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.vocabulary.RDF;

import dev.ldf.client.page.SearchForm;
import dev.ldf.client.page.Vocabulary;

/**
 * Turns a triple pattern, and brTPF bindings, into the request a search form describes.
 *
 * <p>Identical requests must be identical bytes for an HTTP cache: variables are named after
 * their first position ({@code ?s}, {@code ?p}, {@code ?o}) whatever the query called them,
 * parameters follow the form's order, VALUES rows are de-duplicated and sorted, and terms are
 * written in one syntax. Pattern terms use the syntax TPF servers read (IRIs bare, literals with
 * raw lexical forms, as Comunica sends them); VALUES terms are SPARQL (N-Triples syntax).
 */
public final class RequestEncoder {

    private static final String SUBJECT = RDF.subject.getURI();
    private static final String PREDICATE = RDF.predicate.getURI();
    private static final String OBJECT = RDF.object.getURI();

    private RequestEncoder() {}

    /** The canonical name of each variable of {@code pattern}: its first position. */
    static Map<Var, String> variableNames(Triple pattern) {
        Map<Var, String> names = new LinkedHashMap<>();
        Node[] nodes = {pattern.getSubject(), pattern.getPredicate(), pattern.getObject()};
        String[] letters = {"s", "p", "o"};
        for (int i = 0; i < 3; i++) {
            if (nodes[i].isVariable()) {
                names.putIfAbsent(Var.alloc(nodes[i]), letters[i]);
            }
        }
        return names;
    }

    /**
     * The query string ({@code ?subject=…&predicate=…&object=…[&values=…]}) under the parameter
     * names all TPF and brTPF servers use, for tools that send requests without reading a form
     * (benchmarks). Without keys, variables are left out, as clients send plain TPF requests.
     */
    public static String conventionalQuery(Triple pattern, List<Binding> keys) {
        Map<Var, String> names = variableNames(pattern);
        Node[] nodes = {pattern.getSubject(), pattern.getPredicate(), pattern.getObject()};
        String[] parameters = {"subject", "predicate", "object"};
        StringBuilder q = new StringBuilder();
        for (int i = 0; i < 3; i++) {
            if (!nodes[i].isVariable() || !keys.isEmpty()) {
                String value = nodes[i].isVariable() ? "?" + names.get(Var.alloc(nodes[i])) : term(nodes[i]);
                q.append(q.length() == 0 ? '?' : '&').append(parameters[i]).append('=').append(encode(value));
            }
        }
        if (!keys.isEmpty()) {
            q.append(q.length() == 0 ? '?' : '&').append("values=").append(encode(values(pattern, keys)));
        }
        return q.toString();
    }

    /** The TPF request for {@code pattern}. */
    public static FragmentRequest tpf(SearchForm form, Triple pattern) {
        return FragmentRequest.get(form.base() + query(form, parameters(form, pattern)));
    }

    /**
     * The brTPF request for {@code pattern} restricted by {@code keys} (bindings of the pattern's
     * variables only); a GET unless its URL would be longer than {@code maxGetUrlBytes}.
     */
    public static FragmentRequest brtpf(SearchForm form, Triple pattern, List<Binding> keys, int maxGetUrlBytes) {
        Map<String, String> parameters = parameters(form, pattern);
        String valuesVariable = form.variableFor(Vocabulary.BRTPF_VALUES);
        if (valuesVariable == null) {
            throw new IllegalArgumentException("The brTPF form has no values mapping");
        }
        parameters.put(valuesVariable, values(pattern, keys));
        String query = query(form, parameters);
        String url = form.base() + query;
        if (url.getBytes(StandardCharsets.UTF_8).length <= maxGetUrlBytes) {
            return FragmentRequest.get(url);
        }
        return new FragmentRequest(form.base(), query.substring(1));
    }

    /** Form variable → value, in the form's order. */
    private static Map<String, String> parameters(SearchForm form, Triple pattern) {
        Map<Var, String> names = variableNames(pattern);
        Map<String, String> byVariable = new LinkedHashMap<>();
        put(byVariable, form.variableFor(SUBJECT), pattern.getSubject(), names);
        put(byVariable, form.variableFor(PREDICATE), pattern.getPredicate(), names);
        put(byVariable, form.variableFor(OBJECT), pattern.getObject(), names);
        return byVariable;
    }

    private static void put(Map<String, String> parameters, String variable, Node node, Map<Var, String> names) {
        if (variable == null) {
            throw new IllegalArgumentException("The search form lacks a mapping for a triple position");
        }
        parameters.put(variable, node.isVariable() ? "?" + names.get(Var.alloc(node)) : term(node));
    }

    /** A pattern term as TPF servers read it. */
    static String term(Node node) {
        if (node.isURI()) {
            return node.getURI();
        }
        if (node.isBlank()) {
            return "_:" + node.getBlankNodeLabel();
        }
        String lex = '"' + node.getLiteralLexicalForm() + '"';
        String lang = node.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            return lex + "@" + lang;
        }
        String datatype = node.getLiteralDatatypeURI();
        return datatype == null || datatype.equals("http://www.w3.org/2001/XMLSchema#string") ? lex : lex + "^^" + datatype;
    }

    /** The VALUES block for the keys, rows de-duplicated and sorted. */
    static String values(Triple pattern, List<Binding> keys) {
        Map<Var, String> names = variableNames(pattern);
        List<Var> used = new ArrayList<>();
        for (Var v : names.keySet()) {
            if (keys.stream().anyMatch(k -> k.contains(v))) {
                used.add(v);
            }
        }
        TreeSet<String> rows = new TreeSet<>();
        for (Binding key : keys) {
            StringBuilder row = new StringBuilder("(");
            for (int i = 0; i < used.size(); i++) {
                Node value = key.get(used.get(i));
                row.append(i > 0 ? " " : "").append(value == null ? "UNDEF" : NodeFmtLib.strNT(SourceTerms.writable(value)));
            }
            rows.add(row.append(')').toString());
        }
        StringBuilder block = new StringBuilder("(");
        for (int i = 0; i < used.size(); i++) {
            block.append(i > 0 ? " " : "").append('?').append(names.get(used.get(i)));
        }
        block.append(") {");
        rows.forEach(r -> block.append(' ').append(r));
        return block.append(" }").toString();
    }

    /** An RFC 6570 form-style query ({@code ?a=1&b=2}) over the defined parameters. */
    private static String query(SearchForm form, Map<String, String> parameters) {
        StringBuilder q = new StringBuilder();
        for (String variable : form.variables()) {
            String value = parameters.get(variable);
            if (value != null) {
                q.append(q.length() == 0 ? '?' : '&').append(variable).append('=').append(encode(value));
            }
        }
        return q.toString();
    }

    /** Percent-encodes everything but RFC 3986 unreserved characters, as RFC 6570 expansion does. */
    static String encode(String value) {
        StringBuilder b = new StringBuilder(value.length() + 16);
        for (byte x : value.getBytes(StandardCharsets.UTF_8)) {
            int c = x & 0xFF;
            if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.'
                    || c == '_' || c == '~') {
                b.append((char) c);
            } else {
                b.append('%').append(Character.toUpperCase(Character.forDigit(c >> 4, 16)))
                        .append(Character.toUpperCase(Character.forDigit(c & 0xF, 16)));
            }
        }
        return b.toString();
    }
}
