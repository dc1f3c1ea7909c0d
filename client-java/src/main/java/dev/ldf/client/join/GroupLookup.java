package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.GroupEndpoint;

/**
 * An exclusive group: patterns that only one source of a federation has matches of, and that
 * source one that joins them itself (a SPARQL or a preemptive endpoint). Each chunk is one query of the whole group
 * (with the chunk's keys as {@code VALUES}) instead of one stage per pattern.
 */
final class GroupLookup implements ChunkLookup {

    private final GroupEndpoint endpoint;
    private final List<Triple> patterns;
    private final List<Var> variables;

    GroupLookup(GroupEndpoint endpoint, List<Triple> patterns) {
        this.endpoint = endpoint;
        this.patterns = patterns;
        Set<Var> vars = new LinkedHashSet<>();
        patterns.forEach(p -> vars.addAll(Matching.variables(p)));
        this.variables = new ArrayList<>(vars);
    }

    @Override
    public int maxKeys() {
        return endpoint.maxBindingsPerRequest();
    }

    @Override
    public List<Var> variables() {
        return variables;
    }

    @Override
    public boolean canMatch(Binding key) {
        return patterns.stream().allMatch(p -> Matching.canMatch(Matching.substitute(p, key)));
    }

    @Override
    public CompletableFuture<Void> solutions(List<Binding> keys, PlanReport.Step step, Consumer<List<Binding>> solutions) {
        return endpoint.solutions(patterns, keys, page -> {
            step.page(page.size());
            solutions.accept(page);
        });
    }
}
