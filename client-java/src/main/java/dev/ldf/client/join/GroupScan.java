package dev.ldf.client.join;

import java.util.List;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.SparqlEndpointSource;

/**
 * The first stage of a pipeline whose first patterns only one SPARQL endpoint has matches of:
 * their solutions, joined at the endpoint, streamed page by page.
 */
final class GroupScan {

    private GroupScan() {}

    static IteratorCloseable<Binding> of(SparqlEndpointSource endpoint, List<Triple> patterns, PlanReport.Step step) {
        AtomicLong read = new AtomicLong();
        Paged<SparqlEndpointSource.SolutionsPage, Binding> pages = new Paged<>(
                endpoint.solutionsPage(patterns, List.of(), 0), SparqlEndpointSource.SolutionsPage::solutions,
                page -> page.more() ? endpoint.solutionsPage(patterns, List.of(), read.addAndGet(page.solutions().size()))
                        : null, step);
        return Iter.onClose(Iter.map(pages, solution -> {
            step.solution();
            return solution;
        }), pages::close);
    }
}
