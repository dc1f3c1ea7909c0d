package dev.ldf.endpoint;

import java.io.IOException;
import java.io.OutputStream;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;

import dev.ldf.client.source.Federation;

/** What the service runs and writes: a SPARQL Protocol query's answer, or a handed-off ldf-query call's. */
interface Answer {

    /** The Content-Type of what {@link #write} writes. */
    String contentType();

    /**
     * Runs over {@code sources} within {@code timeout} (kept by an alarm on {@code clock}) and
     * writes to {@code out}; a failure is thrown as the {@link EndpointError} that tells the client why.
     */
    void write(Federation sources, Duration timeout, ScheduledExecutorService clock, OutputStream out)
            throws IOException;
}
