package dev.ldf.server.http;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.apache.commons.codec.digest.DigestUtils;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.eclipse.jetty.ee10.servlet.ServletContextRequest;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.Limits;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.Tokens;
import dev.ldf.server.fragment.BadRequestException;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.preemption.InvalidTokenException;
import dev.ldf.server.preemption.PreemptableDataset;
import dev.ldf.server.preemption.PreemptableQuery;
import dev.ldf.server.preemption.PreemptiveEngine;
import dev.ldf.server.preemption.QuantumSlots;
import dev.ldf.server.preemption.ResultsFormat;
import dev.ldf.server.preemption.ResultsWriter;
import dev.ldf.server.preemption.TokenSigner;
import dev.ldf.server.preemption.UnsupportedQueryException;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;

/**
 * A dataset's preemptive SPARQL endpoint ({@code /name/sparql}): runs a query for one quantum and
 * answers with the solutions found and, unless the query is complete, a signed continuation token
 * ({@code next} in JSON, and the {@value #NEXT_HEADER} header in every format) that the client
 * sends back with the same query to continue. Quanta run in a bounded number of places
 * ({@link QuantumSlots}); a full server answers 503 with {@code Retry-After}.
 */
final class PreemptiveEndpoint {

    private static final Logger LOG = LoggerFactory.getLogger(PreemptiveEndpoint.class);

    static final String NAME = "sparql";
    /** OPTIONS is answered by {@link PublicCorsHandler}. */
    static final String METHODS = "GET, POST, OPTIONS";
    static final String NEXT_HEADER = "Next-Token";
    private static final List<ResultsFormat> FORMATS = List.of(ResultsFormat.values());

    /** One dataset's endpoint: its data and its settings. */
    record Target(String dataset, PreemptableDataset data, Preemption settings) {}

    /** What a quantum did, and on which state of the dataset. */
    private record Ran(PreemptiveEngine.Outcome outcome, long base, long version) {}

    private final TokenSigner signer;
    private final QuantumSlots slots;
    private final int firstQuantumMillis;
    private final int contendedQuantumMillis;
    private final int maxBodyBytes;
    private final int retryAfterSeconds;
    private final String baseUrl;

    /** {@code baseUrl}: the configured public URL (or null), which Skolem IRIs begin with. */
    PreemptiveEndpoint(TokenSigner signer, QuantumSlots slots, Limits limits, int maxBodyBytes, String baseUrl) {
        this.firstQuantumMillis = limits.firstQuantumMillis();
        this.contendedQuantumMillis = limits.contendedQuantumMillis();
        this.baseUrl = baseUrl;
        this.signer = signer;
        this.slots = slots;
        this.maxBodyBytes = maxBodyBytes;
        this.retryAfterSeconds = limits.retryAfterSeconds();
    }

    /** The signer of the configured keys, or of a random key that lives as long as this process. */
    static TokenSigner signer(Tokens tokens) {
        List<TokenSigner.Key> keys = new ArrayList<>();
        for (Tokens.Key key : tokens.keys()) {
            keys.add(new TokenSigner.Key(key.id(), key.secret().getBytes(StandardCharsets.UTF_8)));
        }
        if (keys.isEmpty()) {
            SecureRandom random = new SecureRandom();
            byte[] secret = new byte[32];
            random.nextBytes(secret);
            // An id of its own: a token from before a restart names a key this server does not have.
            keys.add(new TokenSigner.Key(String.format("random-%08x", random.nextInt()), secret));
            LOG.info("Continuation tokens are signed with a random key: they do not survive a restart and replicas "
                    + "cannot resume each other's; configure tokens.keys for that");
        }
        return new TokenSigner(keys, Duration.ofSeconds(tokens.lifetimeSeconds()), Clock.systemUTC());
    }

    /** A file's version as the number tokens carry: the first bytes of its digest. */
    static long number(String datasetVersion) {
        byte[] digest = DigestUtils.sha256(datasetVersion);
        long value = 0;
        for (int i = 0; i < 7; i++) {
            value = value << 8 | (digest[i] & 0xFF);
        }
        return value;
    }

