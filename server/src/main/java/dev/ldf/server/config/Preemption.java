package dev.ldf.server.config;

/**
 * A dataset's preemptive SPARQL endpoint ({@code /name/sparql}): on by default.
 *
 * @param enabled      false leaves the endpoint out (404) and out of the dataset's description
 * @param quantumMillis how long one request may run a query before it is suspended
 * @param maxResults   the most solutions one quantum gives; the query is suspended when it has
 *                     that many, even within its quantum (this bounds a response's memory)
 * @param budgetMillis how long a query may run in all when the client asked for the complete
 *                     answer (one response across quanta): the sum of its quanta's times
 */
public record Preemption(Boolean enabled, Integer quantumMillis, Integer maxResults, Integer budgetMillis) {

    public static final int DEFAULT_QUANTUM_MILLIS = 75;
    public static final int DEFAULT_MAX_RESULTS = 2_000;
    public static final int DEFAULT_BUDGET_MILLIS = 30_000;
    public static final int MAX_QUANTUM_MILLIS = 60_000;
    public static final int MAX_RESULTS_LIMIT = 100_000;
    public static final int MAX_BUDGET_MILLIS = 3_600_000;

    public Preemption {
        enabled = enabled == null || enabled;
        quantumMillis = quantumMillis == null ? DEFAULT_QUANTUM_MILLIS : quantumMillis;
        maxResults = maxResults == null ? DEFAULT_MAX_RESULTS : maxResults;
        budgetMillis = budgetMillis == null ? DEFAULT_BUDGET_MILLIS : budgetMillis;
    }

    /** The default budget. */
    public Preemption(Boolean enabled, Integer quantumMillis, Integer maxResults) {
        this(enabled, quantumMillis, maxResults, null);
    }

    public static Preemption defaults() {
        return new Preemption(null, null, null, null);
    }

    void validate(String dataset) {
        if (quantumMillis < 1 || quantumMillis > MAX_QUANTUM_MILLIS) {
            throw new ConfigException("Dataset '" + dataset + "': preemption.quantumMillis must be between 1 and "
                    + MAX_QUANTUM_MILLIS);
        }
        if (maxResults < 1 || maxResults > MAX_RESULTS_LIMIT) {
            throw new ConfigException("Dataset '" + dataset + "': preemption.maxResults must be between 1 and "
                    + MAX_RESULTS_LIMIT);
        }
        if (budgetMillis < 1 || budgetMillis > MAX_BUDGET_MILLIS) {
            throw new ConfigException("Dataset '" + dataset + "': preemption.budgetMillis must be between 1 and "
                    + MAX_BUDGET_MILLIS);
        }
    }
}
