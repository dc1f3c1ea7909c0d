package dev.ldf.client.source;

import java.util.concurrent.CompletableFuture;

import dev.ldf.client.http.ResultsPage;

/**
 * A dataset's preemptive SPARQL endpoint: a query runs in quanta, each answered with a page of
 * solutions and a continuation token for the next. Solutions come with the server's blank nodes
 * as blank nodes ({@link #skolemIris()} says how to send them back).
 */
public interface PreemptiveEndpoint {

    /** The dataset's URL, as it was given. */
    String url();

    /**
     * One quantum of {@code query}: from the start, or from the continuation token {@code next}.
     * Send the same query text with every token.
     */
    ResultsPage results(String query, String next);

    /** {@link #results} on one of the client's threads. */
    CompletableFuture<ResultsPage> resultsAsync(String query, String next);

    /** How the dataset's blank nodes travel: turned into IRIs before they are written into a query. */
    SkolemIris skolemIris();
}
