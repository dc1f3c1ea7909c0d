package dev.ldf.experiments.run;

import dev.ldf.client.http.ClientStats;

/**
 * What running one query cost and gave.
 *
 * @param results solutions counted (before the timeout struck, if it did)
 * @param nanos      wall-clock time from sending the query to its last solution
 * @param firstNanos wall-clock time from sending the query to its first solution; -1 without one
 * @param message    why the query failed; empty otherwise
 */
public record Measurement(String query, Status status, long results, ClientStats.Snapshot traffic, long nanos,
        long firstNanos, String message) {

    public enum Status {
        /** Ran to the end. */
        COMPLETED,
        /** Stopped by the per-query timeout. */
        TIMEOUT,
        /** Stopped because the run's time was up; not counted either way. */
        UNFINISHED,
        /** Failed (an HTTP or parse error after retries). */
        ERROR
    }

    public boolean completed() {
        return status == Status.COMPLETED;
    }

    /** True when the query completed with another count than {@code expected} (null: nothing to check against). */
    public boolean contradicts(Long expected) {
        return completed() && expected != null && expected != results;
    }
}
