package dev.ldf.client.hostile;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.util.concurrent.Executors;
import java.util.function.UnaryOperator;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;

/**
 * A TPF server that lies, on a loopback port: every fragment is the same 100 triples
 * {@code <http://ex.org/sN> <http://ex.org/p> "N"}, announced with the count it is given (any
 * text) and linked to the next page that {@code next} makes of the page's URL (null: none), with
 * the controls a TPF client needs, in N-Quads.
 */
final class HostileTpfServer implements AutoCloseable {

    private static final String HYDRA = "http://www.w3.org/ns/hydra/core#";

    private final HttpServer server;
    private final String base;
    private final String count;
    private final UnaryOperator<String> next;

    HostileTpfServer(String count, UnaryOperator<String> next) throws IOException {
        this.count = count;
        this.next = next;
        this.server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        this.base = "http://127.0.0.1:" + server.getAddress().getPort() + "/data";
        server.createContext("/data", this::page);
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
    }

    /** The dataset's URL. */
    String url() {
        return base;
    }

    private void page(HttpExchange exchange) throws IOException {
        String url = base + (exchange.getRequestURI().getRawQuery() == null ? "" : "?" + exchange.getRequestURI().getRawQuery());
        String graph = " <" + url + "#metadata> .\n";
        StringBuilder quads = new StringBuilder();
        quads.append('<').append(url).append("> <http://rdfs.org/ns/void#triples> ").append(count).append(graph);
        String after = next.apply(url);
        if (after != null) {
            quads.append('<').append(url).append("> <").append(HYDRA).append("next> <").append(after).append('>').append(graph);
        }
        quads.append('<').append(base).append("#dataset> <").append(HYDRA).append("search> <").append(base).append("#form>")
                .append(graph);
        quads.append('<').append(base).append("#form> <").append(HYDRA).append("template> \"").append(base)
                .append("{?subject,predicate,object}\"").append(graph);
        for (String variable : new String[] {"subject", "predicate", "object"}) {
            quads.append('<').append(base).append("#form> <").append(HYDRA).append("mapping> <").append(base).append('#')
                    .append(variable).append('>').append(graph);
            quads.append('<').append(base).append('#').append(variable).append("> <").append(HYDRA).append("variable> \"")
                    .append(variable).append('"').append(graph);
            quads.append('<').append(base).append('#').append(variable).append("> <").append(HYDRA)
                    .append("property> <http://www.w3.org/1999/02/22-rdf-syntax-ns#").append(variable).append('>')
                    .append(graph);
        }
        for (int i = 0; i < 100; i++) {
            quads.append("<http://ex.org/s").append(i).append("> <http://ex.org/p> \"").append(i).append("\" .\n");
        }
        HostileSparqlEndpoint.send(exchange, "application/n-quads", quads.toString());
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
