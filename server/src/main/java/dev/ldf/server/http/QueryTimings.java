package dev.ldf.server.http;

import java.util.Locale;

import jakarta.servlet.http.HttpServletResponse;

import dev.ldf.server.preemption.QuantumRunner;
import dev.ldf.server.preemption.ResultsWriter;

/**
 * Where a request to the preemptive endpoint spent its time, summed over its quanta: for the
 * {@code Server-Timing} header and the statistics of JSON results.
 */
final class QueryTimings implements QuantumRunner.Listener {
    private long parse;
    private long wait;
    private long resume;
    private long run;
    private long suspend;
    private int quanta;

    /** {@code queued}: time in Jetty's queue for one of the server's places, under load most of a client's wait. */
    QueryTimings(long queued) {
        this.wait = queued;
    }

    @Override
    public void parsed(long nanos) {
        parse += nanos;
    }

    @Override
    public void waited(long nanos) {
        wait += nanos;
    }

    @Override
    public void resumed(long nanos) {
        resume += nanos;
    }

    @Override
    public void ran(long nanos) {
        run += nanos;
    }

    @Override
    public void suspended(long nanos) {
        suspend += nanos;
        quanta++;
    }

    double runMillis() {
        return run / 1e6;
    }

    /** The times so far as {@code Server-Timing}. */
    void header(HttpServletResponse response) {
        response.setHeader("Server-Timing", String.format(Locale.ROOT,
                "parse;dur=%.3f, wait;dur=%.3f, resume;dur=%.3f, run;dur=%.3f, suspend;dur=%.3f", parse / 1e6,
                wait / 1e6, resume / 1e6, run / 1e6, suspend / 1e6));
    }

    /** The statistics of a response that gave {@code solutions} and read {@code rows}. */
    ResultsWriter.Stats stats(long solutions, long rows) {
        return new ResultsWriter.Stats(solutions, rows, quanta, parse / 1e6, wait / 1e6, resume / 1e6, run / 1e6,
                suspend / 1e6);
    }
}
