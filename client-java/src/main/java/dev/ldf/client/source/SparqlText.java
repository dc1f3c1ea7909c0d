package dev.ldf.client.source;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.shared.PrefixMapping;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.serializer.SerializationContext;
import org.apache.jena.sparql.syntax.ElementPathBlock;
import org.apache.jena.sparql.syntax.ElementVisitorBase;
import org.apache.jena.sparql.syntax.ElementWalker;
import org.apache.jena.sparql.util.FmtUtils;

import dev.ldf.client.http.SourceTerms;

/**
 * A basic graph pattern as SPARQL text for an endpoint that knows none of our names: variables
 * renamed {@code ?v0}, {@code ?v1}, … in the order they appear (ARQ's own, such as {@code ??P0}
 * of a property path or {@code ?/x} of a subquery, are not SPARQL syntax), IRIs in full, literals
 * in their full form (a short form can change a term's meaning: Jena writes
 * {@code "456."^^xsd:decimal} as {@code 456.}, which reads back as an integer and the end of a
 * triple), bindings as a {@code VALUES} block.
 */
public final class SparqlText {

    private final List<Triple> patterns;
    /** Per text: a context labels blank nodes as it writes them. */
    private final SerializationContext fullForms = fullForms();
    private final Map<Var, String> names = new LinkedHashMap<>();

    public SparqlText(List<Triple> patterns) {
        this.patterns = List.copyOf(patterns);
        for (Triple pattern : patterns) {
            for (Node n : new Node[] {pattern.getSubject(), pattern.getPredicate(), pattern.getObject()}) {
                if (n.isVariable()) {
                    names.computeIfAbsent(Var.alloc(n), v -> "?v" + names.size());
                }
            }
        }
    }

    /** {@code SELECT *} of the patterns joined with {@code keys} (none, or one empty key: no VALUES), then {@code modifiers}. */
    public String select(List<Binding> keys, String modifiers) {
        return "SELECT * WHERE { " + values(keys) + patterns() + "}" + modifiers;
    }

    /** {@code SELECT DISTINCT} of the patterns' variables (all of them, when there are none), joined with {@code keys}. */
    public String selectDistinct(List<Binding> keys, String modifiers) {
        return "SELECT " + (names.isEmpty() ? "*" : "DISTINCT " + String.join(" ", names.values())) + " WHERE { "
                + values(keys) + patterns() + "}" + modifiers;
    }

    /** The number of the patterns' solutions, as {@code ?count}. */
    public String count() {
        return "SELECT (COUNT(*) AS ?count) WHERE { " + patterns() + "}";
    }

    /** The patterns as a template ({@code CONSTRUCT}'s), each ending in a dot. */
    public String patterns() {
        StringBuilder b = new StringBuilder();
        for (Triple pattern : patterns) {
            b.append(term(pattern.getSubject())).append(' ').append(term(pattern.getPredicate())).append(' ')
                    .append(term(pattern.getObject())).append(" . ");
        }
        return b.toString();
    }

    /**
     * The one triple pattern of a query this class wrote, with its {@code ?v0}, … variables:
     * for reading the triples a SELECT of it gives.
     */
    static Triple patternOf(String query) {
        List<Triple> found = new ArrayList<>();
        ElementWalker.walk(QueryFactory.create(query).getQueryPattern(), new ElementVisitorBase() {
            @Override
            public void visit(ElementPathBlock block) {
                block.getPattern().forEach(path -> found.add(path.asTriple()));
            }
        });
        if (found.size() != 1) {
            throw new IllegalArgumentException("Not the query of one triple pattern: " + query);
        }
        return found.get(0);
    }

    /** A solution of the text's query with the query's own variables back in place of {@code ?v0}, … */
    public Binding original(Binding row) {
        Map<String, Var> byName = new HashMap<>();
        names.forEach((v, name) -> byName.put(name.substring(1), v));
        BindingBuilder renamed = Binding.builder();
        row.forEach((v, value) -> {
            Var var = byName.get(v.getVarName());
            if (var != null) {
                renamed.add(var, value);
            }
        });
        return renamed.build();
    }

    /** A VALUES block of the keys and a space, or nothing: one row each, UNDEF where a key leaves a variable unbound. */
    private String values(List<Binding> keys) {
        if (keys.isEmpty() || keys.size() == 1 && keys.get(0).isEmpty()) {
            return "";
        }
        List<Var> vars = new ArrayList<>();
        for (Var v : names.keySet()) {
            if (keys.stream().anyMatch(k -> k.contains(v))) {
                vars.add(v);
            }
        }
        StringBuilder b = new StringBuilder("VALUES (");
        vars.forEach(v -> b.append(names.get(v)).append(' '));
        b.append(") {");
        for (Binding key : keys) {
            b.append(" (");
            for (Var v : vars) {
                Node value = key.get(v);
                b.append(value == null ? "UNDEF" : term(value)).append(' ');
            }
            b.append(')');
        }
        return b.append(" } ").toString();
    }

    private String term(Node node) {
        return node.isVariable() ? names.get(Var.alloc(node)) : FmtUtils.stringForNode(SourceTerms.writable(node), fullForms);
    }

    private static SerializationContext fullForms() {
        SerializationContext context = new SerializationContext(PrefixMapping.Factory.create().lock());
        context.setUsePlainLiterals(false);
        return context;
    }
}
