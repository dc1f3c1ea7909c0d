package dev.ldf.client.source;

import java.util.ArrayList;
import java.util.List;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.plan.PlanReport;

/**
 * The sources a query runs over, one or several, taken together as the RDF merge of their data:
 * a solution is found wherever its triples are, and a triple that two sources hold counts once.
 * Blank nodes of different sources are different blank nodes. With one source, queries run
 * exactly as over that source alone.
 *
 * <p>Closing it closes every source, unless it is a {@linkplain #forOneQuery() view for one query}.
 */
public final class Federation implements AutoCloseable {

    private final List<TripleSource> sources;
    private final PlanReport plan = new PlanReport();
    /** False for a view that shares another federation's sources: their owner closes them. */
    private final boolean ownsSources;

    private Federation(List<? extends TripleSource> sources, boolean ownsSources) {
        if (sources.isEmpty()) {
            throw new IllegalArgumentException("no sources");
        }
        this.sources = List.copyOf(sources);
        this.ownsSources = ownsSources;
    }

    private Federation(List<? extends TripleSource> sources) {
        this(sources, true);
    }

    /** The given sources, already connected; closing the federation closes them. */
    public static Federation of(List<? extends TripleSource> sources) {
        return new Federation(sources);
    }

    /** One source alone. */
    public static Federation of(FragmentSource source) {
        return new Federation(List.of(source));
    }

    /**
     * Connects to every URL, in order; if one cannot be reached or is not a fragment interface,
     * those already connected are closed and the error names the URL.
     */
    public static Federation connect(List<String> urls, ClientOptions options, ClientListener listener) {
        List<TripleSource> connected = new ArrayList<>();
        try {
            for (String url : urls) {
                connected.add(SparqlEndpointSource.isNamed(url) ? SparqlEndpointSource.connect(url, options, listener)
                        : FragmentSource.connect(url, options, listener));
            }
            return new Federation(connected);
        } catch (FragmentException e) {
            connected.forEach(TripleSource::close);
            throw urls.size() == 1 || e.getMessage().contains(urls.get(connected.size()))
                    ? e : new FragmentException("source " + urls.get(connected.size()) + ": " + e.getMessage(), e);
        } catch (RuntimeException e) {
            connected.forEach(TripleSource::close);
            throw e;
        }
    }

    public List<TripleSource> sources() {
        return sources;
    }

    /** True when there is one source: queries run as over it alone. */
    public boolean isSingle() {
        return sources.size() == 1;
    }

    /** The first source (the only one, when {@link #isSingle()}). */
    public TripleSource first() {
        return sources.get(0);
    }

    /**
     * The same sources (their connections and remembered pages) with a plan of its own, for one
     * of several queries that run at once, as a service runs them: each query's plan is counted
     * apart and is gone with it. Closing the view leaves the sources open.
     */
    public Federation forOneQuery() {
        return new Federation(sources, false);
    }

    /** The steps queries ran, counted as they run. */
    public PlanReport plan() {
        return plan;
    }

    /** Requests, bytes and triples received from all sources so far. */
    public ClientStats.Snapshot stats() {
        ClientStats.Snapshot sum = ClientStats.Snapshot.ZERO;
        for (TripleSource source : sources) {
            sum = sum.plus(source.stats().snapshot());
        }
        return sum;
    }

    /** Forgets every source's remembered pages. */
    public void forgetPages() {
        sources.forEach(TripleSource::forgetPages);
    }

    @Override
    public void close() {
        if (ownsSources) {
            sources.forEach(TripleSource::close);
        }
    }
}
