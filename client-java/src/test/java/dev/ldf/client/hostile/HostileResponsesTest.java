package dev.ldf.client.hostile;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.Executors;
import java.util.zip.GZIPOutputStream;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import com.sun.net.httpserver.HttpServer;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSetFormatter;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.http.HttpOptions;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.Federation;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, items 10 and 11: responses without end. A page that never ends, a gzip bomb, an
 * endless CONSTRUCT and a body that drips a byte at a time each end in one clear error naming
 * the source, within the response's size ({@code maxResponseBytes}, here 1 MiB) or its timeout
 * (here 2 s), with the heap intact. Before, the first three ran the client out of memory and the
 * last hung it for ever.
 */
@Tag("server")
class HostileResponsesTest {

    private static final long MAX_BYTES = 1 << 20;
    private static final Duration TIMEOUT = Duration.ofSeconds(2);
    private static final byte[] LINE = "<http://ex.org/s> <http://ex.org/p> \"an endless page\" .\n"
            .getBytes(StandardCharsets.US_ASCII);

    @Test
    void aPageWithoutEndStopsAtTheSizeBound() throws Exception {
        refused(HostileResponsesTest::endlessTriples, "", "sent an answer of more than 1,048,576 bytes");
    }

    @Test
    void aGzipBombStopsAtTheSizeBoundOfWhatItInflatesTo() throws Exception {
        refused(exchange -> {
            start(exchange, "application/n-triples", true);
            try (OutputStream out = new GZIPOutputStream(exchange.getResponseBody())) {
                for (int i = 0; i < 2_000_000; i++) { // 116 MB inflated, about 300 KB sent
                    out.write(LINE);
                }
            }
        }, "", "sent an answer of more than 1,048,576 bytes");
    }

    @Test
    void anEndlessConstructStopsAtTheSizeBound() throws Exception {
        refused(exchange -> {
            String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            if (form.contains("ASK")) {
                byte[] yes = "{\"head\":{},\"boolean\":true}".getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().set("Content-Type", "application/sparql-results+json");
                exchange.sendResponseHeaders(200, yes.length);
                exchange.getResponseBody().write(yes);
                exchange.close();
                return;
            }
            endlessTriples(exchange);
        }, "sparql@", "sent an answer of more than 1,048,576 bytes");
    }

    @Test
    void aBodyThatDripsEndsAtTheTimeout() throws Exception {
        refused(exchange -> {
            start(exchange, "application/n-triples", false);
            try (OutputStream out = exchange.getResponseBody()) {
                for (byte b : LINE) {
                    out.write(b);
                    out.flush();
                    sleep(500);
                }
                while (true) {
                    out.write(' ');
                    out.flush();
                    sleep(500);
                }
            }
        }, "", "did not send its whole answer within 2 s");
    }

    private static void refused(HttpHandler hostile, String prefix, String expected) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        server.createContext("/", exchange -> {
            try {
                hostile.handle(exchange);
            } catch (IOException e) {
                // the client went away, as it should
            } finally {
                exchange.close();
            }
        });
        server.setExecutor(Executors.newCachedThreadPool());
        server.start();
        String url = prefix + "http://127.0.0.1:" + server.getAddress().getPort() + "/data";
        ClientOptions options = ClientOptions.defaults().withHttp(HttpOptions.defaults().withRequestTimeout(TIMEOUT)
                .withMaxResponseBytes(MAX_BYTES).withRetries(0, Duration.ofMillis(10)));
        try {
            FragmentException refused = assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThrows(
                    FragmentException.class, () -> {
                        try (Federation sources = Federation.connect(List.of(url), options, new ClientListener() {});
                                QueryExecution execution = QueryExecution.create(
                                        QueryFactory.create("SELECT * WHERE { ?s <http://ex.org/p> ?o }"),
                                        FragmentDataset.of(sources))) {
                            ResultSetFormatter.consume(execution.execSelect());
                        }
                    }));
            assertTrue(refused.getMessage().contains(expected), refused.getMessage());
            assertTrue(refused.getMessage().contains("127.0.0.1:" + server.getAddress().getPort()), refused.getMessage());
        } finally {
            server.stop(0);
        }
    }

    /** N-Triples that never end, until the client hangs up. */
    private static void endlessTriples(HttpExchange exchange) throws IOException {
        start(exchange, "application/n-triples", false);
        try (OutputStream out = exchange.getResponseBody()) {
            while (true) {
                out.write(LINE);
            }
        }
    }

    private static void start(HttpExchange exchange, String type, boolean gzip) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", type);
        if (gzip) {
            exchange.getResponseHeaders().set("Content-Encoding", "gzip");
        }
        exchange.sendResponseHeaders(200, 0);
    }

    private static void sleep(long millis) throws IOException {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            throw new IOException(e);
        }
    }
}
