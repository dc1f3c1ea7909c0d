package dev.ldf.client;

/** How basic graph patterns (and, preemptive, larger parts of a query) are evaluated. */
public enum Mode {
    /** brTPF bind joins when the server announces brTPF, TPF otherwise. */
    AUTO,
    /** brTPF bind joins (falls back to TPF, with a warning, on a server without brTPF). */
    BRTPF,
    /** The original TPF algorithm, for comparison. */
    TPF,
    /**
     * The dataset's preemptive SPARQL endpoint for the parts of a query it runs (basic graph
     * patterns with FILTER, UNION and VALUES), ARQ for the rest; brTPF or TPF where the dataset
     * has no such endpoint.
     */
    PREEMPTIVE
}
