package dev.ldf.client;

/** How basic graph patterns are evaluated. */
public enum Mode {
    /** brTPF bind joins when the server announces brTPF, TPF otherwise. */
    AUTO,
    /** brTPF bind joins (falls back to TPF, with a warning, on a server without brTPF). */
    BRTPF,
    /** The original TPF algorithm, for comparison. */
    TPF
}
