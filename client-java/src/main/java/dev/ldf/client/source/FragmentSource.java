package dev.ldf.client.source;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.engine.binding.Binding;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.http.DatasetList;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.FragmentHttpClient;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.http.RequestEncoder;
import dev.ldf.client.http.ResultsPage;
import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.page.Controls;
import dev.ldf.client.page.Page;
import dev.ldf.client.page.SearchForm;

/**
 * One TPF or brTPF interface, found from any of its pages: its search forms, and requests for
 * the first page of a fragment, bindings-restricted or not, and for the pages after it.
 *
 * <p>Thread-safe. Closing it stops the HTTP client.
 */
public final class FragmentSource implements TripleSource, PreemptiveEndpoint {

    private static final Logger LOG = LoggerFactory.getLogger(FragmentSource.class);

    private final String url;
    private final Controls controls;
    private final FragmentHttpClient http;
    private final ClientStats stats;
    private final ClientOptions options;
    private final boolean brtpf;
    private final boolean preemptive;
    private final int maxBindings;
    /** Pages already asked for; null when off. */
    private final PageCache pages;
    /** The server's blank nodes: blank nodes here, Skolem IRIs on the wire. */
    private final SkolemIris skolemIris;

    private FragmentSource(String url, Controls controls, FragmentHttpClient http, ClientStats stats, ClientOptions options) {
        this.url = url;
        this.controls = controls;
        this.http = http;
        this.stats = stats;
        this.options = options;
        boolean wanted = options.mode() != Mode.TPF;
        this.brtpf = wanted && controls.supportsBrtpf();
        this.preemptive = options.mode() == Mode.PREEMPTIVE && controls.sparqlEndpoint().isPresent();
        if (options.mode() == Mode.PREEMPTIVE && !preemptive) {
            LOG.warn("{} does not announce a preemptive SPARQL endpoint; using {}", url, brtpf ? "brTPF" : "TPF");
        }
        if (options.mode() == Mode.BRTPF && !controls.supportsBrtpf()) {
            LOG.warn("{} does not announce brTPF; using TPF", url);
        }
        int server = controls.maxBindingsPerRequest();
        int asked = options.maxBindingsPerRequest();
        if (asked > server && brtpf) {
            LOG.warn("The server accepts at most {} bindings per request; using {} instead of {}", server, server, asked);
        }
        this.maxBindings = asked == 0 ? server : Math.min(asked, server);
        this.pages = options.pageCacheEntries() == 0 ? null : new PageCache(options.pageCacheEntries());
        this.skolemIris = new SkolemIris(controls.tpf().map(SearchForm::base).orElse(url));
    }

    /**
     * Reads the interface's controls from {@code url} (a dataset's URL or any of its pages).
     *
     * @throws FragmentException when the server cannot be reached or {@code url} is not a TPF
     *                           interface (no {@code hydra:search} form)
     */
    public static FragmentSource connect(String url, ClientOptions options, ClientListener listener) {
        ClientStats stats = new ClientStats();
        FragmentHttpClient http = new FragmentHttpClient(options.http(), ClientListener.all(stats, listener));
        try {
            Page start = http.fetchNow(FragmentRequest.get(url));
            if (start.controls().tpf().isEmpty()) {
                List<String> datasets = DatasetList.in(start);
                throw new FragmentException(url + " is not a Triple Pattern Fragments interface" + (datasets.isEmpty()
                        ? ": it has no hydra:search form with subject, predicate and object mappings. Give the URL "
                                + "of a dataset, such as http://example.org/dataset"
                        : ", but it lists datasets; give one of them: " + String.join(", ", datasets)));
            }
            return new FragmentSource(url, start.controls(), http, stats, options);
        } catch (RuntimeException e) {
            http.close();
            throw e;
        }
    }

    @Override
    public String url() {
        return url;
    }

    public Controls controls() {
        return controls;
    }

