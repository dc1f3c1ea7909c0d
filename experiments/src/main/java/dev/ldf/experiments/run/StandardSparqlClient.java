package dev.ldf.experiments.run;

import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;

import org.apache.jena.query.ResultSet;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;

import dev.ldf.client.http.ClientStats;
import dev.ldf.watdiv.workload.Workload;

/**
 * A client as standard SPARQL tools are: each query POSTed whole to a SPARQL endpoint as a form,
 * without asking for continuations, and its complete answer read as it streams in (Jena's
 * streaming JSON results reader). What it costs on the wire: one request and the bytes of the answer.
 */
final class StandardSparqlClient implements QueryClient {

    private final URI endpoint;
    private final String name;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    private ExecutorService worker;

    StandardSparqlClient(String endpoint, String name) {
        this.endpoint = URI.create(endpoint);
        this.name = name;
        this.worker = newWorker();
    }

    @Override
    public Measurement run(Workload.Entry query, Duration timeout, boolean cutOff) {
        long start = System.nanoTime();
        AtomicLong rows = new AtomicLong();
        AtomicLong first = new AtomicLong(-1);
        AtomicLong bytes = new AtomicLong();
        AtomicReference<InputStream> body = new AtomicReference<>();
        Future<?> task = worker.submit(() -> {
            HttpRequest request = HttpRequest.newBuilder(endpoint).header("Accept", "application/sparql-results+json")
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString("query=" + URLEncoder.encode(query.sparql(),
                            StandardCharsets.UTF_8))).build();
            HttpResponse<InputStream> response = http.send(request, HttpResponse.BodyHandlers.ofInputStream());
            try (InputStream in = new Counting(response.body(), bytes)) {
                body.set(in);
                if (response.statusCode() != 200) {
                    throw new IOException("answered " + response.statusCode() + ": "
                            + new String(in.readNBytes(300), StandardCharsets.UTF_8).strip());
                }
                ResultSet results = ResultSetMgr.read(in, ResultSetLang.RS_JSON);
                while (results.hasNext() && !Thread.currentThread().isInterrupted()) {
                    results.next();
                    if (rows.incrementAndGet() == 1) {
                        first.set(System.nanoTime() - start);
                    }
                }
            }
            return null;
        });
        Measurement.Status status = Measurement.Status.COMPLETED;
        String message = "";
        try {
            task.get(timeout.toNanos(), TimeUnit.NANOSECONDS);
        } catch (TimeoutException e) {
            status = cutOff ? Measurement.Status.UNFINISHED : Measurement.Status.TIMEOUT;
            abandon(task, body.get());
        } catch (ExecutionException e) {
            status = Measurement.Status.ERROR;
            message = String.valueOf(e.getCause().getMessage()).replaceAll("\\s+", " ");
            message = message.length() > 200 ? message.substring(0, 200) : message;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            status = Measurement.Status.UNFINISHED;
            message = "interrupted";
            abandon(task, body.get());
        }
        ClientStats.Snapshot traffic = new ClientStats.Snapshot(1, 1, 0, bytes.get(), 0, 0, 1, 0, rows.get());
        return new Measurement(query.name(), status, status == Measurement.Status.ERROR ? 0 : rows.get(), traffic,
                System.nanoTime() - start, first.get(), message);
    }

    /** Stops a query that ran too long: its answer's stream closed, its thread replaced. */
    private void abandon(Future<?> task, InputStream body) {
        if (body != null) {
            try {
                body.close();
            } catch (IOException e) {
                // closing is all that is wanted
            }
        }
        task.cancel(true);
        worker.shutdownNow();
        worker = newWorker();
    }

    private ExecutorService newWorker() {
        return Executors.newSingleThreadExecutor(r -> {
            Thread t = new Thread(r, "sparql-" + name);
            t.setDaemon(true);
            return t;
        });
    }

    @Override
    public void close() {
        worker.shutdownNow();
    }

    /** The answer's stream, adding up what passes. */
    private static final class Counting extends FilterInputStream {
        private final AtomicLong count;

        Counting(InputStream in, AtomicLong count) {
            super(in);
            this.count = count;
        }

        @Override
        public int read() throws IOException {
            int b = super.read();
            if (b >= 0) {
                count.incrementAndGet();
            }
            return b;
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            int n = super.read(b, off, len);
            if (n > 0) {
                count.addAndGet(n);
            }
            return n;
        }
    }
}
