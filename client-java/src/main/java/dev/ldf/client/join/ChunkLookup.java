package dev.ldf.client.join;

import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.plan.PlanReport;

/**
 * Where a bind-join stage gets the solutions for one chunk of bindings: one pattern's triples at
 * one source ({@link SourceLookup}) or at each source of a federation that can match it
 * ({@link FederatedLookup}), or a group of patterns that one SPARQL endpoint alone answers
 * ({@link GroupLookup}).
 */
interface ChunkLookup {

    /** Distinct keys per chunk. */
    int maxKeys();

    /** The variables the keys give values to. */
    List<Var> variables();

    /** False for a key that no solution can agree with (a literal where a subject must be). */
    boolean canMatch(Binding key);

    /**
     * The solutions that agree with one of {@code keys} (one empty key: all of them), a page at a
     * time, never concurrently, possibly on another thread; {@code step} is told of each page.
     * The future completes after the last page.
     */
    CompletableFuture<Void> solutions(List<Binding> keys, PlanReport.Step step, Consumer<List<Binding>> solutions);
}
