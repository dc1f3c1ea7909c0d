package dev.ldf.client.join;

import java.util.List;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.GroupEndpoint;
import dev.ldf.client.source.GroupEndpoint.SolutionsPage;

/**
 * The first stage of a pipeline whose first patterns only one endpoint has matches of: their
 * solutions, joined at the endpoint, streamed page by page.
 */
final class GroupScan {

    private GroupScan() {}

    static IteratorCloseable<Binding> of(GroupEndpoint endpoint, List<Triple> patterns, PlanReport.Step step) {
        Paged<SolutionsPage, Binding> pages = new Paged<>(endpoint.solutionsPage(patterns, List.of()),
                SolutionsPage::solutions, page -> page.more() ? page.next().get() : null, step);
        return Iter.onClose(Iter.map(pages, solution -> {
            step.solution();
            return solution;
        }), pages::close);
    }
}
