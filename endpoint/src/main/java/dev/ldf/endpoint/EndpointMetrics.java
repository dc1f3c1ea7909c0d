package dev.ldf.endpoint;

import java.io.IOException;
import java.io.OutputStream;

import io.prometheus.metrics.core.metrics.Counter;
import io.prometheus.metrics.core.metrics.Gauge;
import io.prometheus.metrics.core.metrics.Histogram;
import io.prometheus.metrics.expositionformats.PrometheusTextFormatWriter;
import io.prometheus.metrics.instrumentation.jvm.JvmMetrics;
import io.prometheus.metrics.model.registry.PrometheusRegistry;

import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentRequest;
import dev.ldf.client.http.ServerTiming;

/**
 * The endpoint's metrics, named and written as the fragment server's are ({@code /-/metrics},
 * the Prometheus text format, a registry of its own): queries by status and time, those running,
 * answers cut short, and what the sources were asked. Labels are HTTP statuses only, never
 * anything a client sends, so their number stays bounded. Thread-safe.
 */
final class EndpointMetrics implements ClientListener {

    /** Query times in seconds: from an answer out of the page cache to one at the default timeout. */
    private static final double[] DURATION_BUCKETS = {0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60};

    private final PrometheusRegistry registry = new PrometheusRegistry();
    private final PrometheusTextFormatWriter writer = PrometheusTextFormatWriter.create();
    private final Counter queries;
    private final Histogram duration;
    private final Gauge running;
    private final Counter cut;
    private final Counter sourceRequests;
    private final Counter sourceRetries;
    private final Counter sourceBytes;

    EndpointMetrics() {
        queries = Counter.builder().name("ldf_endpoint_queries_total")
                .help("Queries answered (at /sparql, and ldf-query calls handed off), by HTTP status (an answer cut short counts as its 200)")
                .labelNames("status").register(registry);
        duration = Histogram.builder().name("ldf_endpoint_query_duration_seconds")
                .help("Time from a query's arrival to its answer's last byte").classicOnly()
                .classicUpperBounds(DURATION_BUCKETS).register(registry);
        running = Gauge.builder().name("ldf_endpoint_queries_running")
                .help("Queries running now (at most --max-queries)").register(registry);
        cut = Counter.builder().name("ldf_endpoint_answers_cut_total")
                .help("Answers that failed after their first bytes went out, and were cut short").register(registry);
        sourceRequests = Counter.builder().name("ldf_endpoint_source_requests_total")
                .help("Requests sent to the sources, retries included (pages from the page cache are not sent)")
                .register(registry);
        sourceRetries = Counter.builder().name("ldf_endpoint_source_retries_total")
                .help("Requests to the sources sent again after a failure").register(registry);
        sourceBytes = Counter.builder().name("ldf_endpoint_source_bytes_total")
                .help("Bytes received from the sources (as sent: compressed where they compressed)").register(registry);
        JvmMetrics.builder().register(registry);
    }

    void queryStarted() {
        running.inc();
    }

    void queryEnded() {
        running.dec();
    }

    /** A request to /sparql was answered with {@code status} after {@code nanos}. */
    void answered(int status, long nanos) {
        queries.labelValues(Integer.toString(status)).inc();
        duration.observe(nanos / 1e9);
    }

    void answerCut() {
        cut.inc();
    }

    @Override
    public void requestSent(FragmentRequest request) {
        sourceRequests.inc();
    }

    @Override
    public void pageReceived(FragmentRequest request, int status, long bytes, int dataTriples, int metadataTriples) {
        sourceBytes.inc(bytes);
    }

    @Override
    public void resultsReceived(FragmentRequest request, int status, long bytes, int solutions, String next,
            ServerTiming timing) {
        sourceBytes.inc(bytes);
    }

    @Override
    public void retrying(FragmentRequest request, int attempt, int status, String reason) {
        sourceRetries.inc();
    }

    void write(OutputStream out) throws IOException {
        writer.write(out, registry.scrape());
    }

    String contentType() {
        return writer.getContentType();
    }
}
