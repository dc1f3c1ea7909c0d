package dev.ldf.client.source;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.ConnectException;
import java.net.URI;
import java.net.URLDecoder;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalLong;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.QuerySolution;
import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.RDFNode;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Substitute;
import org.apache.jena.sparql.engine.binding.Binding;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.BoundedBody;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.http.SourceTerms;
import dev.ldf.client.page.Controls;
import dev.ldf.client.page.Page;

/**
 * A plain SPARQL 1.1 endpoint as a source of a federation ({@code sparql@URL}, as Comunica writes
 * it): a pattern's count is a {@code COUNT} query, its matches a {@code CONSTRUCT} of the pattern
 * in pages of {@value #PAGE_SIZE}, and bindings travel as a {@code VALUES} block, at most
 * {@value #BINDINGS} per request. Every request is a POSTed form (SPARQL protocol).
 *
 * <p>An endpoint that refuses a form with a 400 or 406, as restricted endpoints do (our own preemptive
 * one runs no CONSTRUCT), is asked the next: {@code ASK} then {@code SELECT * WHERE { }};
 * {@code CONSTRUCT} pages then {@code SELECT DISTINCT} pages then plain {@code SELECT} pages of
 * the pattern's variables; {@code COUNT} then a page's worth of rows.
 *
 * <p>Pages follow each other by {@code OFFSET} over {@code SELECT DISTINCT} of the pattern's
 * variables, which the protocol does not promise to be stable between requests without an
 * {@code ORDER BY}; the endpoints people run (Jena, Virtuoso, Blazegraph) keep it. Blank nodes
 * are labelled anew in each answer, so they do not join across requests.
 */
public final class SparqlEndpointSource implements TripleSource, GroupEndpoint {

    /** How a source names itself a SPARQL endpoint. */
    public static final String PREFIX = "sparql@";
    static final int PAGE_SIZE = 10_000;
    static final int BINDINGS = 100;

    private final String name;
    private final String endpoint;
    private final ClientOptions options;
    private final ClientStats stats = new ClientStats();
    private final ClientListener listener;
    private final HttpClient http;
    /** Set once the endpoint refused a form (a 400 or 406): from then on the next form is asked at once. */
    private volatile boolean selectPages;
    private volatile boolean plainSelect;
    private volatile boolean countsByRows;

    private SparqlEndpointSource(String name, String endpoint, ClientOptions options, ClientListener listener) {
        this.name = name;
        this.endpoint = endpoint;
        this.options = options;
        this.listener = ClientListener.all(stats, listener);
        this.http = HttpClient.newBuilder().connectTimeout(options.http().connectTimeout()).build();
    }

    /** True when {@code source} names a SPARQL endpoint ({@code sparql@http://…}). */
    public static boolean isNamed(String source) {
        return source.regionMatches(true, 0, PREFIX, 0, PREFIX.length());
    }

    /**
     * The endpoint {@code source} names, checked with an {@code ASK} that must be answered.
     *
     * @throws FragmentException when it cannot be reached or does not answer SPARQL
     */
    public static SparqlEndpointSource connect(String source, ClientOptions options, ClientListener listener) {
        SparqlEndpointSource endpoint = new SparqlEndpointSource(source, source.substring(PREFIX.length()), options, listener);
        try {
            endpoint.ask().join();
            return endpoint;
        } catch (CompletionException e) {
            endpoint.close();
            throw e.getCause() instanceof FragmentException f ? f : new FragmentException(e.getCause().toString(), e);
        }
    }

    @Override
    public String url() {
        return name;
    }

    /** This: a group of patterns is one query here. */
    @Override
    public Optional<GroupEndpoint> groups() {
        return Optional.of(this);
    }

    @Override
    public boolean usesBrtpf() {
        return true;
    }

    @Override
    public int maxBindingsPerRequest() {
        return BINDINGS;
    }

    @Override
    public Optional<Map<Node, Long>> predicates() {
        return Optional.empty();
    }