    /**
     * The dataset's predicates with their counts, where its first page listed them all (VoID
     * property partitions): a pattern with another predicate has no match here.
     */
    @Override
    public Optional<Map<Node, Long>> predicates() {
        return controls.predicates();
    }

    /** True when joins send bindings (brTPF); false for the TPF algorithm. */
    @Override
    public boolean usesBrtpf() {
        return brtpf;
    }

    /** The first page of a fragment states the pattern's count. */
    @Override
    public boolean firstPageCounts() {
        return true;
    }

    /** This, when the supported parts of queries go to the dataset's preemptive endpoint. */
    @Override
    public Optional<PreemptiveEndpoint> preemption() {
        return preemptive ? Optional.of(this) : Optional.empty();
    }

    @Override
    public ResultsPage results(String query, String next) {
        return withBlankNodes(http.fetchResults(resultsRequest(query, next)));
    }

    @Override
    public CompletableFuture<ResultsPage> resultsAsync(String query, String next) {
        return http.fetchResultsAsync(resultsRequest(query, next)).thenApply(this::withBlankNodes);
    }

    private FragmentRequest resultsRequest(String query, String next) {
        String endpoint = controls.sparqlEndpoint().orElseThrow(() -> new IllegalStateException("No preemptive endpoint"));
        String form = "query=" + URLEncoder.encode(query, StandardCharsets.UTF_8)
                + (next == null ? "" : "&next=" + URLEncoder.encode(next, StandardCharsets.UTF_8));
        return new FragmentRequest(endpoint, form);
    }

    private ResultsPage withBlankNodes(ResultsPage page) {
        return new ResultsPage(page.vars(), page.solutions().stream().map(skolemIris::toBlank).toList(), page.next(),
                page.bytes());
    }

    /** Mappings per brTPF request. */
    @Override
    public int maxBindingsPerRequest() {
        return maxBindings;
    }

    @Override
    public ClientOptions options() {
        return options;
    }

    /** The server's blank nodes travel as Skolem IRIs: turn them into IRIs before writing them into a request. */
    @Override
    public SkolemIris skolemIris() {
        return skolemIris;
    }

    /** Requests, bytes and triples received so far. */
    @Override
    public ClientStats stats() {
        return stats;
    }

    /** The first page of {@code pattern}'s triple pattern fragment. */
    @Override
    public CompletableFuture<Fetched> firstPage(Triple pattern) {
        return fetch(RequestEncoder.tpf(controls.tpf().orElseThrow(), skolemIris.toIri(pattern)));
    }

    /** The first page of {@code pattern} restricted by {@code keys} (bindings of its variables). */
    @Override
    public CompletableFuture<Fetched> firstPage(Triple pattern, List<Binding> keys) {
        if (!brtpf) {
            throw new IllegalStateException("brTPF is not in use");
        }
        return fetch(RequestEncoder.brtpf(controls.brtpf().orElseThrow(), skolemIris.toIri(pattern),
                keys.stream().map(skolemIris::toIri).toList(), options.http().maxGetUrlBytes()));
    }

    /** The page after {@code fetched}; only when it has a next page. */
    @Override
    public CompletableFuture<Fetched> next(Fetched fetched) {
        return fetch(fetched.request().next(fetched.page().next().orElseThrow()));
    }

    /** Forgets the remembered pages, e.g. between queries that must not profit from each other. */
    @Override
    public void forgetPages() {
        if (pages != null) {
            pages.clear();
        }
    }

    private CompletableFuture<Fetched> fetch(FragmentRequest request) {
        return pages == null ? send(request) : pages.get(request, this::send);
    }

    private CompletableFuture<Fetched> send(FragmentRequest request) {
        return http.fetch(request).thenApply(page -> new Fetched(request, new Page(page.url(),
                skolemIris.toBlank(page.data()), page.count(), page.next(), page.controls(), page.metadataTriples())));
    }

    @Override
    public void close() {
        http.close();
    }
}
