package dev.ldf.server;

import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.ee10.servlet.ServletHolder;
import org.eclipse.jetty.server.ForwardedRequestCustomizer;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.gzip.GzipHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.http.FragmentServlet;
import dev.ldf.server.http.PlainErrorHandler;

/**
 * An embedded Jetty serving the configured datasets. {@link #start} opens every HDT file first,
 * so a missing or corrupt file stops start-up with a message that names it.
 */
public final class FragmentServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FragmentServer.class);

    private final Server jetty;
    private final ServerConnector connector;
    private final Map<String, Datasource> sources;
    private final ServerConfig config;

    private FragmentServer(Server jetty, ServerConnector connector, Map<String, Datasource> sources, ServerConfig config) {
        this.jetty = jetty;
        this.connector = connector;
        this.sources = sources;
        this.config = config;
    }

    /**
     * Opens the datasets of {@code config} and starts listening.
     *
     * @throws dev.ldf.server.hdt.HdtFileException when an HDT file cannot be opened
     * @throws Exception                           when Jetty cannot start (e.g. the port is taken)
     */
    public static FragmentServer start(ServerConfig config) throws Exception {
        config.validated();
        Map<String, Datasource> sources = new LinkedHashMap<>();
        try {
            for (DatasetConfig d : config.datasets()) {
                HdtDatasource.Options options = HdtDatasource.Options.defaults();
                sources.put(d.name(), HdtDatasource.open(d.hdtPath(), new HdtDatasource.Options(
                        d.loading() == DatasetConfig.Loading.LOAD, d.countScanLimit(),
                        options.cursorCachePatterns(), options.cursorIdleTime())));
            }
            return startJetty(config, sources);
        } catch (Exception | Error e) {
            sources.values().forEach(Datasource::close);
            throw e;
        }
    }

    private static FragmentServer startJetty(ServerConfig config, Map<String, Datasource> sources) throws Exception {
        QueuedThreadPool threads = new QueuedThreadPool(200, 8);
        threads.setName("ldf");
        Server jetty = new Server(threads);

        HttpConfiguration http = new HttpConfiguration();
        // Covers the request line: a longer URL is answered with 414 before it reaches the servlet.
        http.setRequestHeaderSize(config.maxRequestHeaderBytes());
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        if (config.baseUrl() == null) {
            // Links must name the host the client used, also behind a reverse proxy.
            http.addCustomizer(new ForwardedRequestCustomizer());
        }
        ServerConnector connector = new ServerConnector(jetty, new HttpConnectionFactory(http));
        connector.setHost(config.host());
        connector.setPort(config.port());
        jetty.addConnector(connector);

        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        context.addServlet(new ServletHolder("fragments", new FragmentServlet(config, sources)), "/");
        context.setErrorHandler(new PlainErrorHandler());

        GzipHandler gzip = new GzipHandler();
        gzip.setMinGzipSize(512);
        gzip.setIncludedMethods("GET", "POST");
        gzip.setHandler(context);
        jetty.setHandler(gzip);
        jetty.setErrorHandler(new PlainErrorHandler());
        jetty.setStopAtShutdown(false);
        jetty.start();
        FragmentServer server = new FragmentServer(jetty, connector, sources, config);
        LOG.info("Listening on {}", server.uri());
        return server;
    }

    /** The server's own URL, e.g. {@code http://127.0.0.1:8080/}. */
    public URI uri() {
        String host = config.host().contains(":") ? "[" + config.host() + "]" : config.host();
        return URI.create("http://" + host + ":" + port() + "/");
    }

    public int port() {
        return connector.getLocalPort();
    }

    public Map<String, Datasource> datasources() {
        return sources;
    }

    public void join() throws InterruptedException {
        jetty.join();
    }

    /** Stops listening, waits for running requests, then closes the datasets. */
    @Override
    public void close() {
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn("Stopping Jetty failed", e);
        } finally {
            sources.values().forEach(Datasource::close);
        }
    }
}