    /**
     * A {@code COUNT} query: a source selection that asks no matches. An endpoint that refuses it
     * (a 400 or 406) is asked for one page more than a page instead: the count where there are fewer
     * matches, a lower bound where there are more.
     */
    @Override
    public CompletableFuture<Long> count(Triple pattern) {
        SparqlText text = new SparqlText(List.of(pattern));
        String rows = text.select(List.of(), " LIMIT " + (PAGE_SIZE + 1));
        if (countsByRows) {
            return select(rows).thenApply(SparqlEndpointSource::rows);
        }
        return select(text.count()).thenApply(this::number).exceptionallyCompose(e -> {
            if (!refused(e)) {
                return CompletableFuture.failedFuture(e);
            }
            countsByRows = true;
            return select(rows).thenApply(SparqlEndpointSource::rows);
        });
    }

    private static long rows(ResultSet results) {
        long n = 0;
        for (; results.hasNext(); results.next()) {
            n++;
        }
        return n;
    }

    /** The first page with the pattern's count (a second request, sent at the same time). */
    @Override
    public CompletableFuture<Fetched> firstPage(Triple pattern) {
        return firstPage(pattern, List.of()).thenCombine(count(pattern), (page, n) -> new Fetched(page.request(),
                new Page(page.page().url(), page.page().data(), OptionalLong.of(n), page.page().next(),
                        Controls.NONE, 0)));
    }

    @Override
    public CompletableFuture<Fetched> firstPage(Triple pattern, List<Binding> keys) {
        if (selectPages) {
            return selectPage(select(pattern, keys));
        }
        return page(construct(pattern, keys, 0)).exceptionallyCompose(e -> {
            if (!refused(e)) {
                return CompletableFuture.failedFuture(e);
            }
            selectPages = true;
            return selectPage(select(pattern, keys));
        });
    }

    /** The next page: its form is what the page before kept as its "next". */
    @Override
    public CompletableFuture<Fetched> next(Fetched fetched) {
        FragmentRequest request = new FragmentRequest(endpoint, fetched.page().next().orElseThrow());
        return query(request.form()).startsWith("SELECT") ? selectPage(request) : page(request);
    }

    @Override
    public ClientOptions options() {
        return options;
    }

    @Override
    public ClientStats stats() {
        return stats;
    }

    @Override
    public void forgetPages() {
        // Nothing is remembered.
    }

    @Override
    public void close() {
        // The JDK's client lets its threads end when it is no longer used.
    }

    /**
     * The request for the matches of {@code pattern} that agree with one of {@code keys}, from the
     * {@code offset}th distinct solution on; its page knows the form of the page after it.
     */
    private FragmentRequest construct(Triple pattern, List<Binding> keys, long offset) {
        SparqlText text = new SparqlText(List.of(pattern));
        return new FragmentRequest(endpoint, form("CONSTRUCT { " + text.patterns() + "} WHERE { { "
                + text.selectDistinct(keys, " LIMIT " + PAGE_SIZE + " OFFSET " + offset) + " } }"));
    }

    /**
     * The first page of the matches of {@code pattern} as a SELECT, for an endpoint that refuses
     * CONSTRUCT: of the pattern's variables, DISTINCT unless the endpoint refused that too.
     */
    private FragmentRequest select(Triple pattern, List<Binding> keys) {
        SparqlText text = new SparqlText(List.of(pattern));
        // The space after the offset ends it, for nextForm.
        String modifiers = " LIMIT " + PAGE_SIZE + " OFFSET 0 ";
        return new FragmentRequest(endpoint, form(plainSelect ? text.select(keys, modifiers)
                : text.selectDistinct(keys, modifiers)));
    }

    /** One page of a SELECT of a pattern's variables, as the pattern's triples; the form of the next page where it is full. */
    private CompletableFuture<Fetched> selectPage(FragmentRequest request) {
        String query = query(request.form());
        return select(query).handle((results, failure) -> {
            if (failure == null) {
                return CompletableFuture.completedFuture(triples(request, query, results));
            }
            if (refused(failure) && query.startsWith("SELECT DISTINCT")) {
                plainSelect = true;
                String plain = "SELECT * " + query.substring(query.indexOf(" WHERE "));
                return selectPage(new FragmentRequest(endpoint, form(plain)));
            }
            return CompletableFuture.<Fetched>failedFuture(failure);
        }).thenCompose(page -> page);
    }

