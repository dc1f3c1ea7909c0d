package dev.ldf.server.fragment;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * A dataset the server answers for: its settings and its datasource. It turns a checked request
 * into a {@link Fragment}: blank nodes back from Skolem IRIs, the page from the datasource, the
 * links to other pages. Thread-safe.
 */
public final class ServedDataset {

    /** Predicates a dataset's page lists at most, the most used first. */
    private static final int PREDICATES_LISTED = 100;
    /**
     * Datasets with at most this many predicates list them all, with their counts, on their first
     * page (VoID property partitions): a federating client then knows which patterns it need not
     * ask this dataset for, and the count of each {@code ?s p ?o}, without a request.
     */
    static final int PARTITIONS_LISTED = 1_000;

    private final String name;
    private final String title;
    private final String description;
    private final Map<String, String> prefixes;
    private final Prefixes prefixNames;
    private final int pageSize;
    private final int maxBindingsPerRequest;
    private final int maxRequestBodyBytes;
    private final Datasource source;
    private final boolean preemptive;

    public ServedDataset(String name, String title, String description, Map<String, String> prefixes, int pageSize,
            int maxBindingsPerRequest, int maxRequestBodyBytes, Datasource source, boolean preemptive) {
        this.preemptive = preemptive;
        this.name = name;
        this.title = title;
        this.description = description;
        // In the configured order: writers declare them in it.
        this.prefixes = Collections.unmodifiableMap(new LinkedHashMap<>(prefixes));
        this.prefixNames = Prefixes.of(prefixes);
        this.pageSize = pageSize;
        this.maxBindingsPerRequest = maxBindingsPerRequest;
        this.maxRequestBodyBytes = maxRequestBodyBytes;
        this.source = source;
    }

    public String name() {
        return name;
    }

    /** The prefixes its terms may be written with in requests: its own, then the usual vocabularies. */
    public Prefixes prefixNames() {
        return prefixNames;
    }

    public int pageSize() {
        return pageSize;
    }

    /** The most distinct solution mappings one request may carry (maxMpR); 0 serves plain TPF. */
    public int maxBindingsPerRequest() {
        return maxBindingsPerRequest;
    }

    public Datasource source() {
        return source;
    }

    /** The dataset as clients see it at {@code addresses}. */
    public DatasetDescription describe(Addresses addresses) {
        return new DatasetDescription(name, title, description, addresses.dataset(name), prefixes, pageSize,
                maxBindingsPerRequest, maxRequestBodyBytes, preemptive);
    }

    /** The whole fragment of {@code pattern}, unpaged, to be streamed as a dump. */
    public Dump dump(TriplePattern pattern, Addresses addresses) {
        Skolemizer skolemizer = new Skolemizer(addresses.genidPrefix(name));
        skolemizer.deskolemize(pattern); // a malformed Skolem IRI is refused before the dump starts
        return new Dump(describe(addresses), pattern, skolemizer, source);
    }

    /** Answers one page of the request's fragment. The page's data is read as it is written. */
    public Fragment answer(FragmentRequest request, ServerDescription server, Addresses addresses) {
        Skolemizer skolemizer = new Skolemizer(addresses.genidPrefix(name));
        Selector selector = new Selector(Selector.of(request.pattern(), request.bindings()).patterns().stream()
                .map(skolemizer::deskolemize).toList());
        FragmentPage page = source.page(selector, request.offset(pageSize), pageSize);
        long number = request.page();
        Count count = page.count();
        long lastPage = count.exact() && count.value() > 0 ? count.pages(pageSize) : 0;
        Fragment.PageLinks links = new Fragment.PageLinks(addresses.requestUrl(), addresses.onPage(1),
                number > 1 ? addresses.onPage(number - 1) : null, page.hasNextPage() ? addresses.onPage(number + 1) : null,
                lastPage > 0 ? addresses.onPage(lastPage) : null);
        return new Fragment(server, describe(addresses), request, page, links, skolemizer,
                () -> source.predicates(PREDICATES_LISTED), this::partitions);
    }

    /**
     * Every predicate with its count, or none: where the dataset has more than {@link
     * #PARTITIONS_LISTED}, or takes changes (a client would keep a list that a write makes wrong).
     */
    private List<PredicateCount> partitions() {
        if (source.takesChanges()) {
            return List.of();
        }
        List<PredicateCount> all = source.predicates(PARTITIONS_LISTED + 1);
        return all.size() > PARTITIONS_LISTED ? List.of() : all;
    }
}
