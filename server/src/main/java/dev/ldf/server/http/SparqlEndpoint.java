package dev.ldf.server.http;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;

import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import org.apache.jena.graph.Node;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.cli.AcceptHeader;
import dev.ldf.cli.page.QueryPage;
import dev.ldf.server.config.Tokens;
import dev.ldf.server.failure.ClientError;
import dev.ldf.server.fragment.PredicateCount;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.monitor.RequestLabels;
import dev.ldf.server.preemption.CompleteAnswer;
import dev.ldf.server.preemption.QuantumRunner;
import dev.ldf.server.preemption.ResultsFormat;
import dev.ldf.server.preemption.TokenSigner;
import dev.ldf.server.rdf.HtmlQueryPage;
import dev.ldf.server.rdf.OutputFormat;

/**
 * {@code /{dataset}/sparql}, a dataset's preemptive SPARQL endpoint. A client that reads
 * continuations (it sends {@code Prefer: continuation}, or a token) gets one quantum's solutions
 * ({@link QuantumRunner}) and, unless the query is complete, a signed continuation token
 * ({@code next} in JSON, and the {@value #NEXT_HEADER} header in every format) that it sends back
 * with the same query to continue. Any other client, as standard SPARQL clients are, gets the
 * complete answer in one response, run quantum after quantum within the dataset's budget
 * ({@link CompleteAnswer}); a query that outruns it ends in a cut connection, never in a shorter
 * answer that looks whole. The query page for people goes a quantum at a time. Errors are plain text.
 */
final class SparqlEndpoint extends Endpoint {
    private static final long serialVersionUID = 1L;
    private static final Logger LOG = LoggerFactory.getLogger(SparqlEndpoint.class);

    static final String NAME = "sparql";
    /** OPTIONS is answered by {@link PublicCorsHandler}. */
    static final String METHODS = "GET, POST, OPTIONS";
    static final String NEXT_HEADER = "Next-Token";
    /** What a client may ask for: a results format, or (format null) the query page for people. */
    private record Offer(ResultsFormat format, List<String> mediaTypes) {}

    /** The results formats first, so that {@code *}{@code /*} gets JSON; a browser names HTML. */
    private static final List<Offer> OFFERS = Stream.concat(
            Arrays.stream(ResultsFormat.values()).map(f -> new Offer(f, f.mediaTypes())),
            Stream.of(new Offer(null, List.of("text/html", "application/xhtml+xml")))).toList();

    private final transient QuantumRunner runner;

    SparqlEndpoint(Site site, HostedDataset dataset, QuantumRunner runner) {
        super(site, dataset, RequestLabels.Api.SPARQL, Errors.PLAIN);
        this.runner = runner;
    }

    /** The signer of the configured keys, or of a random key that lives as long as this process. */
    static TokenSigner signer(Tokens tokens) {
        List<TokenSigner.Key> keys = new ArrayList<>();
        for (Tokens.Key key : tokens.keys()) {
            keys.add(new TokenSigner.Key(key.id(), key.secret().getBytes(StandardCharsets.UTF_8)));
        }
        if (keys.isEmpty()) {
            LOG.info("Continuation tokens are signed with a random key: they do not survive a restart and replicas "
                    + "cannot resume each other's; configure tokens.keys for that");
        }
        return QuantumRunner.signer(keys, Duration.ofSeconds(tokens.lifetimeSeconds()));
    }

    @Override
    protected void answer(HttpServletRequest request, HttpServletResponse response) throws IOException {
        long queued = queuedNanos(request);
        allow(request, response, METHODS);
        String named = SparqlParameters.formatInUrl(request);
        Offer offer = named != null ? named(named) : AcceptHeader.choose(request.getHeader("Accept"), OFFERS,
                Offer::mediaTypes);
        if (offer == null) {
            throw new HttpError(406, "None of the formats of this endpoint is acceptable: " + String.join(", ",
                    OFFERS.stream().map(o -> o.mediaTypes().get(0)).toList()) + ".");
        }
        // A quantum's page depends on timing: no cache may keep or reuse it.
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Vary", "Accept, Prefer");
        if (offer.format() == null) {
            queryPage(request, response, queued);
            return;
        }
        SparqlParameters parameters = SparqlParameters.read(request, site.config().maxRequestBodyBytes());
        QueryTimings timings = new QueryTimings(queued);
        if (parameters.continuation()) {
            SparqlAnswers.quantum(response, offer.format(), runner.run(runRequest(request, parameters), timings), timings);
        } else {
            SparqlAnswers.complete(response, offer.format(), new CompleteAnswer(runner, runRequest(request, parameters),
                    dataset.config().preemption().budgetMillis() * 1_000_000L, timings), timings);
        }
    }

