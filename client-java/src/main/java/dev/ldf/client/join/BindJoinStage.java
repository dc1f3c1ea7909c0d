package dev.ldf.client.join;

import dev.ldf.client.plan.PlanReport;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;

/**
 * One stage of a brTPF pipeline (Hartig and Buil-Aranda, ODBASE 2016, Section 4): the bindings
 * of the stage before arrive in chunks of at most maxMpR distinct values of this pattern's
 * variables; each chunk is one brTPF request (all its pages), whose triples are joined back with
 * the bindings of the chunk. Several chunks are in flight at once; results leave chunk by chunk,
 * in the order the chunks were formed. Chunks form from the upstream bindings in the order the
 * stage before produced them, so a query's requests and results are the same on every run,
 * however the responses arrive.
 *
 * <p>Bindings are projected on the pattern's variables before they are sent, so that bindings
 * that differ only elsewhere share one mapping; bindings that put a literal where no triple can
 * have one are dropped without a request.
 *
 * <p>Where a chunk's solutions come from is its {@link ChunkLookup}'s business: one source's brTPF
 * request, each source of a federation that has matches, or an exclusive group's one query at a
 * SPARQL endpoint.
 */
final class BindJoinStage implements IteratorCloseable<Binding> {

    private final ChunkLookup lookup;
    private final List<Var> variables;
    private final Iterator<Binding> upstream;
    private final int chunkSize;
    private final int inFlight;
    private final Deque<CompletableFuture<List<Binding>>> pending = new ArrayDeque<>();
    private Iterator<Binding> ready = Collections.emptyIterator();
    private final PlanReport.Step step;

    /** A stage whose chunks' solutions come from {@code lookup}, with {@code inFlight} chunks under way at once. */
    BindJoinStage(ChunkLookup lookup, int inFlight, Iterator<Binding> upstream, PlanReport.Step step) {
        this.step = step;
        this.lookup = lookup;
        this.variables = lookup.variables();
        this.upstream = upstream;
        this.chunkSize = lookup.maxKeys();
        this.inFlight = inFlight;
    }

    @Override
    public boolean hasNext() {
        while (!ready.hasNext()) {
            if (!pending.isEmpty() && pending.peek().isDone()) {
                // A finished chunk goes on before more input is pulled (which may wait upstream).
                ready = Futures.await(pending.poll()).iterator();
            } else if (pending.size() < inFlight && upstream.hasNext()) {
                Map<Binding, List<Binding>> chunk = nextChunk();
                if (!chunk.isEmpty()) {
                    pending.add(join(chunk));
                }
            } else if (pending.isEmpty()) {
                return false;
            } else {
                ready = Futures.await(pending.poll()).iterator();
            }
        }
        return true;
    }

    @Override
    public Binding next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        step.solution();
        return ready.next();
    }

    /** Up to maxMpR distinct keys (projections on the pattern's variables), each with its bindings. */
    private Map<Binding, List<Binding>> nextChunk() {
        Map<Binding, List<Binding>> chunk = new LinkedHashMap<>();
        while (chunk.size() < chunkSize && upstream.hasNext()) {
            Binding input = upstream.next();
            Binding key = Matching.project(input, variables);
            if (lookup.canMatch(key)) {
                chunk.computeIfAbsent(key, k -> new ArrayList<>()).add(input);
            }
        }
        return chunk;
    }

    /** The chunk's solutions (with one source: one brTPF request and its pages), joined with the chunk's bindings. */
    private CompletableFuture<List<Binding>> join(Map<Binding, List<Binding>> chunk) {
        Map<List<Var>, Map<List<Node>, List<Binding>>> index = index(chunk);
        List<Binding> results = new ArrayList<>();
        return lookup.solutions(new ArrayList<>(chunk.keySet()), step, matches -> {
            for (Binding match : matches) {
                for (Map.Entry<List<Var>, Map<List<Node>, List<Binding>>> shape : index.entrySet()) {
                    List<Binding> inputs = shape.getValue().get(values(match, shape.getKey()));
                    if (inputs != null) {
                        for (Binding input : inputs) {
                            results.add(Matching.merge(input, match));
                        }
                    }
                }
            }
        }).thenApply(done -> results);
    }

    /**
     * The chunk's bindings by the values they give the pattern's variables, grouped by which of
     * them they bind (usually all bind the same ones; OPTIONAL upstream can leave some unbound).
     */
    private static Map<List<Var>, Map<List<Node>, List<Binding>>> index(Map<Binding, List<Binding>> chunk) {
        Map<List<Var>, Map<List<Node>, List<Binding>>> index = new HashMap<>();
        for (Map.Entry<Binding, List<Binding>> entry : chunk.entrySet()) {
            List<Var> bound = new ArrayList<>();
            entry.getKey().vars().forEachRemaining(bound::add);
            bound.sort(Comparator.comparing(Var::getVarName));
            index.computeIfAbsent(bound, b -> new HashMap<>())
                    .put(values(entry.getKey(), bound), entry.getValue());
        }
        return index;
    }

    private static List<Node> values(Binding binding, List<Var> vars) {
        List<Node> values = new ArrayList<>(vars.size());
        for (Var v : vars) {
            values.add(binding.get(v));
        }
        return values;
    }

    @Override
    public void close() {
        pending.forEach(f -> f.cancel(true));
        pending.clear();
        if (upstream instanceof IteratorCloseable<?> closeable) {
            closeable.close();
        }
    }
}
