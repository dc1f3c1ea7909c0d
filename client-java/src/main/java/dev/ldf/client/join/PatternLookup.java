package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.plan.PlanReport;

/** The solutions of one triple pattern, from the pages of its (restricted) fragments. */
abstract class PatternLookup implements ChunkLookup {

    protected final Triple pattern;
    private final List<Var> variables;

    PatternLookup(Triple pattern) {
        this.pattern = pattern;
        this.variables = Matching.variables(pattern);
    }

    @Override
    public List<Var> variables() {
        return variables;
    }

    @Override
    public boolean canMatch(Binding key) {
        return Matching.canMatch(Matching.substitute(pattern, key));
    }

    @Override
    public CompletableFuture<Void> solutions(List<Binding> keys, PlanReport.Step step, Consumer<List<Binding>> solutions) {
        return pages(keys, data -> {
            step.page(data.size());
            List<Binding> matches = new ArrayList<>(data.size());
            for (Triple triple : data) {
                Binding match = Matching.match(pattern, triple);
                if (match != null) {
                    matches.add(match);
                }
            }
            solutions.accept(matches);
        });
    }

    /**
     * Every page of the pattern's fragment restricted to {@code keys} (one empty key: the whole
     * fragment), handed to {@code pages} one at a time; the future completes after the last.
     */
    abstract CompletableFuture<Void> pages(List<Binding> keys, Consumer<List<Triple>> pages);
}
