package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.function.Consumer;

import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.source.TripleSource;

/**
 * A chunk's triples from every source of a federation that can match the pattern, asked at once:
 * brTPF requests of at most the source's maxMpR keys where it offers brTPF, one TPF request per
 * key (the pattern with the key's values put in) where it does not. A triple that several sources
 * send is handed on once: the chunk is joined with the merge of their data.
 */
final class FederatedLookup extends PatternLookup {

    /** Keys per chunk when no source takes bindings: each is a request of its own. */
    static final int TPF_KEYS = 32;

    private final List<TripleSource> sources;
    private final int maxKeys;

    /** {@code sources}: those that have matches of {@code pattern}. */
    FederatedLookup(List<TripleSource> sources, Triple pattern) {
        super(pattern);
        this.sources = sources;
        this.maxKeys = sources.stream().filter(TripleSource::usesBrtpf)
                .mapToInt(TripleSource::maxBindingsPerRequest).max().orElse(TPF_KEYS);
    }

    @Override
    public int maxKeys() {
        return maxKeys;
    }

    @Override
    CompletableFuture<Void> pages(List<Binding> keys, Consumer<List<Triple>> pages) {
        // Several requests answer at once: their pages are handed on one at a time, deduplicated
        // where several sources may send the same triple.
        Consumer<List<Triple>> once = new OneAtATime(pages, sources.size() > 1);
        boolean whole = keys.size() == 1 && keys.get(0).isEmpty();
        List<CompletableFuture<Void>> requests = new ArrayList<>();
        for (TripleSource source : sources) {
            if (whole) {
                requests.add(SourceLookup.each(source, source.firstPage(pattern), once));
            } else if (source.usesBrtpf()) {
                int size = source.maxBindingsPerRequest();
                for (int from = 0; from < keys.size(); from += size) {
                    List<Binding> part = keys.subList(from, Math.min(keys.size(), from + size));
                    requests.add(SourceLookup.each(source, source.firstPage(pattern, part), once));
                }
            } else {
                for (Binding key : keys) {
                    requests.add(SourceLookup.each(source, source.firstPage(Matching.substitute(pattern, key)), once));
                }
            }
        }
        return CompletableFuture.allOf(requests.toArray(CompletableFuture[]::new));
    }

    /** Pages of several requests, one at a time; with {@code distinct}, each triple only the first time it comes. */
    private static final class OneAtATime implements Consumer<List<Triple>> {
        private final Consumer<List<Triple>> pages;
        private final Set<Triple> seen;

        OneAtATime(Consumer<List<Triple>> pages, boolean distinct) {
            this.pages = pages;
            this.seen = distinct ? new HashSet<>() : null;
        }

        @Override
        public synchronized void accept(List<Triple> data) {
            if (seen == null) {
                pages.accept(data);
                return;
            }
            List<Triple> fresh = new ArrayList<>(data.size());
            for (Triple triple : data) {
                if (seen.add(triple)) {
                    fresh.add(triple);
                }
            }
            pages.accept(fresh);
        }
    }
}
