package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.Fetched;
import dev.ldf.client.source.TripleSource;

/**
 * A pattern with the sources that have matches of it and its count: the sum of theirs (an
 * upper bound where sources overlap).
 */
record SelectedPattern(Triple pattern, List<SelectedPattern.Probe> probes, long count) {

    static SelectedPattern of(Triple pattern, List<Probe> all) {
        List<Probe> matching = new ArrayList<>();
        long count = 0;
        for (Probe probe : all) {
            long n = probe.count();
            if (n > 0) {
                matching.add(probe);
                count = count + n < 0 ? Long.MAX_VALUE / 2 : count + n;
            }
        }
        return new SelectedPattern(pattern, matching, count);
    }

    List<TripleSource> sources() {
        return probes.stream().map(Probe::source).toList();
    }

    /** The fragment's pages from its sources, streamed from the first pages. */
    IteratorCloseable<Triple> triples(PlanReport.Step step) {
        if (probes.size() == 1) {
            return new PageStream(probes.get(0).source(), probes.get(0).firstPage(), step);
        }
        List<PageStream> streams = new ArrayList<>();
        for (Probe probe : probes) {
            streams.add(new PageStream(probe.source(), probe.firstPage(), step));
        }
        return PageStream.union(streams);
    }

    /** Where the stage of this pattern finds the triples of each chunk. */
    ChunkLookup lookup() {
        List<TripleSource> sources = sources();
        return sources.size() == 1 && sources.get(0).usesBrtpf()
                ? new SourceLookup(sources.get(0), pattern)
                : new FederatedLookup(sources, pattern);
    }

    /**
     * What a source has of one pattern: its count, from the source's list of predicates where
     * that settles it (several sources; a predicate the source lacks, or {@code ?s p ?o}), else
     * from the first page, which is asked for at once.
     */
    record Probe(TripleSource source, Triple pattern, CompletableFuture<Long> counted,
            CompletableFuture<Fetched> page) {

        static Probe of(TripleSource source, Triple pattern, boolean federated) {
            if (!Matching.canMatch(pattern)) {
                return known(source, pattern, 0);
            }
            if (federated && pattern.getPredicate().isURI() && source.predicates().isPresent()) {
                Long triples = source.predicates().get().get(pattern.getPredicate());
                if (triples == null) {
                    return known(source, pattern, 0);
                }
                Node s = pattern.getSubject();
                Node o = pattern.getObject();
                if (s.isVariable() && o.isVariable() && !s.equals(o)) {
                    return known(source, pattern, triples);
                }
            }
            if (source.firstPageCounts()) {
                // The first page gives the count, and a scan of the pattern starts from it.
                CompletableFuture<Fetched> page = source.firstPage(pattern);
                return new Probe(source, pattern, page.thenApply(Fetched::count), page);
            }
            return new Probe(source, pattern, source.count(pattern), null);
        }

        private static Probe known(TripleSource source, Triple pattern, long count) {
            return new Probe(source, pattern, CompletableFuture.completedFuture(count), null);
        }

        long count() {
            return Futures.await(counted);
        }

        /** The first page: the one already asked for, or else asked for now. */
        CompletableFuture<Fetched> firstPage() {
            return page != null ? page : source.firstPage(pattern);
        }

        void settle() {
            Futures.settle(counted);
        }
    }
}
