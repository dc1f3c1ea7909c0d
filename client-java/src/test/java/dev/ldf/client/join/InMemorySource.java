package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.core.BasicPattern;
import org.apache.jena.sparql.core.Substitute;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.graph.GraphFactory;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.page.Controls;
import dev.ldf.client.page.Page;
import dev.ldf.client.source.Fetched;
import dev.ldf.client.source.GroupEndpoint;
import dev.ldf.client.source.TripleSource;

/**
 * A fragment interface over triples in memory, for the join engine's unit tests: paged fragments
 * with exact counts, brTPF requests where it is told to take bindings, groups of patterns joined
 * in one query where it is told to (as a SPARQL endpoint), and a record of every request.
 */
final class InMemorySource implements TripleSource, GroupEndpoint {

    /** One request: its pattern and how many bindings it carried (0 for none). */
    record Request(Triple pattern, int bindings) {}

    private final String url;
    private final Graph graph = GraphFactory.createDefaultGraph();
    private final boolean brtpf;
    private final int maxBindings;
    private final int pageSize;
    private final boolean announcesPredicates;
    private boolean joinsGroups;
    private final AtomicInteger groupQueries = new AtomicInteger();
    private final Map<String, List<Triple>> answers = new ConcurrentHashMap<>();
    private final AtomicInteger pages = new AtomicInteger();
    private final List<Request> requests = Collections.synchronizedList(new ArrayList<>());

    InMemorySource(String name, List<Triple> triples, boolean brtpf, int maxBindings, int pageSize,
            boolean announcesPredicates) {
        this.url = "http://memory.test/" + name;
        triples.forEach(graph::add);
        this.brtpf = brtpf;
        this.maxBindings = maxBindings;
        this.pageSize = pageSize;
        this.announcesPredicates = announcesPredicates;
    }

    /** This source joins groups of patterns itself, as a SPARQL endpoint does. */
    InMemorySource joiningGroups() {
        joinsGroups = true;
        return this;
    }

    /** Groups of patterns asked of this source as one query. */
    int groupQueries() {
        return groupQueries.get();
    }

    /** Pages handed out, first pages and the pages after them. */
    int pages() {
        return pages.get();
    }

    List<Request> requests() {
        synchronized (requests) {
            return List.copyOf(requests);
        }
    }

    @Override
    public String url() {
        return url;
    }

    @Override
    public boolean usesBrtpf() {
        return brtpf;
    }

    @Override
    public int maxBindingsPerRequest() {
        return maxBindings;
    }

    @Override
    public boolean firstPageCounts() {
        return true;
    }

    @Override
    public Optional<GroupEndpoint> groups() {
        return joinsGroups ? Optional.of(this) : Optional.empty();
    }

    /** The group's solutions that agree with one of the keys (all of them for no key or one empty key), in one page. */
    @Override
    public CompletableFuture<SolutionsPage> solutionsPage(List<Triple> patterns, List<Binding> keys) {
        groupQueries.incrementAndGet();
        List<Binding> solutions = new ArrayList<>();
        Algebra.exec(new OpBGP(BasicPattern.wrap(patterns)), graph).forEachRemaining(solution -> {
            if (keys.isEmpty() || keys.stream().anyMatch(key -> Algebra.compatible(key, solution))) {
                solutions.add(solution);
            }
        });
        return CompletableFuture.completedFuture(new SolutionsPage(solutions, null));
    }

    @Override
    public Optional<Map<Node, Long>> predicates() {
        if (!announcesPredicates) {
            return Optional.empty();
        }
        Map<Node, Long> counts = new HashMap<>();
        graph.find().forEachRemaining(t -> counts.merge(t.getPredicate(), 1L, Long::sum));
        return Optional.of(counts);
    }

    @Override
    public CompletableFuture<Fetched> firstPage(Triple pattern) {
        requests.add(new Request(pattern, 0));
        return CompletableFuture.completedFuture(page(matches(pattern), 0));
    }

    @Override
    public CompletableFuture<Fetched> firstPage(Triple pattern, List<Binding> keys) {
        if (!brtpf) {
            throw new IllegalStateException("bindings sent to a source that takes none");
        }
        if (keys.size() > maxBindings) {
            throw new IllegalStateException(keys.size() + " bindings in one request, more than " + maxBindings);
        }
        requests.add(new Request(pattern, keys.size()));
        Set<Triple> agreeing = new LinkedHashSet<>();
        for (Binding key : keys) {
            agreeing.addAll(matches(Substitute.substitute(pattern, key)));
        }
        return CompletableFuture.completedFuture(page(List.copyOf(agreeing), 0));
    }

    @Override
    public CompletableFuture<Fetched> next(Fetched fetched) {
        String next = fetched.page().next().orElseThrow();
        int at = next.lastIndexOf("/page/");
        String answer = next.substring(0, at);
        return CompletableFuture.completedFuture(page(answer, answers.get(answer), Integer.parseInt(next.substring(at + 6))));
    }

    /** The triples that match {@code pattern}, a variable repeated in it standing for one term. */
    private List<Triple> matches(Triple pattern) {
        List<Triple> found = new ArrayList<>();
        graph.find(any(pattern.getSubject()), any(pattern.getPredicate()), any(pattern.getObject()))
                .forEachRemaining(t -> {
                    if (agree(pattern, t)) {
                        found.add(t);
                    }
                });
        return found;
    }

    private static boolean agree(Triple pattern, Triple t) {
        Node[] vars = {pattern.getSubject(), pattern.getPredicate(), pattern.getObject()};
        Node[] terms = {t.getSubject(), t.getPredicate(), t.getObject()};
        for (int i = 0; i < 3; i++) {
            for (int j = i + 1; j < 3; j++) {
                if (vars[i].isVariable() && vars[i].equals(vars[j]) && !terms[i].equals(terms[j])) {
                    return false;
                }
            }
        }
        return true;
    }

    private static Node any(Node node) {
        return node.isVariable() ? Node.ANY : node;
    }

    private synchronized Fetched page(List<Triple> all, int index) {
        String answer = url + "/answer/" + answers.size();
        answers.put(answer, all);
        return page(answer, all, index);
    }

    private Fetched page(String answer, List<Triple> all, int index) {
        pages.incrementAndGet();
        int from = index * pageSize;
        int to = Math.min(all.size(), from + pageSize);
        Optional<String> next = to < all.size() ? Optional.of(answer + "/page/" + (index + 1)) : Optional.empty();
        String pageUrl = answer + "/page/" + index;
        return new Fetched(FragmentRequest.get(pageUrl), new Page(pageUrl, List.copyOf(all.subList(from, to)),
                OptionalLong.of(all.size()), next, Controls.NONE, 1));
    }

    @Override
    public ClientOptions options() {
        return ClientOptions.defaults();
    }

    @Override
    public ClientStats stats() {
        return new ClientStats();
    }

    @Override
    public void forgetPages() {
    }

    @Override
    public void close() {
    }
}
