package dev.ldf.server.http;

import org.eclipse.jetty.compression.gzip.GzipCompression;
import org.eclipse.jetty.compression.server.CompressionConfig;
import org.eclipse.jetty.compression.server.CompressionHandler;
import org.eclipse.jetty.server.Handler;

import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.monitor.ServerMetrics;

/** The handlers a fragment request passes on its way to the servlet. */
public final class HandlerChain {

    private HandlerChain() {}

    /**
     * {@code servlets} behind, outermost first: CORS headers, the request body reader (so that slow
     * bodies wait outside the load limit), the load limit, and gzip for clients that accept it.
     */
    public static Handler around(Handler servlets, ServerConfig config, ServerMetrics metrics) {
        return new PublicCorsHandler(new RequestBodyHandler(config.maxRequestBodyBytes(), config.limits(),
                new LoadLimitHandler(config.limits(), metrics, compression(servlets))));
    }

    private static Handler compression(Handler servlets) {
        GzipCompression gzip = new GzipCompression();
        gzip.setMinCompressSize(512);
        CompressionHandler compression = new CompressionHandler(servlets);
        compression.putCompression(gzip);
        // Request bodies are decoded by RequestBodies: Jetty's decoder spins on a gzip stream cut short.
        compression.putConfiguration("/*", CompressionConfig.builder().defaults()
                .compressIncludeMethod("GET").compressIncludeMethod("POST").decompressExcludePath("/*").build());
        return compression;
    }
}
