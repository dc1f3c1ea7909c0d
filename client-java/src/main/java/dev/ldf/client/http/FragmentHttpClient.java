package dev.ldf.client.http;

import java.io.IOException;
import java.io.InputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.channels.UnresolvedAddressException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.atomic.AtomicInteger;

import dev.ldf.client.page.Page;
import dev.ldf.cli.Causes;

/**
 * Fetches fragment pages over HTTP/1.1 with keep-alive and gzip, at most
 * {@code maxInFlight} at a time, parsing each page as it streams in.
 *
 * <p>Connection errors, pages cut off in transfer, 5xx and 429 are retried with exponential
 * back-off, or after exactly the delay a {@code Retry-After} header asks for; other statuses fail
 * with the server's message. {@link #close()} stops the
 * worker threads.
 */
public final class FragmentHttpClient implements AutoCloseable {

    /** N-Quads first: it keeps metadata apart from data and parses fastest. */
    static final String ACCEPT = "application/n-quads,application/trig;q=0.9,text/turtle;q=0.6,"
            + "application/n-triples;q=0.5,application/ld+json;q=0.4,application/rdf+xml;q=0.3";

    /** What a preemptive endpoint is asked for: JSON, which Jena reads as it streams. */
    static final String RESULTS_ACCEPT = "application/sparql-results+json";

    /** The header of a preemptive endpoint's continuation token. */
    static final String NEXT_TOKEN = "Next-Token";

    /** The longest {@code Retry-After} the client waits for. */
    static final Duration MAX_RETRY_AFTER = Duration.ofSeconds(60);

    private final HttpClient http;
    private final ExecutorService workers;
    private final HttpOptions options;
    private final ClientListener listener;
    private final ResponseReaders readers;

    public FragmentHttpClient(HttpOptions options, ClientListener listener) {
        this.options = options;
        this.listener = listener;
        this.readers = new ResponseReaders(listener, options);
        AtomicInteger threads = new AtomicInteger();
        this.workers = Executors.newFixedThreadPool(options.maxInFlight(), r -> {
            Thread t = new Thread(r, "ldf-fetch-" + threads.incrementAndGet());
            t.setDaemon(true);
            return t;
        });
        this.http = HttpClient.newBuilder()
                .version(options.http2() ? HttpClient.Version.HTTP_2 : HttpClient.Version.HTTP_1_1)
                .connectTimeout(options.connectTimeout())
                .followRedirects(HttpClient.Redirect.NORMAL)
                .build();
    }

    public HttpOptions options() {
        return options;
    }

    /** Fetches and parses a page on one of the worker threads. */
    public CompletableFuture<Page> fetch(FragmentRequest request) {
        return CompletableFuture.supplyAsync(() -> fetchNow(request), workers);
    }

    /** Fetches and parses a page on the calling thread, retrying as configured. */
    public Page fetchNow(FragmentRequest request) {
        return exchange(request, ACCEPT, readers::page);
    }

    /**
     * Sends a query (a form POST with {@code query} and perhaps {@code next}) to a preemptive
     * endpoint and reads one quantum's solutions, retrying as configured. The request says
     * {@code Prefer: continuation}: one quantum, and a token for the next.
     */
    public ResultsPage fetchResults(FragmentRequest request) {
        return exchange(request, RESULTS_ACCEPT, readers::results);
    }

    /** {@link #fetchResults} on one of the client's threads. */
    public CompletableFuture<ResultsPage> fetchResultsAsync(FragmentRequest request) {
        return CompletableFuture.supplyAsync(() -> fetchResults(request), workers);
    }

    /** Reads a 200 response, sent at {@code sentNanos} ({@link System#nanoTime()}): its body is bounded from then on. */
    private interface Reader<T> {
        T read(FragmentRequest request, HttpResponse<InputStream> response, long sentNanos) throws IOException;
    }

