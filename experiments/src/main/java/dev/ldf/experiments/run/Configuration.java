package dev.ldf.experiments.run;

import java.time.Duration;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.HttpOptions;

/**
 * One way of running a workload: TPF, or brTPF with at most {@code maxMpR} mappings per request,
 * sent by GET (as in the brTPF paper) or always by POST; against a server with {@code pageSize}
 * triples per page. Or the preemptive endpoint with quanta of {@code quantumMillis}: read by our
 * client a quantum at a time (it falls back to brTPF with {@code maxMpR} for what the endpoint does
 * not take), or, {@code complete}, by a standard SPARQL client that sends the whole query and
 * reads the complete answer the endpoint streams across quanta.
 */
public record Configuration(Mode mode, int maxMpR, boolean post, int pageSize, int quantumMillis, boolean complete) {

    /**
     * GET URLs up to this length (longer ones are POSTed): room for 50 WatDiv mappings, and within
     * nginx's 16 KiB request line, so that the same requests go through the cache.
     */
    static final int MAX_GET_URL_BYTES = 15_000;

    public Configuration {
        if (mode == Mode.AUTO) {
            throw new IllegalArgumentException("An experiment fixes the mode: TPF, brTPF or preemptive");
        }
        if ((mode == Mode.PREEMPTIVE) != (quantumMillis > 0)) {
            throw new IllegalArgumentException("A quantum goes with the preemptive mode, and only with it");
        }
        if (mode == Mode.BRTPF && maxMpR < 1) {
            throw new IllegalArgumentException("brTPF needs maxMpR >= 1");
        }
        if (complete && mode != Mode.PREEMPTIVE) {
            throw new IllegalArgumentException("Complete answers come from the preemptive endpoint");
        }
    }

    /** A configuration of our client: TPF, brTPF, or the preemptive endpoint a quantum at a time. */
    public Configuration(Mode mode, int maxMpR, boolean post, int pageSize, int quantumMillis) {
        this(mode, maxMpR, post, pageSize, quantumMillis, false);
    }

    public static Configuration tpf(int pageSize) {
        return new Configuration(Mode.TPF, 0, false, pageSize, 0);
    }

    public static Configuration brtpf(int maxMpR, boolean post, int pageSize) {
        return new Configuration(Mode.BRTPF, maxMpR, post, pageSize, 0);
    }

    /** The preemptive endpoint with quanta of {@code quantumMillis}; brTPF-30 for the rest of a query. */
    public static Configuration preemptive(int quantumMillis) {
        return new Configuration(Mode.PREEMPTIVE, 30, false, 100, quantumMillis);
    }

    /**
     * The preemptive endpoint read by a standard SPARQL client: the whole query in one request,
     * its complete answer streamed back, as Jena's and YASGUI's clients ask.
     */
    public static Configuration complete(int quantumMillis) {
        return new Configuration(Mode.PREEMPTIVE, 30, false, 100, quantumMillis, true);
    }

    public boolean isPreemptive() {
        return mode == Mode.PREEMPTIVE;
    }

    public boolean isTpf() {
        return mode == Mode.TPF;
    }

    /** A short name for tables and plots, e.g. {@code TPF}, {@code brTPF-30}, {@code brTPF-500-POST}, with {@code /p1000} for other page sizes. */
    public String label() {
        if (isPreemptive()) {
            return (complete ? "complete-" : "preemptive-") + quantumMillis + "ms";
        }
        String base = isTpf() ? "TPF" : "brTPF-" + maxMpR + (post ? "-POST" : "");
        return pageSize == 100 ? base : base + "/p" + pageSize;
    }

    public String method() {
        return isTpf() ? "GET" : post || isPreemptive() ? "POST" : "GET";
    }

    /**
     * A client of this configuration for the dataset at {@code url}: ours, or for complete answers
     * a standard SPARQL client of the dataset's endpoint ({@code url/sparql}).
     */
    public QueryClient client(String url, Duration requestTimeout, ClientListener listener, String name) {
        return complete ? new StandardSparqlClient(url + "/sparql", name)
                : new QueryRunner(url, clientOptions(requestTimeout), listener, name);
    }

    /** The client's options; its concurrency changes when pages are fetched, not which. */
    public ClientOptions clientOptions(Duration requestTimeout) {
        HttpOptions http = new HttpOptions(8, Duration.ofSeconds(10), requestTimeout, 4, Duration.ofMillis(200),
                post ? 256 : MAX_GET_URL_BYTES, false, HttpOptions.DEFAULT_MAX_RESPONSE_BYTES);
        return new ClientOptions(mode, isTpf() ? 0 : maxMpR, 4, ClientOptions.DEFAULT_PAGE_CACHE_ENTRIES, http);
    }
}
