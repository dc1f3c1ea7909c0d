package dev.ldf.server.fragment;

import java.util.LinkedHashSet;
import java.util.List;

import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * The solution mappings of a brTPF request: a SPARQL {@code VALUES} block without the keyword,
 * e.g. {@code (?o ?c) { (<http://ex.org/a> UNDEF) ("x"@en 3) }}, as Comunica's brTPF mode and the
 * brTPF prototype send it. {@code UNDEF} leaves a variable unbound in that mapping.
 *
 * <p>The rows keep their order (brTPF pages over a sequence) with exact duplicates removed, so
 * {@link #size()} is the number of distinct mappings.
 */
public record Bindings(List<Var> variables, List<Binding> rows) {

    public Bindings {
        variables = List.copyOf(variables);
        rows = List.copyOf(new LinkedHashSet<>(rows));
    }

    public int size() {
        return rows.size();
    }

    public boolean isEmpty() {
        return rows.isEmpty();
    }
}
