package dev.ldf.client.join;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.preemption.PreemptiveGroups;
import dev.ldf.client.source.Federation;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.source.GroupEndpoint;
import dev.ldf.client.source.TripleSource;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * Evaluates a basic graph pattern against one fragment source or a federation of several, for
 * each input binding, with bag semantics: every solution once per input binding it extends.
 *
 * <ul>
 *   <li>brTPF: a left-deep pipeline of {@link BindJoinStage}s in the order of {@link JoinOrder},
 *       over the counts of each pattern's first page.</li>
 *   <li>TPF, one source: the algorithm of the original TPF client ({@link TpfEvaluation}).</li>
 *   <li>Several sources: the same pipeline, after source selection: each pattern's first page is
 *       asked of every source, a source without matches is left out of that pattern's stage, and
 *       the pattern's count is the sum over the others. A stage asks each of its sources for
 *       each chunk (brTPF where the source offers it, one TPF request per binding where it does
 *       not) and joins the chunk with the merge of what they send ({@link FederatedLookup}).
 *       Patterns that one source alone has matches of are one stage, joined there, where the
 *       source can join: a SPARQL endpoint, or a dataset's preemptive endpoint with
 *       {@code --mode preemptive} ({@link GroupLookup}, {@link GroupScan}).</li>
 * </ul>
 */
public final class BgpExecutor {

    private final Federation sources;

    public BgpExecutor(FragmentSource source) {
        this(Federation.of(source));
    }

    public BgpExecutor(Federation sources) {
        this.sources = sources;
    }

    /**
     * The solutions of {@code patterns} that extend the bindings of {@code input}. The result
     * streams; closing it stops the work still under way.
     */
    public IteratorCloseable<Binding> execute(List<Triple> patterns, Iterator<Binding> input) {
        if (patterns.isEmpty()) {
            return closeable(input);
        }
        return sources.isSingle() && !sources.first().usesBrtpf()
                ? tpf(sources.first(), patterns, input) : pipeline(patterns, input);
    }

    private IteratorCloseable<Binding> pipeline(List<Triple> patterns, Iterator<Binding> input) {
        List<Binding> peeked = new ArrayList<>();
        while (input.hasNext() && peeked.size() < 2) {
            peeked.add(input.next());
        }
        if (peeked.isEmpty()) {
            return closeable(Collections.emptyIterator());
        }
        boolean identity = peeked.size() == 1 && peeked.get(0).isEmpty() && !input.hasNext();
        List<SelectedPattern> selected = select(patterns);
        if (selected == null) {
            return closeable(Collections.emptyIterator());
        }
        Iterator<Binding> inputs = Iter.concat(peeked.iterator(), input);
        if (selected.isEmpty()) {
            return closeable(inputs); // every pattern is a ground triple that exists
        }
        Set<Var> bound = new HashSet<>();
        peeked.forEach(b -> b.vars().forEachRemaining(bound::add));
        List<Integer> order = JoinOrder.order(selected.stream().map(SelectedPattern::pattern).toList(),
                selected.stream().map(SelectedPattern::count).toList(), bound);
        return build(stages(selected, order), identity ? peeked.get(0) : null, inputs);
    }

    /**
     * The patterns with variables, each with the sources that have matches of it and their count,
     * every source asked about every pattern at once; null when a pattern has no match anywhere.
     */
    private List<SelectedPattern> select(List<Triple> patterns) {
        List<List<SelectedPattern.Probe>> probes = new ArrayList<>();
        for (Triple pattern : patterns) {
            List<SelectedPattern.Probe> perSource = new ArrayList<>();
            for (TripleSource source : sources.sources()) {
                perSource.add(SelectedPattern.Probe.of(source, pattern, !sources.isSingle()));
            }
            probes.add(perSource);
        }
        List<SelectedPattern> selected = new ArrayList<>();
        for (int i = 0; i < patterns.size(); i++) {
            SelectedPattern pattern = SelectedPattern.of(patterns.get(i), probes.get(i));
            if (pattern.count() == 0) {
                // No binding can make a pattern without matches match. The other first pages are on
                // their way: let them arrive, so that the requests sent do not depend on timing.
                probes.forEach(perSource -> perSource.forEach(SelectedPattern.Probe::settle));
                return null;
            }
            if (!Matching.variables(pattern.pattern()).isEmpty()) {
                selected.add(pattern);
            }
        }
        return selected;
    }

    /**
     * One stage of the pipeline: a pattern, or a group of patterns that one source joins itself
     * ({@code endpoint}), led by the pattern {@code first}.
     */
    private record Stage(SelectedPattern first, List<Triple> members, GroupEndpoint endpoint) {

        boolean grouped() {
            return endpoint != null;
        }
    }

    /** The stages in join order: each pattern once, alone or in the exclusive group it leads. */
    private List<Stage> stages(List<SelectedPattern> selected, List<Integer> order) {
        List<Stage> stages = new ArrayList<>();
        Set<Integer> staged = new HashSet<>();
        for (int k = 0; k < order.size(); k++) {
            if (staged.contains(k)) {
                continue;
            }
            List<Integer> group = exclusiveGroup(selected, order, k);
            staged.addAll(group);
            SelectedPattern first = selected.get(order.get(k));
            stages.add(group.size() > 1
                    ? new Stage(first, members(selected, order, group), groupEndpoint(first.sources().get(0)))
                    : new Stage(first, List.of(first.pattern()), null));
        }
        return stages;
    }

