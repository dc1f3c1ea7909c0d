package dev.ldf.client.preemption;

import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.source.GroupEndpoint;
import dev.ldf.client.source.PreemptiveEndpoint;
import dev.ldf.client.source.SparqlText;

/**
 * A dataset's preemptive SPARQL endpoint as the place where a federation joins the patterns only
 * that dataset has matches of ({@code --mode preemptive}): the group, with a block of bindings as
 * {@code VALUES}, is one query, followed quantum by quantum through its continuation tokens. The
 * server's blank nodes travel as their Skolem IRIs; a binding with a blank node from elsewhere
 * cannot match here and is not sent.
 */
public final class PreemptiveGroups implements GroupEndpoint {

    private final PreemptiveEndpoint source;

    public PreemptiveGroups(PreemptiveEndpoint source) {
        this.source = source;
    }

    @Override
    public String url() {
        return source.url();
    }

    @Override
    public int maxBindingsPerRequest() {
        return RemoteEvaluation.BLOCK;
    }

    @Override
    public CompletableFuture<SolutionsPage> solutionsPage(List<Triple> patterns, List<Binding> keys) {
        List<Binding> sendable = keys.stream().filter(this::noForeignBlank).map(k -> source.skolemIris().toIri(k)).toList();
        if (!keys.isEmpty() && sendable.isEmpty()) {
            return CompletableFuture.completedFuture(new SolutionsPage(List.of(), null));
        }
        SparqlText text = new SparqlText(patterns.stream().map(p -> source.skolemIris().toIri(p)).toList());
        return quantum(text, text.select(sendable, ""), null);
    }

    private CompletableFuture<SolutionsPage> quantum(SparqlText text, String query, String next) {
        return source.resultsAsync(query, next).thenApply(page -> new SolutionsPage(
                page.solutions().stream().map(text::original).toList(),
                page.next() == null ? null : () -> quantum(text, query, page.next())));
    }

    private boolean noForeignBlank(Binding key) {
        for (var vars = key.vars(); vars.hasNext();) {
            if (source.skolemIris().isForeignBlank(key.get(vars.next()))) {
                return false;
            }
        }
        return true;
    }
}