    private <T> T exchange(FragmentRequest request, String accept, Reader<T> reader) {
        HttpRequest httpRequest = build(request, accept);
        Failure failure = null;
        for (int attempt = 0; attempt <= options.maxRetries(); attempt++) {
            if (attempt > 0) {
                listener.retrying(request, attempt, failure.status(), failure.reason());
                pause(request, attempt, failure);
            }
            listener.requestSent(request);
            try {
                long sent = System.nanoTime();
                HttpResponse<InputStream> response = http.send(httpRequest, HttpResponse.BodyHandlers.ofInputStream());
                int status = response.statusCode();
                if (status == 200) {
                    return reader.read(request, response, sent);
                }
                String message = ResponseBodies.errorMessage(response);
                if (status >= 500 || status == 429) {
                    failure = new Failure(status, status + " " + message,
                            RetryAfter.parse(response.headers().firstValue("Retry-After"), Instant.now()));
                    continue;
                }
                // A SPARQL endpoint named as a dataset refuses the RDF the client asks of a fragment.
                String hint = status == 406 && accept.equals(ACCEPT) && message.contains("application/sparql-results")
                        ? " (it answers SPARQL results: query it as sparql@" + request.url() + ")" : "";
                throw new FragmentException(describe(request) + " was answered with " + status + ": " + message + hint,
                        status);
            } catch (ConnectException e) {
                String host = httpRequest.uri().getHost();
                if (unknownHost(e)) {
                    // No retry helps: the name does not resolve.
                    throw new FragmentException("Cannot get " + describe(request) + ": the host " + host
                            + " is not known (no address for its name; is it spelt right?)", 0);
                }
                failure = new Failure(0, "cannot connect to " + host + " (" + (e.getMessage() == null
                        ? "connection refused: nothing listens on port " + port(httpRequest.uri()) : e.getMessage())
                        + ")", Optional.empty());
            } catch (IOException e) {
                failure = new Failure(0, e.getClass().getSimpleName() + (e.getMessage() == null ? "" : ": " + e.getMessage()),
                        Optional.empty());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new FragmentException("Interrupted while fetching " + request.url(), e);
            }
        }
        throw new FragmentException("Cannot get " + describe(request) + " after " + (options.maxRetries() + 1)
                + " attempts: " + failure.reason(), failure.status());
    }

    /** Whether a failed connection failed on the name: Java's client reports it as a ConnectException. */
    private static boolean unknownHost(Throwable e) {
        return Causes.find(e, t -> t instanceof UnknownHostException || t instanceof UnresolvedAddressException)
                .isPresent();
    }

    private static int port(URI uri) {
        return uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    /**
     * Why an attempt failed ({@code status} 0 when no answer came), and how long the server asked
     * the client to wait before the next.
     */
    private record Failure(int status, String reason, Optional<Duration> retryAfter) {}

    private HttpRequest build(FragmentRequest request, String accept) {
        URI uri;
        try {
            uri = URI.create(request.url());
        } catch (IllegalArgumentException e) {
            throw new FragmentException("Not a URL: " + request.url());
        }
        HttpRequest.Builder builder = HttpRequest.newBuilder(uri)
                .timeout(options.requestTimeout())
                .header("Accept", accept)
                .header("Accept-Encoding", "gzip");
        if (accept.equals(RESULTS_ACCEPT)) {
            // One quantum per request, with a token for the next: the endpoint answers a client that
            // does not say so with the complete answer instead.
            builder.header("Prefer", "continuation");
        }
        if (request.isPost()) {
            builder.header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(request.form(), StandardCharsets.UTF_8));
        } else {
            builder.GET();
        }
        return builder.build();
    }

    /**
     * Waits before a retry: exponential back-off with jitter, or exactly what the server asked
     * for in {@code Retry-After}. A server that asks for more than {@link #MAX_RETRY_AFTER} is
     * unavailable for longer than a query should wait: the request fails at once.
     */
    private void pause(FragmentRequest request, int attempt, Failure failure) {
        long millis = options.initialBackoff().toMillis() << Math.min(attempt - 1, 10);
        millis = millis / 2 + ThreadLocalRandom.current().nextLong(millis / 2 + 1);
        if (failure.retryAfter().isPresent()) {
            Duration asked = failure.retryAfter().get();
            if (asked.compareTo(MAX_RETRY_AFTER) > 0) {
                throw new FragmentException("Cannot get " + describe(request) + ": " + failure.reason()
                        + "; the server asks to wait " + asked.toSeconds() + " s before trying again");
            }
            millis = asked.toMillis();
        }
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new FragmentException("Interrupted while waiting to retry", e);
        }
    }

    private static String describe(FragmentRequest request) {
        String url = request.url().length() > 200 ? request.url().substring(0, 197) + "..." : request.url();
        return (request.isPost() ? "POST " : "") + url;
    }

    @Override
    public void close() {
        workers.shutdownNow();
    }
}
