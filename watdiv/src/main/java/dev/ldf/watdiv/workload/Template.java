package dev.ldf.watdiv.workload;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.Reader;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.sparql.syntax.ElementPathBlock;
import org.apache.jena.sparql.syntax.ElementVisitorBase;
import org.apache.jena.sparql.syntax.ElementWalker;

/**
 * A query template: a basic graph pattern whose {@code %name%} placeholders become instances of
 * their types. File format: {@code prefix p: <iri>} lines, then per template a
 * {@code template <name>} line, {@code placeholder <name> <type>} lines and the pattern.
 */
public record Template(String name, Map<String, String> placeholders, String pattern, Map<String, String> prefixes) {

    /** A place a placeholder stands in: subject or object of a pattern with this predicate. */
    public record Position(String predicate, boolean subject) {}

    public Template {
        placeholders = new LinkedHashMap<>(placeholders);
        prefixes = new LinkedHashMap<>(prefixes);
    }

    /**
     * The query for these constants (full IRIs per placeholder): {@code SELECT * WHERE { ... }}
     * over full IRIs, on one line.
     */
    public String instantiate(Map<String, String> constants) {
        String bgp = pattern;
        for (Map.Entry<String, String> c : constants.entrySet()) {
            bgp = bgp.replace("%" + c.getKey() + "%", "<" + c.getValue() + ">");
        }
        StringBuilder text = new StringBuilder();
        prefixes.forEach((p, iri) -> text.append("PREFIX ").append(p).append(": <").append(iri).append(">\n"));
        text.append("SELECT * WHERE { ").append(bgp).append(" }");
        Query query = QueryFactory.create(text.toString());
        query.setPrefixMapping(PrefixMapping.Factory.create());
        return query.serialize().replaceAll("\\s+", " ").trim();
    }

    /** Where the placeholder stands in patterns with a constant predicate. */
    public List<Position> positions(String placeholder) {
        Map<String, String> markers = new LinkedHashMap<>();
        placeholders.keySet().forEach(p -> markers.put(p, "urn:placeholder:" + p));
        String marker = markers.get(placeholder);
        List<Position> result = new ArrayList<>();
        Query query = QueryFactory.create(instantiate(markers));
        ElementWalker.walk(query.getQueryPattern(), new ElementVisitorBase() {
            @Override
            public void visit(ElementPathBlock block) {
                block.patternElts().forEachRemaining(t -> {
                    if (t.getPredicate() != null && t.getPredicate().isURI()) {
                        if (t.getSubject().isURI() && t.getSubject().getURI().equals(marker)) {
                            result.add(new Position(t.getPredicate().getURI(), true));
                        }
                        if (t.getObject().isURI() && t.getObject().getURI().equals(marker)) {
                            result.add(new Position(t.getPredicate().getURI(), false));
                        }
                    }
                });
            }
        });
        return result;
    }

    /** Writes this template in the file format. */
    public String toText() {
        StringBuilder b = new StringBuilder("template ").append(name).append('\n');
        placeholders.forEach((p, type) -> b.append("placeholder ").append(p).append(' ').append(compact(type)).append('\n'));
        return b.append(pattern).append('\n').toString();
    }

    private String compact(String iri) {
        for (Map.Entry<String, String> p : prefixes.entrySet()) {
            if (iri.startsWith(p.getValue())) {
                return p.getKey() + ":" + iri.substring(p.getValue().length());
            }
        }
        return "<" + iri + ">";
    }

    /** Reads a template file. */
    public static List<Template> parse(Reader reader) throws IOException {
        Map<String, String> prefixes = new LinkedHashMap<>();
        List<Template> templates = new ArrayList<>();
        String name = null;
        Map<String, String> placeholders = new LinkedHashMap<>();
        StringBuilder pattern = new StringBuilder();
        BufferedReader lines = new BufferedReader(reader);
        for (String line = lines.readLine(); line != null; line = lines.readLine()) {
            String text = line.strip();
            if (text.isEmpty() || text.startsWith("#")) {
                continue;
            }
            String[] w = text.split("\\s+");
            if (w[0].equals("prefix")) {
                prefixes.put(w[1].replace(":", ""), w[2].replaceAll("^<|>$", ""));
            } else if (w[0].equals("template")) {
                if (name != null) {
                    templates.add(new Template(name, placeholders, pattern.toString().strip(), prefixes));
                }
                name = w[1];
                placeholders = new LinkedHashMap<>();
                pattern = new StringBuilder();
            } else if (w[0].equals("placeholder")) {
                placeholders.put(w[1], expand(prefixes, w[2]));
            } else {
                pattern.append(text).append(' ');
            }
        }
        if (name != null) {
            templates.add(new Template(name, placeholders, pattern.toString().strip(), prefixes));
        }
        return templates;
    }

    private static String expand(Map<String, String> prefixes, String name) {
        if (name.startsWith("<")) {
            return name.substring(1, name.length() - 1);
        }
        int colon = name.indexOf(':');
        String ns = prefixes.get(name.substring(0, colon));
        if (ns == null) {
            throw new IllegalArgumentException("Unknown prefix in " + name);
        }
        return ns + name.substring(colon + 1);
    }
}
