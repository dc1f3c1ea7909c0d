package dev.ldf.server.monitor;

import java.util.Locale;

import org.eclipse.jetty.server.Request;

/**
 * What a request was about, for the metrics: the handler that answers a request labels it, and
 * {@link RequestMetricsHandler} reads the labels once the response is complete. They travel as
 * request attributes, which the servlet layer shares with Jetty's core request.
 */
public final class RequestLabels {

    /** The kinds of request the server answers. */
    public enum Api {
        TPF, BRTPF, SPARQL, CHANGES, DUMP, INDEX, GENID, OPERATOR, NONE;

        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    public static final String DATASET = "dev.ldf.metrics.dataset";
    public static final String API = "dev.ldf.metrics.api";

    private RequestLabels() {}

    static String dataset(Request request) {
        return dataset(request.getAttribute(DATASET));
    }

    static String api(Request request) {
        return api(request.getAttribute(API));
    }

    /** The dataset label from the value of the request attribute {@link #DATASET}. */
    public static String dataset(Object attribute) {
        return attribute instanceof String name ? name : "";
    }

    /** The interface label from the value of the request attribute {@link #API}. */
    public static String api(Object attribute) {
        return attribute instanceof Api api ? api.label() : Api.NONE.label();
    }
}
