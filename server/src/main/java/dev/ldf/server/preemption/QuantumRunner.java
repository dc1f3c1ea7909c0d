package dev.ldf.server.preemption;

import java.nio.charset.StandardCharsets;
import java.security.SecureRandom;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.function.UnaryOperator;

import org.apache.commons.codec.digest.DigestUtils;
import org.apache.jena.graph.Node;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.sparql.engine.binding.Binding;

import com.github.benmanes.caffeine.cache.Ticker;

import dev.ldf.server.syntax.SparqlTermScan;

/**
 * Runs one request of a preemptive query: parses it, checks its continuation token against the
 * query and the dataset, takes one of the {@link QuantumPlaces}, runs the engine for a quantum and
 * signs the token of what remains. Where the request's time went it reports, step by step, to a
 * {@link Listener}, as OkHttp's {@code EventListener} does for a call.
 */
public final class QuantumRunner {

    /** Where a quantum's time goes; each step is reported once a quantum, in this order. */
    public interface Listener {
        default void parsed(long nanos) {
        }

        /** Waiting for a place to run. */
        default void waited(long nanos) {
        }

        /** Checking the token and restoring the saved plan. */
        default void resumed(long nanos) {
        }

        default void ran(long nanos) {
        }

        /** Saving the plan and signing the token. */
        default void suspended(long nanos) {
        }
    }

    /**
     * One request: its dataset's name and data, the query as sent, the token it resumes (or null),
     * the quantum and the most solutions it may give, how Skolem IRIs in the query become blank
     * nodes and the solutions' blank nodes become Skolem IRIs.
     */
    public record Request(String dataset, PreemptableDataset data, String query, String token, int quantumMillis,
            int maxResults, UnaryOperator<Node> termsIn, UnaryOperator<Binding> solutionsOut) {}

    /**
     * What a quantum gave: the query's projection, its solutions, the rows its scans read and,
     * unless the query is complete, where it stopped: {@code saved}, and {@code next}, that signed
     * as a token (null for a quantum that {@link #resume} ran in this process).
     */
    public record Result(PreemptableQuery query, List<Binding> solutions, long rows, String next,
            TokenSigner.Resumption saved) {
        public boolean complete() {
            return saved == null;
        }
    }

    private final TokenSigner signer;
    private final QuantumPlaces places;
    private final int firstQuantumMillis;
    private final int contendedQuantumMillis;
    private final int retryAfterSeconds;
    private final Ticker ticker;

    public QuantumRunner(TokenSigner signer, QuantumPlaces places, int firstQuantumMillis, int contendedQuantumMillis,
            int retryAfterSeconds) {
        this(signer, places, firstQuantumMillis, contendedQuantumMillis, retryAfterSeconds, Ticker.systemTicker());
    }

    /** A runner whose quanta, and the times it reports, run on {@code ticker}'s time. */
    QuantumRunner(TokenSigner signer, QuantumPlaces places, int firstQuantumMillis, int contendedQuantumMillis,
            int retryAfterSeconds, Ticker ticker) {
        this.ticker = ticker;
        this.signer = signer;
        this.places = places;
        this.firstQuantumMillis = firstQuantumMillis;
        this.contendedQuantumMillis = contendedQuantumMillis;
        this.retryAfterSeconds = retryAfterSeconds;
    }

    /** A signer of {@code keys} (id and secret), or of a random key that lives as long as this process when there are none. */
    public static TokenSigner signer(List<TokenSigner.Key> keys, Duration lifetime) {
        List<TokenSigner.Key> signing = new ArrayList<>(keys);
        if (signing.isEmpty()) {
            SecureRandom random = new SecureRandom();
            byte[] secret = new byte[32];
            random.nextBytes(secret);
            // An id of its own: a token from before a restart names a key this server does not have.
            signing.add(new TokenSigner.Key(String.format("random-%08x", random.nextInt()), secret));
        }
        return new TokenSigner(signing, lifetime, Clock.systemUTC());
    }

    /** A file's version as the number tokens carry for its base: the first bytes of its digest. */
    public static long baseNumber(String fileVersion) {
        byte[] digest = DigestUtils.sha256(fileVersion.getBytes(StandardCharsets.UTF_8));
        long value = 0;
        for (int i = 0; i < 7; i++) {
            value = value << 8 | (digest[i] & 0xFF);
        }
        return value;
    }

    /** Runs the request's quantum; every refusal is a {@link dev.ldf.server.failure.ClientError}. */
    public Result run(Request request, Listener listener) {
        return run(request, request.quantumMillis() * 1_000_000L, listener);
    }

    /** As {@link #run(Request, Listener)}, with a quantum of at most {@code quantumNanos}. */
    Result run(Request request, long quantumNanos, Listener listener) {
        long start = ticker.read();
        PreemptableQuery query = parse(request.query(), request.termsIn());
        long parsed = ticker.read();
        listener.parsed(parsed - start);
        TokenSigner.Binding binding = TokenSigner.Binding.of(request.dataset(), request.query());
        TokenSigner.Resumption token = request.token() == null ? null : signer.verify(binding, request.token());
        return quantum(request, query, binding, token, ticker.read() - parsed, quantumNanos, listener);
    }