    /** The triples of the pattern that {@code query} selects, one per solution. */
    private Fetched triples(FragmentRequest request, String query, ResultSet results) {
        Triple pattern = SparqlText.patternOf(query);
        List<Triple> triples = new ArrayList<>();
        while (results.hasNext()) {
            Binding solution = SourceTerms.checked(results.nextBinding(), name);
            Triple triple = Substitute.substitute(pattern, solution);
            if (triple.isConcrete()) {
                triples.add(triple);
            }
        }
        Optional<String> next = triples.size() < PAGE_SIZE ? Optional.empty() : Optional.of(nextForm(request.form()));
        return new Fetched(request, new Page(endpoint, triples, OptionalLong.empty(), next, Controls.NONE, 0));
    }

    private static String query(String form) {
        return URLDecoder.decode(form.substring("query=".length()), StandardCharsets.UTF_8);
    }

    private static String form(String query) {
        return "query=" + URLEncoder.encode(query, StandardCharsets.UTF_8);
    }

    /**
     * The solutions of the basic graph pattern {@code patterns}, joined at the endpoint, in pages
     * of {@value #PAGE_SIZE}: one query per page.
     */
    @Override
    public CompletableFuture<SolutionsPage> solutionsPage(List<Triple> patterns, List<Binding> keys) {
        return solutionsPage(new SparqlText(patterns), keys, 0);
    }

    private CompletableFuture<SolutionsPage> solutionsPage(SparqlText text, List<Binding> keys, long offset) {
        return select(text.select(keys, " LIMIT " + PAGE_SIZE + " OFFSET " + offset)).thenApply(results -> {
            List<Binding> page = new ArrayList<>();
            while (results.hasNext()) {
                page.add(text.original(SourceTerms.checked(results.nextBinding(), name)));
            }
            return new SolutionsPage(page, page.size() < PAGE_SIZE ? null
                    : () -> solutionsPage(text, keys, offset + PAGE_SIZE));
        });
    }

