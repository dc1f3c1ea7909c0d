package dev.ldf.client.hostile;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.function.Function;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import org.apache.jena.graph.Node;
import org.apache.jena.query.Query;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.sparql.core.Var;

/**
 * A SPARQL endpoint that lies, on a loopback port: it says yes to every ASK, a count of 3 to
 * every COUNT, and answers every SELECT and CONSTRUCT with the one term {@code term} gives, for
 * each variable, written as that term's SPARQL JSON or N-Triples text. What a hostile member of
 * a federation sends; the client must refuse it before it uses or passes on the term.
 */
final class HostileSparqlEndpoint implements AutoCloseable {

    private final HttpServer server;
    /** The term for a variable: its JSON object (SELECT) or its N-Triples text (CONSTRUCT). */
    private final String json;
    private final String ntriples;
    private final Function<String, String> countAnswer;

    HostileSparqlEndpoint(String json, String ntriples, Function<String, String> countAnswer) throws IOException {
        this.json = json;
        this.ntriples = ntriples;
        this.countAnswer = countAnswer;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/sparql", this::answer);
        server.setExecutor(Executors.newFixedThreadPool(4));
        server.start();
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/sparql";
    }

    private void answer(HttpExchange exchange) throws IOException {
        try (exchange) {
            String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String text = URLDecoder.decode(form.substring(form.indexOf("query=") + 6), StandardCharsets.UTF_8);
            Query query = QueryFactory.create(text);
            if (query.isAskType()) {
                send(exchange, "application/sparql-results+json", "{\"head\":{},\"boolean\":true}");
            } else if (text.contains("COUNT(")) {
                send(exchange, "application/sparql-results+json",
                        "{\"head\":{\"vars\":[\"count\"]},\"results\":{\"bindings\":[{\"count\":" + countAnswer.apply(text) + "}]}}");
            } else if (query.isSelectType()) {
                List<String> cells = new ArrayList<>();
                List<String> vars = new ArrayList<>();
                for (Var v : query.getProjectVars()) {
                    vars.add("\"" + v.getVarName() + "\"");
                    cells.add("\"" + v.getVarName() + "\":" + json);
                }
                send(exchange, "application/sparql-results+json", "{\"head\":{\"vars\":[" + String.join(",", vars)
                        + "]},\"results\":{\"bindings\":[{" + String.join(",", cells) + "}]}}");
            } else {
                StringBuilder triples = new StringBuilder();
                query.getConstructTemplate().getTriples().forEach(t -> triples.append(nt(t.getSubject())).append(' ')
                        .append(nt(t.getPredicate())).append(' ').append(nt(t.getObject())).append(" .\n"));
                send(exchange, "application/n-triples", triples.toString());
            }
        }
    }

    private String nt(Node node) {
        return node.isVariable() ? ntriples : "<" + node.getURI() + ">";
    }

    /** A whole 200 answer of {@code type}; the fixtures' one way to answer. */
    static void send(HttpExchange exchange, String type, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        exchange.sendResponseHeaders(200, bytes.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(bytes);
        }
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
