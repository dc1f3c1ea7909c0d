package dev.ldf.server;

import java.net.BindException;
import java.net.URI;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Executor;

import org.eclipse.jetty.ee10.servlet.ServletContextHandler;
import org.eclipse.jetty.http2.server.HTTP2CServerConnectionFactory;
import org.eclipse.jetty.server.ForwardedRequestCustomizer;
import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.LocalConnector;
import org.eclipse.jetty.server.NetworkConnectionLimit;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.GracefulHandler;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.QueuedThreadPool;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.cli.Causes;
import dev.ldf.server.config.FileDescriptors;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.http.Endpoints;
import dev.ldf.server.http.HandlerChain;
import dev.ldf.server.http.HeadDeadlines;
import dev.ldf.server.http.PlainErrorHandler;
import dev.ldf.server.live.LiveDataset;
import dev.ldf.server.monitor.OperatorHandler;
import dev.ldf.server.monitor.OutOfMemory;
import dev.ldf.server.monitor.Readiness;
import dev.ldf.server.monitor.RequestMetricsHandler;
import dev.ldf.server.monitor.ServerMetrics;
import dev.ldf.server.rdf.Writers;

/**
 * An embedded Jetty serving the configured datasets.
 *
 * <p>{@link #start} opens every HDT file first, so that a missing or corrupt file stops start-up
 * with a message that names it; then it answers a {@link StartupCheck} in-process, and only then
 * opens its port: the first request from outside meets a server that is ready for it.
 *
 * <p>Handlers, outermost first: graceful stop, metrics, the operator endpoints ({@code /-/}), the
 * request body reader, the load limit, gzip, and the servlet.
 */
