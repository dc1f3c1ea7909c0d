package dev.ldf.experiments.run;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.source.Federation;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.watdiv.workload.Workload;

/**
 * One client: runs queries one after another against a fragment interface (or several, federated)
 * with the Java client, each under a timeout, and measures what each one cost on the wire.
 *
 * <p>A query that times out is aborted and the client reconnects, so that its requests still in
 * flight are dropped rather than counted against the next query.
 */
public final class QueryRunner implements QueryClient {

    private final List<String> urls;
    private final ClientOptions options;
    private final ClientListener listener;
    private final String name;
    private ExecutorService worker;
    private Federation source;

    public QueryRunner(String url, ClientOptions options, ClientListener listener, String name) {
        this(List.of(url), options, listener, name);
    }

    /** A client of the sources at {@code urls} together: their data merged, as {@code ldf-query URL1 URL2 …} runs. */
    public QueryRunner(List<String> urls, ClientOptions options, ClientListener listener, String name) {
        this.urls = List.copyOf(urls);
        this.options = options;
        this.listener = listener;
        this.name = name;
        this.worker = newWorker();
    }

    @Override
    public Measurement run(Workload.Entry query, Duration timeout, boolean cutOff) {
        long start = System.nanoTime();
        try {
            if (source == null) {
                source = Federation.connect(urls, options, listener);
            }
        } catch (RuntimeException e) {
            return failed(query, start, ClientStats.Snapshot.ZERO, e);
        }
        Federation current = source;
        current.forgetPages(); // each query starts cold, as a fresh client process would
        ClientStats.Snapshot before = current.stats();
        Query parsed = QueryFactory.create(query.sparql());
        AtomicLong rows = new AtomicLong();
        AtomicLong first = new AtomicLong(-1);
        AtomicReference<QueryExec> running = new AtomicReference<>();
        Future<?> task = worker.submit(() -> {
            try (QueryExec exec = QueryExec.dataset(FragmentDataset.of(current).asDatasetGraph()).query(parsed).build()) {
                running.set(exec);
                RowSet results = exec.select();
                while (results.hasNext() && !Thread.currentThread().isInterrupted()) {
                    results.next();
                    if (rows.incrementAndGet() == 1) {
                        first.set(System.nanoTime() - start);
                    }
                }
            }
            return null;
        });
        try {
            task.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
            return new Measurement(query.name(), Measurement.Status.COMPLETED, rows.get(),
                    current.stats().minus(before), System.nanoTime() - start, first.get(), "");
        } catch (TimeoutException e) {
            long nanos = System.nanoTime() - start;
            ClientStats.Snapshot traffic = current.stats().minus(before);
            abandon(task, running.get());
            return new Measurement(query.name(), cutOff ? Measurement.Status.UNFINISHED : Measurement.Status.TIMEOUT,
                    rows.get(), traffic, nanos, first.get(), "");
        } catch (ExecutionException e) {
            ClientStats.Snapshot traffic = current.stats().minus(before);
            reconnect();
            return failed(query, start, traffic, e.getCause());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            abandon(task, running.get());
            return new Measurement(query.name(), Measurement.Status.UNFINISHED, rows.get(),
                    current.stats().minus(before), System.nanoTime() - start, first.get(), "interrupted");
        }
    }

    private static Measurement failed(Workload.Entry query, long start, ClientStats.Snapshot traffic, Throwable e) {
        String message = String.valueOf(e.getMessage()).replaceAll("\\s+", " ");
        return new Measurement(query.name(), Measurement.Status.ERROR, 0, traffic, System.nanoTime() - start, -1,
                message.length() > 200 ? message.substring(0, 200) : message);
    }

    /** Stops a query that ran too long: ARQ's abort, an interrupt, and a fresh connection. */
    private void abandon(Future<?> task, QueryExec exec) {
        if (exec != null) {
            exec.abort();
        }
        task.cancel(true);
        reconnect();
        // A worker stuck in a blocking call must not delay the next query: give it a moment, then replace it.
        worker.shutdown();
        try {
            if (!worker.awaitTermination(5, TimeUnit.SECONDS)) {
                worker.shutdownNow();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        worker = newWorker();
    }

    private void reconnect() {
        if (source != null) {
            source.close();
            source = null;
        }
    }

    private ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "query-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void close() {
        worker.shutdownNow();
        reconnect();
    }
}