    void answer(HttpServletRequest request, HttpServletResponse response, Target target) throws IOException {
        long queued = queuedNanos(request);
        String method = request.getMethod();
        if (!METHODS.contains(method)) {
            response.setHeader("Allow", METHODS);
            throw new HttpError(405, "Method " + method + " is not allowed here; use " + METHODS + ".");
        }
        ResultsFormat format = ContentNegotiation.choose(request.getHeader("Accept"), FORMATS, ResultsFormat::mediaTypes);
        if (format == null) {
            throw new HttpError(406, "None of the results formats of this endpoint is acceptable: "
                    + String.join(", ", FORMATS.stream().map(ResultsFormat::mediaType).toList()) + ".");
        }
        SparqlParameters parameters = SparqlParameters.read(request, maxBodyBytes);
        // Blank nodes travel as the same Skolem IRIs as in fragments, so that clients can mix both.
        Skolemizer skolemizer = new Skolemizer(PublicUrls.of(request, baseUrl).genidPrefix(target.dataset()));
        long received = System.nanoTime();
        PreemptableQuery query = parse(parameters.query(), skolemizer);
        long parsed = System.nanoTime();
        TokenSigner.Binding binding = TokenSigner.Binding.of(target.dataset(), parameters.query());
        TokenSigner.Resumption resumed = null;
        if (parameters.next() != null) {
            try {
                resumed = signer.verify(binding, parameters.next());
            } catch (InvalidTokenException e) {
                throw HttpError.badRequest(e.getMessage());
            }
        }
        TokenSigner.Resumption token = resumed;
        long verified = System.nanoTime();
        List<Binding> solutions = new ArrayList<>();
        long arrived = System.nanoTime();
        QuantumSlots.Place place = enter(response, resumed != null);
        long begin = System.nanoTime();
        int quantumMillis = place == QuantumSlots.Place.FIRST_QUANTUM
                ? Math.min(firstQuantumMillis, target.settings().quantumMillis())
                : target.settings().quantumMillis();
        Ran quantum;
        try {
            quantum = target.data().read(data -> new Ran(run(target, data, query,
                    token == null ? null : resumable(token, data, query, response), quantumMillis, solutions, skolemizer),
                    data.base(), data.version()));
        } finally {
            slots.leave(place);
        }
        PreemptiveEngine.Outcome outcome = quantum.outcome();
        long ran = System.nanoTime() - begin;
        long signing = System.nanoTime();
        String next = outcome.complete() ? null
                : signer.sign(binding, new TokenSigner.Resumption(quantum.base(), quantum.version(), outcome.next()));
        signing = System.nanoTime() - signing;
        // Resuming covers checking the token; suspending, signing it. Parsing is every request's cost.
        ResultsWriter.Stats stats = new ResultsWriter.Stats(outcome.solutions(), outcome.rows(), (parsed - received) / 1e6,
                (queued + begin - arrived) / 1e6, (verified - parsed + outcome.resumeNanos()) / 1e6,
                (ran - outcome.resumeNanos() - outcome.suspendNanos()) / 1e6, (outcome.suspendNanos() + signing) / 1e6);
        response.setStatus(200);
        response.setContentType(format.contentType());
        // A quantum's page depends on timing: no cache may keep or reuse it.
        response.setHeader("Cache-Control", "no-store");
        response.setHeader("Vary", "Accept");
        response.setHeader("Server-Timing", String.format(Locale.ROOT, "parse;dur=%.3f, wait;dur=%.3f, resume;dur=%.3f, run;dur=%.3f, suspend;dur=%.3f",
                stats.parseMillis(), stats.waitMillis(), stats.resumeMillis(), stats.runMillis(), stats.suspendMillis()));
        if (next != null) {
            response.setHeader(NEXT_HEADER, next);
        }
        try (OutputStream out = response.getOutputStream()) {
            ResultsWriter.write(format, query.projection(), solutions, next, stats, out);
        }
    }

    /**
     * How long the request waited before it reached this servlet: in Jetty's queue for one of
     * the server's places ({@code limits.maxConcurrentRequests}), under load most of a client's
     * wait.
     */
    private static long queuedNanos(HttpServletRequest request) {
        ServletContextRequest servlet = ServletContextRequest.getServletContextRequest(request);
        return servlet == null ? 0 : Math.max(0, System.nanoTime() - servlet.getHeadersNanoTime());
    }

    /** Takes a place to run a quantum, or refuses the request with a 503 and a time to come back. */
    private QuantumSlots.Place enter(HttpServletResponse response, boolean resumes) {
        QuantumSlots.Place place;
        try {
            place = slots.enter(resumes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            place = null;
        }
        if (place == null) {
            response.setHeader("Retry-After", Integer.toString(retryAfterSeconds));
            throw new HttpError(503, "Every place for running queries is taken; retry after " + retryAfterSeconds + " s.");
        }
        return place;
    }

    /**
     * The saved plan of {@code token} if the dataset as it stands can resume it: on the same base,
     * at the token's version or at a later one whose changes touched none of the query's patterns.
     */
    private static byte[] resumable(TokenSigner.Resumption token, PreemptableDataset.State data, PreemptableQuery query,
            HttpServletResponse response) {
        if (token.base() != data.base()) {
            throw new HttpError(409, "The dataset was rebuilt since the continuation token was issued: start the "
                    + "query again.");
        }
        if (token.version() > data.version()) {
            // A replica behind the one that ran the last quantum: another (or this one, soon) can go on.
            response.setHeader("Retry-After", "1");
            throw new HttpError(503, "This server has not yet applied version " + token.version()
                    + " of the dataset, which the continuation token comes from; retry shortly.");
        }
        if (token.version() < data.version() && data.changedSince(token.version(), query.patterns())) {
            throw new HttpError(409, "The dataset has changed since the continuation token was issued (version "
                    + token.version() + ", now " + data.version() + ") in data this query reads: start the query again.");
        }
        return token.state();
    }

    private PreemptiveEngine.Outcome run(Target target, PreemptableDataset.State data, PreemptableQuery query,
            byte[] state, int quantumMillis, List<Binding> solutions, Skolemizer skolemizer) {
        try {
            return new PreemptiveEngine(data.scans()).run(query, state, quantumMillis * 1_000_000L,
                    contendedQuantumMillis * 1_000_000L, () -> slots.contended() || data.changesWaiting(),
                    target.settings().maxResults(), b -> solutions.add(skolemized(b, skolemizer)));
        } catch (InvalidTokenException e) {
            throw HttpError.badRequest(e.getMessage());
        }
    }

    private static Binding skolemized(Binding binding, Skolemizer skolemizer) {
        BindingBuilder builder = BindingBuilder.create();
        binding.forEach((v, node) -> builder.add(v, skolemizer.skolemize(node)));
        return builder.build();
    }

    private static PreemptableQuery parse(String text, Skolemizer skolemizer) {
        try {
            return PreemptableQuery.parse(text, skolemizer::deskolemize);
        } catch (QueryParseException e) {
            String message = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            throw HttpError.badRequest("The query is not SPARQL 1.1: "
                    + (message.length() > 200 ? message.substring(0, 200) + "..." : message));
        } catch (UnsupportedQueryException | BadRequestException e) {
            throw HttpError.badRequest(e.getMessage());
        }
    }
}