public final class FragmentServer implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(FragmentServer.class);

    private final Server jetty;
    private final ServerConnector connector;
    private final OpenDatasets datasets;
    private final ServerConfig config;
    private final Readiness readiness;

    private FragmentServer(Server jetty, ServerConnector connector, OpenDatasets datasets, ServerConfig config,
            Readiness readiness) {
        this.jetty = jetty;
        this.connector = connector;
        this.datasets = datasets;
        this.config = config;
        this.readiness = readiness;
    }

    /**
     * Opens the datasets of {@code config}, checks that the server answers, and starts listening.
     *
     * @throws dev.ldf.server.hdt.HdtFileException when an HDT file cannot be opened
     * @throws PortInUseException                  when the port is taken
     * @throws Exception                           when Jetty cannot start otherwise
     */
    public static FragmentServer start(ServerConfig config) throws Exception {
        config.validated();
        // Before minutes of opening large files: a port another process holds is reported at once.
        PortInUseException.checkFree(config.host(), config.port());
        OpenDatasets datasets = OpenDatasets.open(config);
        try {
            return startJetty(config, datasets);
        } catch (Exception | Error e) {
            datasets.close();
            throw e;
        }
    }

    private static FragmentServer startJetty(ServerConfig config, OpenDatasets datasets) throws Exception {
        Limits limits = config.limits();
        QueuedThreadPool threads = new QueuedThreadPool(200, 8) {
            @Override
            protected void onJobFailure(Throwable failure) {
                OutOfMemory.check(failure);
                super.onJobFailure(failure);
            }
        };
        threads.setName("ldf");
        Server jetty = new Server(threads);
        jetty.setStopTimeout(limits.shutdownTimeoutSeconds() * 1000L);
        jetty.setStopAtShutdown(false);

        HttpConfiguration http = new HttpConfiguration();
        // Covers the request line: a longer URL is answered with 414 before it reaches the servlet.
        http.setRequestHeaderSize(config.maxRequestHeaderBytes());
        http.setSendServerVersion(false);
        http.setSendXPoweredBy(false);
        if (config.baseUrl() == null) {
            // Links must name the host the client used, also behind a reverse proxy.
            http.addCustomizer(new ForwardedRequestCustomizer());
        }
        ServerMetrics metrics = new ServerMetrics();
        HttpConnectionFactory factory = HeadDeadlines.http11(http, limits, jetty.getScheduler(),
                () -> metrics.cut("head_timeout"));

        datasets.sources().forEach((name, source) -> metrics.datasetSize(name, source.statistics().triples()));
        Readiness readiness = new Readiness();

        ServletContextHandler context = new ServletContextHandler();
        context.setContextPath("/");
        Endpoints.mount(context, Endpoints.all(config, datasets.hosted(), Writers.standard()));
        context.setErrorHandler(new PlainErrorHandler());
        jetty.setHandler(new GracefulHandler(new RequestMetricsHandler(metrics,
                new OperatorHandler(metrics, readiness, HandlerChain.around(context, config, metrics)))) {
            @Override
            protected void handleShutdownRejection(Request request, Response response, Callback callback) {
                metrics.rejected("shutdown");
                super.handleShutdownRejection(request, response, callback);
            }
        });
        jetty.setErrorHandler(new PlainErrorHandler());

        LocalConnector local = new LocalConnector(jetty, factory);
        jetty.addConnector(local);
        // With http2, HTTP/2 over cleartext beside HTTP/1.1 on the same port, by upgrade or prior
        // knowledge: one connection carries a client's concurrent requests, headers are compressed.
        ServerConnector connector = config.http2()
                ? new ServerConnector(jetty, factory, new HTTP2CServerConnectionFactory(http))
                : new ServerConnector(jetty, factory);
        connector.setHost(config.host());
        connector.setPort(config.port());
        connector.setIdleTimeout(limits.idleTimeoutSeconds() * 1000L);
        // At the cap new connections wait in the kernel's accept queue, and idle ones get a shorter timeout.
        NetworkConnectionLimit connections = new NetworkConnectionLimit(limits.connectionLimit(), connector);
        connections.setEndPointIdleTimeout(limits.requestHeadTimeoutSeconds() * 1000L);
        jetty.addBean(connections);
        try {
            jetty.start();
            LOG.info("Checking that every dataset answers its first requests...");
            long checkStart = System.nanoTime();
            StartupCheck.run(local, config);
            LOG.info("Every dataset answered, in {} ms", (System.nanoTime() - checkStart) / 1_000_000);
            jetty.addConnector(connector);
            if (!connector.isStarted()) {
                connector.start();
            }
        } catch (Exception e) {
            stopQuietly(jetty);
            if (Causes.has(e, BindException.class)) {
                throw new PortInUseException(config.host(), config.port(), e);
            }
            throw e;
        }
        jetty.removeConnector(local);
        local.stop();
        readiness.ready();
        FragmentServer server = new FragmentServer(jetty, connector, datasets, config, readiness);
        LOG.info("Listening on {}", server.uri());
        LOG.info(connectionsLine(limits, FileDescriptors.limit()));
        datasets.startFollowing();
        return server;
    }

    /** What bounds connections, said at start-up: an operator under a low file limit learns it here, not from a flood. */
    static String connectionsLine(Limits limits, long descriptors) {
        return String.format(Locale.ROOT, "Connections: at most %,d at once (limits.maxConnections; the process may open %s "
                + "files%s), each request head within %d s (limits.requestHeadTimeoutSeconds)", limits.connectionLimit(),
                descriptors < 0 ? "an unknown number of" : String.format(Locale.ROOT, "%,d", descriptors),
                descriptors >= 0 && descriptors < 4096 ? ", which is low: raise it with ulimit -n or LimitNOFILE" : "",
                limits.requestHeadTimeoutSeconds());
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
        return datasets.sources();
    }

    /** The datasets that take changes, by name. */
    public Map<String, LiveDataset> liveDatasets() {
        return datasets.live();
    }

    /** The threads that answer requests. */
    Executor threads() {
        return jetty.getThreadPool();
    }

    public void join() throws InterruptedException {
        jetty.join();
    }

    /**
     * Stops gracefully: reports not ready, stops accepting connections, lets running requests
     * finish for up to {@code limits.shutdownTimeoutSeconds} (new requests on open connections get
     * 503), then closes the datasets.
     */
    @Override
    public void close() {
        readiness.stopping();
        // Long-polling feed requests end now rather than hold the graceful stop.
        datasets.stopWaiting();
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.warn("Stopping the server did not finish cleanly: {}", e.toString());
        } finally {
            datasets.close();
        }
    }

    private static void stopQuietly(Server jetty) {
        try {
            jetty.stop();
        } catch (Exception e) {
            LOG.debug("Stopping after a failed start", e);
        }
    }

}
