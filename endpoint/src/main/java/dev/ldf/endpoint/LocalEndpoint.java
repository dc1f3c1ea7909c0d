package dev.ldf.endpoint;

import java.io.IOException;
import java.util.Set;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

import org.eclipse.jetty.server.HttpConfiguration;
import org.eclipse.jetty.server.HttpConnectionFactory;
import org.eclipse.jetty.server.Server;
import org.eclipse.jetty.server.ServerConnector;
import org.eclipse.jetty.server.handler.CrossOriginHandler;
import org.eclipse.jetty.util.thread.QueuedThreadPool;

import dev.ldf.client.source.Federation;

/**
 * A running endpoint: Jetty on one address with {@link SparqlService} behind CORS, so that tools
 * in a browser (YASGUI and its kin) can ask it. Closing it stops Jetty; the sources stay open.
 */
public final class LocalEndpoint implements AutoCloseable {

    private final Server server;
    private final ServerConnector connector;
    private final ScheduledExecutorService clock;

    private LocalEndpoint(Server server, ServerConnector connector, ScheduledExecutorService clock) {
        this.server = server;
        this.connector = connector;
        this.clock = clock;
    }

    /**
     * Listens on {@code host}:{@code port} (0: any free port) and answers queries over
     * {@code sources}, counted in {@code metrics} (which the sources may also be listened to by);
     * a port already taken is an {@link IOException}.
     */
    static LocalEndpoint start(Federation sources, EndpointLimits limits, EndpointMetrics metrics, String host, int port)
            throws IOException {
        // Threads for the running queries, those refused beyond them, and Jetty's own selectors and acceptors.
        QueuedThreadPool threads = new QueuedThreadPool(Math.max(32, 2 * limits.maxQueries() + 16));
        threads.setName("ldf-endpoint");
        Server server = new Server(threads);
        HttpConfiguration http = new HttpConfiguration();
        http.setSendServerVersion(false);
        http.setSendDateHeader(true);
        // A GET carries the query in its request line: let it be as long as a POSTed body may be.
        http.setRequestHeaderSize(limits.maxRequestBytes() + 8_192);
        ServerConnector connector = new ServerConnector(server, new HttpConnectionFactory(http));
        connector.setHost(host);
        connector.setPort(port);
        server.addConnector(connector);
        CrossOriginHandler cors = new CrossOriginHandler();
        cors.setAllowedOriginPatterns(Set.of("*"));
        cors.setAllowCredentials(false);
        cors.setAllowedMethods(Set.of("GET", "POST"));
        cors.setAllowedHeaders(Set.of("Accept", "Content-Type"));
        cors.setExposedHeaders(Set.of("Content-Type", "Retry-After"));
        ScheduledExecutorService clock = Executors.newSingleThreadScheduledExecutor(r -> {
            Thread t = new Thread(r, "ldf-endpoint-timeouts");
            t.setDaemon(true);
            return t;
        });
        cors.setHandler(new SparqlService(sources, limits, clock, metrics));
        server.setHandler(cors);
        server.setStopTimeout(2_000);
        try {
            server.start();
        } catch (IOException e) {
            stopQuietly(server);
            clock.shutdownNow();
            throw e;
        } catch (Exception e) {
            stopQuietly(server);
            clock.shutdownNow();
            throw new IOException("The endpoint did not start: " + e.getMessage(), e);
        }
        return new LocalEndpoint(server, connector, clock);
    }

    /** The endpoint's URL, e.g. {@code http://127.0.0.1:3030/sparql}. */
    public String url() {
        String host = connector.getHost() == null ? "127.0.0.1" : connector.getHost();
        return "http://" + (host.contains(":") ? "[" + host + "]" : host) + ":" + connector.getLocalPort()
                + SparqlService.PATH;
    }

    /** Waits until the endpoint is stopped. */
    void join() throws InterruptedException {
        server.join();
    }

    @Override
    public void close() {
        stopQuietly(server);
        clock.shutdownNow();
    }

    private static void stopQuietly(Server server) {
        try {
            server.stop();
        } catch (Exception e) {
            // Stopping: nothing left to tell.
        }
    }
}
