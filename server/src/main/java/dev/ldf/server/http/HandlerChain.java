package dev.ldf.server.http;

import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.handler.gzip.GzipHandler;

import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.monitor.ServerMetrics;

/** The handlers a fragment request passes on its way to the servlet. */
public final class HandlerChain {

    private HandlerChain() {}

    /**
     * {@code servlets} behind, outermost first: the request body reader (so that slow bodies wait
     * outside the load limit), the load limit, and gzip.
     */
    public static Handler around(Handler servlets, ServerConfig config, ServerMetrics metrics) {
        GzipHandler gzip = new GzipHandler();
        gzip.setMinGzipSize(512);
        gzip.setIncludedMethods("GET", "POST");
        gzip.setHandler(servlets);
        return new RequestBodyHandler(config.maxRequestBodyBytes(), config.limits(),
                new LoadLimitHandler(config.limits(), metrics, gzip));
    }
}