    /** The format a URL names ({@code format=csv}, as Fuseki takes it: a download link cannot set Accept). */
    private static Offer named(String name) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        for (ResultsFormat format : ResultsFormat.values()) {
            if (format.name().toLowerCase(Locale.ROOT).equals(wanted) || format.mediaTypes().contains(wanted)) {
                return new Offer(format, format.mediaTypes());
            }
        }
        throw new HttpError(400, "The parameter format must be one of " + String.join(", ", Arrays.stream(
                ResultsFormat.values()).map(f -> f.name().toLowerCase(Locale.ROOT)).toList()) + ", not " + name + ".");
    }

    /**
     * The page for people: the form alone when no query came; else the form with the query and
     * one quantum's solutions, or with why the query was refused (in the page, with its status).
     */
    private void queryPage(HttpServletRequest request, HttpServletResponse response, long queued) throws IOException {
        PublicUrls urls = site.urls(request);
        HtmlQueryPage.Context context = new HtmlQueryPage.Context(urls.index(), site.config().title(),
                dataset.served().describe(urls), urls.genidPrefix(dataset.name()));
        Headers.representation(response, OutputFormat.HTML);
        // The page's own script may run, and ask this origin.
        response.setHeader("Content-Security-Policy", QueryPage.POLICY);
        if (SparqlParameters.noQuery(request)) {
            response.setStatus(200);
            List<Node> predicates = dataset.served().source().predicates(HtmlQueryPage.EXAMPLE_PREDICATES).stream()
                    .map(PredicateCount::predicate).toList();
            Representations.writeWhole(response, out -> HtmlQueryPage.form(context, predicates, out));
            return;
        }
        String query = SparqlParameters.queryInUrl(request);
        HtmlQueryPage.Quantum quantum;
        try {
            SparqlParameters parameters = SparqlParameters.read(request, site.config().maxRequestBodyBytes());
            query = parameters.query();
            QueryTimings timings = new QueryTimings(queued);
            QuantumRunner.Result result = runner.run(runRequest(request, parameters), timings);
            timings.header(response);
            quantum = new HtmlQueryPage.Quantum(result.query().projection(), SparqlAnswers.solutions(result),
                    result.next(), timings.runMillis(), SparqlParameters.countInUrl(request, "part", 1),
                    SparqlParameters.countInUrl(request, "before", 0));
        } catch (RuntimeException e) {
            if (!(e instanceof ClientError refused) || refused.closesConnection() || refused.status() == 405) {
                throw e;
            }
            if (refused.retryAfterSeconds() >= 0) {
                response.setHeader("Retry-After", Integer.toString(refused.retryAfterSeconds()));
            }
            response.setStatus(refused.status());
            String shown = query;
            Representations.writeWhole(response, out -> HtmlQueryPage.error(context, shown, refused.message(), out));
            return;
        }
        response.setStatus(200);
        String shown = query;
        Representations.writeWhole(response, out -> HtmlQueryPage.results(context, shown, quantum, out));
    }

    /** The request to the runner: blank nodes travel as the same Skolem IRIs as in fragments, so that clients can mix both. */
    private QuantumRunner.Request runRequest(HttpServletRequest request, SparqlParameters parameters) {
        Skolemizer skolemizer = new Skolemizer(site.urls(request).genidPrefix(dataset.name()));
        return new QuantumRunner.Request(dataset.name(), dataset.preemptable(), parameters.query(), parameters.next(),
                dataset.config().preemption().quantumMillis(), dataset.config().preemption().maxResults(),
                skolemizer::deskolemize, b -> skolemized(b, skolemizer));
    }

    /**
     * How long the request waited before it reached this servlet: in Jetty's queue for one of
     * the server's places ({@code limits.maxConcurrentRequests}).
     */
    private static long queuedNanos(HttpServletRequest request) {
        ServletContextRequest servlet = JettyRequests.of(request);
        return servlet == null ? 0 : Math.max(0, System.nanoTime() - servlet.getHeadersNanoTime());
    }

    private static Binding skolemized(Binding binding, Skolemizer skolemizer) {
        BindingBuilder builder = BindingBuilder.create();
        binding.forEach((v, node) -> builder.add(v, skolemizer.skolemize(node)));
        return builder.build();
    }
}
