package dev.ldf.experiments.run;

import java.time.Duration;

import dev.ldf.watdiv.workload.Workload;

/** One client of an experiment: runs queries one after another, each under a timeout, and measures each. */
public interface QueryClient extends AutoCloseable {

    /**
     * Runs {@code query} for at most {@code timeout}; {@code cutOff} tells whether hitting that
     * limit is the query's timeout or the end of the run (then the query is {@code UNFINISHED}).
     */
    Measurement run(Workload.Entry query, Duration timeout, boolean cutOff);

    @Override
    void close();
}
