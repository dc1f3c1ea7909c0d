package dev.ldf.client.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.QueryParseException;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;

/**
 * A plain SPARQL 1.1 endpoint over a Jena model, in process, on a loopback port: the protocol's
 * POSTed form ({@code query=}), SELECT and ASK answered in JSON, CONSTRUCT in N-Triples, a query
 * that does not parse with 400. What a federation test needs of a third-party endpoint.
 */
public final class SparqlTestEndpoint implements AutoCloseable {

    private final HttpServer server;
    private final Model model;
    private final AtomicInteger requests = new AtomicInteger();
    private final List<String> queries = Collections.synchronizedList(new ArrayList<>());

    public SparqlTestEndpoint(Model model) throws IOException {
        this.model = model;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/sparql", this::answer);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
    }

    /** The endpoint's URL. */
    public String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/sparql";
    }

    /** The text of every query received, in order. */
    public List<String> queries() {
        return List.copyOf(queries);
    }

    /** Queries answered so far. */
    public int requests() {
        return requests.get();
    }

    private void answer(HttpExchange exchange) throws IOException {
        requests.incrementAndGet();
        try (exchange) {
            String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String text = null;
            for (String pair : form.split("&")) {
                if (pair.startsWith("query=")) {
                    text = URLDecoder.decode(pair.substring(6), StandardCharsets.UTF_8);
                }
            }
            queries.add(String.valueOf(text));
            Query query;
            try {
                query = QueryFactory.create(text == null ? "" : text);
            } catch (QueryParseException e) {
                send(exchange, 400, "text/plain", ("Bad query: " + e.getMessage()).getBytes(StandardCharsets.UTF_8));
                return;
            }
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            String type;
            try (QueryExecution execution = QueryExecution.create(query, DatasetFactory.wrap(model))) {
                if (query.isSelectType()) {
                    ResultSetFormatter.outputAsJSON(out, execution.execSelect());
                    type = "application/sparql-results+json";
                } else if (query.isAskType()) {
                    ResultSetFormatter.outputAsJSON(out, execution.execAsk());
                    type = "application/sparql-results+json";
                } else {
                    RDFDataMgr.write(out, execution.execConstruct(), Lang.NTRIPLES);
                    type = "application/n-triples";
                }
            }
            send(exchange, 200, type, out.toByteArray());
        }
    }

    private static void send(HttpExchange exchange, int status, String type, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(status, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