    /** One page of a CONSTRUCT: the triples, and the form of the next page where this one is full. */
    private CompletableFuture<Fetched> page(FragmentRequest request) {
        return send(request, "application/n-triples").thenApply(body -> {
            List<Triple> triples = new ArrayList<>();
            try {
                RDFParser.create().source(new ByteArrayInputStream(body)).lang(Lang.NTRIPLES)
                        .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging)
                        .parse(new StreamRDFBase() {
                            @Override
                            public void triple(Triple triple) {
                                triples.add(SourceTerms.checked(triple, name));
                            }
                        });
            } catch (FragmentException e) {
                throw e;
            } catch (RuntimeException e) {
                throw new FragmentException(name + " sent a CONSTRUCT answer the client refuses (not N-Triples, or a term no IRI may be): " + e.getMessage(), e);
            }
            listener.pageReceived(request, 200, body.length, triples.size(), 0);
            Optional<String> next = triples.size() < PAGE_SIZE ? Optional.empty() : Optional.of(nextForm(request.form()));
            return new Fetched(request, new Page(endpoint, triples, OptionalLong.empty(), next, Controls.NONE, 0));
        });
    }

    /** The form of the page after the one {@code form} asks for: the same query, {@value #PAGE_SIZE} further. */
    private static String nextForm(String form) {
        String query = URLDecoder.decode(form.substring("query=".length()), StandardCharsets.UTF_8);
        int at = query.lastIndexOf(" OFFSET ");
        int end = query.indexOf(' ', at + " OFFSET ".length());
        long offset = Long.parseLong(query.substring(at + " OFFSET ".length(), end));
        return form(query.substring(0, at) + " OFFSET " + (offset + PAGE_SIZE) + query.substring(end));
    }

    /**
     * {@code ASK {}}: an endpoint answers it with SPARQL results (true). One that refuses ASK (a
     * 400 or 406) is asked {@code SELECT * WHERE { }} instead, which every endpoint that runs a basic
     * graph pattern runs.
     */
    private CompletableFuture<Boolean> ask() {
        FragmentRequest request = new FragmentRequest(endpoint, form("ASK {}"));
        return send(request, "application/sparql-results+json").thenApply(body -> {
            listener.pageReceived(request, 200, body.length, 0, 0);
            try {
                return ResultSetMgr.readBoolean(new ByteArrayInputStream(body), ResultSetLang.RS_JSON);
            } catch (RuntimeException e) {
                throw new FragmentException(name + " is not a SPARQL endpoint: it did not answer ASK {} with SPARQL "
                        + "results (" + e.getMessage() + ")", e);
            }
        }).exceptionallyCompose(e -> refused(e) ? select("SELECT * WHERE { }").thenApply(ResultSet::hasNext)
                : CompletableFuture.failedFuture(e));
    }

    /**
     * True when {@code failure} is the endpoint's 400, a query it does not run, or 406, an answer
     * it cannot write (a CONSTRUCT's triples): another form may do.
     */
    private static boolean refused(Throwable failure) {
        Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
        return cause instanceof FragmentException f && (f.status() == 400 || f.status() == 406);
    }

    private CompletableFuture<ResultSet> select(String query) {
        FragmentRequest request = new FragmentRequest(endpoint, form(query));
        return send(request, "application/sparql-results+json").thenApply(body -> {
            listener.pageReceived(request, 200, body.length, 0, 0);
            try {
                return ResultSetMgr.read(new ByteArrayInputStream(body), ResultSetLang.RS_JSON);
            } catch (RuntimeException e) {
                throw new FragmentException(name + " did not answer SPARQL results: " + e.getMessage(), e);
            }
        });
    }

    /** The {@code ?count} of a COUNT query's one row: a non-negative integer, or a clear error naming the endpoint. */
    private long number(ResultSet results) {
        if (!results.hasNext()) {
            return 0;
        }
        QuerySolution row = results.next();
        RDFNode count = row.get("count");
        if (count == null || !count.isLiteral()) {
            throw new FragmentException(name + " answered a COUNT with " + (count == null ? "no count" : "the non-number "
                    + abbreviate(count.toString())));
        }
        try {
            long n = Long.parseLong(count.asLiteral().getLexicalForm().trim());
            if (n >= 0) {
                return n;
            }
        } catch (NumberFormatException e) {
            // said below
        }
        throw new FragmentException(name + " answered a COUNT with " + abbreviate(count.asLiteral().getLexicalForm())
                + ", not a count");
    }

    private static String abbreviate(String text) {
        return text.length() > 60 ? "'" + text.substring(0, 57) + "...'" : "'" + text + "'";
    }

    private CompletableFuture<byte[]> send(FragmentRequest request, String accept) {
        listener.requestSent(request);
        HttpRequest http = HttpRequest.newBuilder(URI.create(endpoint)).timeout(options.http().requestTimeout())
                .header("Accept", accept).header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(request.form())).build();
        long sent = System.nanoTime();
        // The body is read apart from the client's threads, within the request's timeout and size (BoundedBody).
        return this.http.sendAsync(http, HttpResponse.BodyHandlers.ofInputStream()).handleAsync((response, failure) -> {
            if (failure != null) {
                Throwable cause = failure instanceof CompletionException ? failure.getCause() : failure;
                String why = cause instanceof ConnectException ? "cannot connect" : cause instanceof HttpTimeoutException
                        ? "no answer within " + options.http().requestTimeout().toSeconds() + " s" : cause.toString();
                throw new FragmentException("SPARQL endpoint " + endpoint + ": " + why, cause);
            }
            byte[] bytes;
            try {
                bytes = BoundedBody.readAll(response, name, options.http(), sent);
            } catch (IOException e) {
                throw new FragmentException("SPARQL endpoint " + endpoint + ": its answer broke off (" + e + ")", e);
            }
            if (response.statusCode() != 200) {
                String body = new String(bytes, StandardCharsets.UTF_8).lines().findFirst().orElse("");
                throw new FragmentException("SPARQL endpoint " + endpoint + " answered " + response.statusCode()
                        + (body.isBlank() ? "" : ": " + (body.length() > 200 ? body.substring(0, 200) + "…" : body)),
                        response.statusCode());
            }
            return bytes;
        });
    }
}
