package dev.ldf.server.monitor;

import java.io.IOException;
import java.io.OutputStream;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

/**
 * The server's metrics in one registry of its own (never the global one, so that several servers
 * in one JVM, as in tests, keep apart), written in the Prometheus text format.
 *
 * <p>Label values come from the configuration (dataset names) and from small fixed sets
 * (interfaces, statuses, reasons), never from what a client sends, so their number stays bounded.
 * Thread-safe.
 */
public final class ServerMetrics {

    /** Latency buckets in seconds: from a cached-in-memory page (sub-millisecond) to a slow deep page. */
    private static final double[] LATENCY_BUCKETS = {
        0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final Counter requests;
    private final Histogram duration;
    private final Counter bytesOut;
    private final Gauge inFlight;
    private final Counter rejected;
    private final Counter cut;
    private final Gauge datasetTriples;

    public ServerMetrics() {
        requests = Counter.builder().name("ldf_requests_total")
                .help("Requests answered, by dataset, interface and HTTP status")
                .labelNames("dataset", "interface", "status").register(registry);
        duration = Histogram.builder().name("ldf_request_duration_seconds")
                .help("Time from a request's arrival to its last byte written, by dataset and interface")
                .labelNames("dataset", "interface").classicOnly().classicUpperBounds(LATENCY_BUCKETS)
                .register(registry);
        bytesOut = Counter.builder().name("ldf_response_bytes_total")
                .help("Response body bytes sent (after compression), by dataset and interface")
                .labelNames("dataset", "interface").register(registry);
        inFlight = Gauge.builder().name("ldf_requests_in_flight")
                .help("Requests being answered or waiting in the queue").register(registry);
        rejected = Counter.builder().name("ldf_requests_rejected_total")
                .help("Requests refused with 503: overload (queue full), queue_timeout (waited too long), shutdown")
                .labelNames("reason").register(registry);
        for (String reason : new String[] {"overload", "queue_timeout", "shutdown"}) {
            rejected.initLabelValues(reason);
        }
        cut = Counter.builder().name("ldf_connections_cut_total")
                .help("Connections the server closed on a slow client: head_timeout (a request head too slow to arrive)")
                .labelNames("reason").register(registry);
        cut.initLabelValues("head_timeout");
        datasetTriples = Gauge.builder().name("ldf_dataset_triples")
                .help("Triples in each served dataset").labelNames("dataset").register(registry);
        JvmMetrics.builder().register(registry);
    }

    /** A request arrived (in flight until {@link #finished}). */
    public void started() {
        inFlight.inc();
    }

    /** A request's response is complete, with the labels its endpoint set ({@link RequestLabels}). */
    public void finished(String dataset, String api, int status, long nanos, long bytes) {
        inFlight.dec();
        requests.labelValues(dataset, api, Integer.toString(status)).inc();
        duration.labelValues(dataset, api).observe(nanos / 1e9);
        bytesOut.labelValues(dataset, api).inc(bytes);
    }

    /** A request refused with 503 for {@code reason}. */
    public void rejected(String reason) {
        rejected.labelValues(reason).inc();
    }

    /** A connection closed for {@code reason}. */
    public void cut(String reason) {
        cut.labelValues(reason).inc();
    }

    public void datasetSize(String dataset, long triples) {
        datasetTriples.labelValues(dataset).set(triples);
    }

    /** Writes every metric in the Prometheus text format, version 0.0.4. */
    public void write(OutputStream out) throws IOException {
        writer.write(out, registry.scrape());
    }

    public String contentType() {
        return writer.getContentType();
    }
}
