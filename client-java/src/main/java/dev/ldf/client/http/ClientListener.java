package dev.ldf.client.http;

/**
 * Hears what the client does on the wire. Methods have no-op defaults; implementations must be
 * thread-safe, since pages are fetched concurrently.
 */
public interface ClientListener {

    /** A request is about to be sent (also for each retry). */
    default void requestSent(FragmentRequest request) {}

    /**
     * A page arrived and was parsed.
     *
     * @param bytes bytes received on the wire (compressed when the server compressed them)
     */
    default void pageReceived(FragmentRequest request, int status, long bytes, int dataTriples, int metadataTriples) {}

    /**
     * A preemptive endpoint answered one quantum.
     *
     * @param next   the continuation token that came back, null when the query is complete
     * @param timing the server's own account of the quantum (waiting, resuming, running, suspending)
     */
    default void resultsReceived(FragmentRequest request, int status, long bytes, int solutions, String next,
            ServerTiming timing) {}

    /**
     * A request failed and will be sent again.
     *
     * @param status the HTTP status of the failed answer (5xx, 429), or 0 when none came (a
     *               refused connection, a timeout, a page cut off)
     */
    default void retrying(FragmentRequest request, int attempt, int status, String reason) {}

    /** Several listeners as one. */
    static ClientListener all(ClientListener... listeners) {
        return new ClientListener() {
            @Override
            public void requestSent(FragmentRequest request) {
                for (ClientListener l : listeners) {
                    l.requestSent(request);
                }
            }

            @Override
            public void pageReceived(FragmentRequest request, int status, long bytes, int dataTriples, int metadataTriples) {
                for (ClientListener l : listeners) {
                    l.pageReceived(request, status, bytes, dataTriples, metadataTriples);
                }
            }

            @Override
            public void resultsReceived(FragmentRequest request, int status, long bytes, int solutions, String next,
                    ServerTiming timing) {
                for (ClientListener l : listeners) {
                    l.resultsReceived(request, status, bytes, solutions, next, timing);
                }
            }

            @Override
            public void retrying(FragmentRequest request, int attempt, int status, String reason) {
                for (ClientListener l : listeners) {
                    l.retrying(request, attempt, status, reason);
                }
            }
        };
    }
}