    /**
     * The stages as iterators, each reading the one before. With one empty binding in ({@code
     * alone}), the first stage scans its pattern or asks its group; every other stage is a bind join
     * of its input's chunks. A plan step is registered when made: made in order, stage by stage.
     */
    private IteratorCloseable<Binding> build(List<Stage> stages, Binding alone, Iterator<Binding> inputs) {
        PlanReport plan = sources.plan();
        int inFlight = sources.first().options().chunksInFlight();
        IteratorCloseable<Binding> last = null;
        for (Stage stage : stages) {
            SelectedPattern first = stage.first();
            if (last == null && alone != null) {
                if (stage.grouped()) {
                    last = GroupScan.of(stage.endpoint(), stage.members(), groupStep(plan, stage.members(), first,
                            stage.endpoint()));
                } else {
                    PlanReport.Step scan = step(plan, "scan", first);
                    last = new ScanStage(first.pattern(), first.triples(scan), List.of(alone), scan);
                }
            } else {
                Iterator<Binding> upstream = last == null ? inputs : last;
                last = stage.grouped()
                        ? new BindJoinStage(new GroupLookup(stage.endpoint(), stage.members()), inFlight, upstream,
                                groupStep(plan, stage.members(), first, stage.endpoint()))
                        : new BindJoinStage(first.lookup(), inFlight, upstream, step(plan, "bind join", first));
            }
        }
        return last;
    }

    private static List<Triple> members(List<SelectedPattern> selected, List<Integer> order, List<Integer> group) {
        return group.stream().map(g -> selected.get(order.get(g)).pattern()).toList();
    }

    /**
     * The patterns from position {@code k} of {@code order} on that the same source alone has
     * matches of and that connect to the pattern at {@code k} through shared variables, {@code k}
     * first, when that source joins groups ({@link #groupEndpoint}); else {@code k} alone. The
     * source joins them in one query per chunk. Patterns of that source that share no variable
     * with the group stay stages of their own: joined there, they would be a cross product.
     */
    private List<Integer> exclusiveGroup(List<SelectedPattern> selected, List<Integer> order, int k) {
        SelectedPattern at = selected.get(order.get(k));
        if (at.sources().size() != 1 || groupEndpoint(at.sources().get(0)) == null) {
            return List.of(k);
        }
        TripleSource only = at.sources().get(0);
        List<Integer> group = new ArrayList<>(List.of(k));
        Set<Var> variables = new HashSet<>(Matching.variables(at.pattern()));
        for (boolean grown = true; grown;) {
            grown = false;
            for (int j = k + 1; j < order.size(); j++) {
                SelectedPattern candidate = selected.get(order.get(j));
                List<TripleSource> holders = candidate.sources();
                if (!group.contains(j) && holders.size() == 1 && holders.get(0) == only
                        && Matching.variables(candidate.pattern()).stream().anyMatch(variables::contains)) {
                    group.add(j);
                    variables.addAll(Matching.variables(candidate.pattern()));
                    grown = true;
                }
            }
        }
        Collections.sort(group);
        return group;
    }

    /**
     * Where {@code source} joins a group of patterns itself, or null: a SPARQL endpoint; a
     * dataset's preemptive endpoint in a federation whose client uses them ({@code --mode
     * preemptive}; one source alone sends its query's supported parts there already).
     */
    private GroupEndpoint groupEndpoint(TripleSource source) {
        Optional<GroupEndpoint> own = source.groups();
        if (own.isPresent()) {
            return own.get();
        }
        return sources.isSingle() ? null : source.preemption().map(PreemptiveGroups::new).orElse(null);
    }

    /** The plan step of an exclusive group, with the count of its first pattern. */
    private PlanReport.Step groupStep(PlanReport plan, List<Triple> members, SelectedPattern first, GroupEndpoint endpoint) {
        String how = endpoint instanceof PreemptiveGroups ? "preemptive BGP @1/" : "BGP @1/";
        return plan.step(how + sources.sources().size(), PlanReport.text(members), first.count());
    }

    /** A plan step; with several sources, it says how many of them the pattern goes to. */
    private PlanReport.Step step(PlanReport plan, String how, SelectedPattern pattern) {
        String where = sources.isSingle() ? how : how + " @" + pattern.sources().size() + "/" + sources.sources().size();
        return plan.step(where, pattern.pattern(), pattern.count());
    }

    private IteratorCloseable<Binding> tpf(TripleSource source, List<Triple> patterns, Iterator<Binding> input) {
        PlanReport.Step step = sources.plan().step("TPF", PlanReport.text(patterns), -1);
        TpfEvaluation evaluation = new TpfEvaluation(source, patterns, input, step);
        return Iter.onClose(Iter.map(evaluation, b -> {
            step.solution();
            return b;
        }), evaluation::close);
    }

    /** An iterator that closes {@code it} when it can be closed. */
    private static <T> IteratorCloseable<T> closeable(Iterator<T> it) {
        return Iter.onClose(it, () -> Iter.close(it));
    }
}