    /**
     * The next quantum of a query whose last quantum, {@code previous}, ran in this process for
     * the same request: the query is not parsed again, nor is a token signed or checked. The
     * request queues for a place as one that resumes a query.
     */
    Result resume(Request request, Result previous, long quantumNanos, Listener listener) {
        if (previous.complete()) {
            throw new IllegalStateException("The query is complete");
        }
        listener.parsed(0);
        return quantum(request, previous.query(), null, previous.saved(), 0, quantumNanos, listener);
    }

    /**
     * One quantum from {@code token} (null: the start), after {@code checkNanos} spent checking
     * it; the token of what remains is signed for {@code binding}, if there is one.
     */
    private Result quantum(Request request, PreemptableQuery query, TokenSigner.Binding binding,
            TokenSigner.Resumption token, long checkNanos, long quantumNanos, Listener listener) {
        long verified = ticker.read();
        QuantumPlaces.Place place = enter(token != null);
        long begin = ticker.read();
        listener.waited(begin - verified);
        long quantum = place == QuantumPlaces.Place.FIRST_QUANTUM
                ? Math.min(firstQuantumMillis * 1_000_000L, quantumNanos) : quantumNanos;
        List<Binding> solutions = new ArrayList<>();
        Ran ran;
        try {
            ran = request.data().read(data -> new Ran(new PreemptiveEngine(data.scans(), ticker).run(query,
                    token == null ? null : resumable(token, data, query), quantum, contendedQuantumMillis * 1_000_000L,
                    () -> places.contended() || data.changesWaiting(), request.maxResults(),
                    b -> solutions.add(request.solutionsOut().apply(b))), data.base(), data.version()));
        } finally {
            places.leave(place);
        }
        PreemptiveEngine.Outcome outcome = ran.outcome();
        long running = ticker.read() - begin;
        long signing = ticker.read();
        TokenSigner.Resumption saved = outcome.complete() ? null
                : new TokenSigner.Resumption(ran.base(), ran.version(), outcome.next());
        String next = saved == null || binding == null ? null : signer.sign(binding, saved);
        signing = ticker.read() - signing;
        listener.resumed(checkNanos + outcome.resumeNanos());
        listener.ran(running - outcome.resumeNanos() - outcome.suspendNanos());
        listener.suspended(outcome.suspendNanos() + signing);
        return new Result(query, solutions, outcome.rows(), next, saved);
    }

    /** What a quantum did, and on which state of the dataset. */
    private record Ran(PreemptiveEngine.Outcome outcome, long base, long version) {}

    /** Takes a place to run a quantum, or refuses the request with a 503 and a time to come back. */
    private QuantumPlaces.Place enter(boolean resumes) {
        QuantumPlaces.Place place;
        try {
            place = places.enter(resumes);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            place = null;
        }
        if (place == null) {
            throw new QueryRefusedException(503, "Every place for running queries is taken; retry after "
                    + retryAfterSeconds + " s.", retryAfterSeconds);
        }
        return place;
    }

    /**
     * The saved plan of {@code token} if the dataset as it stands can resume it: on the same base,
     * at the token's version or at a later one whose changes touched none of the query's patterns.
     */
    private static byte[] resumable(TokenSigner.Resumption token, PreemptableDataset.State data, PreemptableQuery query) {
        if (token.base() != data.base()) {
            throw new QueryRefusedException(409, "The dataset was rebuilt since the continuation token was issued: "
                    + "start the query again.");
        }
        if (token.version() > data.version()) {
            // A replica behind the one that ran the last quantum: another (or this one, soon) can go on.
            throw new QueryRefusedException(503, "This server has not yet applied version " + token.version()
                    + " of the dataset, which the continuation token comes from; retry shortly.", 1);
        }
        if (token.version() < data.version() && data.changedSince(token.version(), query.patterns())) {
            throw new QueryRefusedException(409, "The dataset has changed since the continuation token was issued "
                    + "(version " + token.version() + ", now " + data.version() + ") in data this query reads: start the "
                    + "query again.");
        }
        return token.state();
    }

    private static PreemptableQuery parse(String text, UnaryOperator<Node> terms) {
        String tooLong = SparqlTermScan.problem(text);
        if (tooLong != null) {
            throw new QueryRefusedException(400, "The query is refused: " + tooLong + ".");
        }
        try {
            return PreemptableQuery.parse(text, terms);
        } catch (QueryParseException e) {
            String message = e.getMessage() == null ? "" : e.getMessage().lines().findFirst().orElse("");
            throw new QueryRefusedException(400, "The query is not SPARQL 1.1: "
                    + (message.length() > 200 ? message.substring(0, 200) + "..." : message));
        }
    }
}
