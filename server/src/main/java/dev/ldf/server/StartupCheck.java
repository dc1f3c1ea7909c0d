package dev.ldf.server;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.eclipse.jetty.http.HttpTester;
import org.eclipse.jetty.server.LocalConnector;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.rdf.OutputFormat;

/**
 * Requests the server answers in-process, through its whole handler chain, before it opens its
 * port: every format, literals, an invalid term, a deep page, brTPF by GET and POST, the index
 * and the error pages. They initialise every library class a first request needs on one thread
 * (concurrent first requests once deadlocked in class initialisation), and prove that the server
 * can answer: a 5xx here stops start-up.
 */
final class StartupCheck {

    private StartupCheck() {}

    /** @throws IllegalStateException naming the first request that failed */
    static void run(LocalConnector connector, ServerConfig config) throws Exception {
        for (String request : requests(config)) {
            HttpTester.Response response = HttpTester.parseResponse(connector.getResponse(request, 30, TimeUnit.SECONDS));
            if (response == null || response.getStatus() >= 500) {
                throw new IllegalStateException("The start-up check failed: " + request.lines().findFirst().orElse("")
                        + " was answered with " + (response == null ? "nothing" : response.getStatus()));
            }
        }
    }

    private static List<String> requests(ServerConfig config) {
        List<String> requests = new ArrayList<>();
        for (OutputFormat format : OutputFormat.values()) {
            requests.add(get("/", format.mediaType()));
        }
        for (DatasetConfig d : config.datasets()) {
            String path = "/" + d.name();
            for (OutputFormat format : OutputFormat.values()) {
                requests.add(get(path + "?object=%22check%22%40en", format.mediaType()));
                requests.add(get(path + "?object=%221%22%5E%5Ehttp%3A%2F%2Fwww.w3.org%2F2001%2FXMLSchema%23integer",
                        format.mediaType()));
                requests.add(get(path + "?subject=%3Cnot-an-iri", format.mediaType()));
            }
            requests.add(get(path + "?page=2", "application/n-quads"));
            if (d.maxBindingsPerRequest() > 0) {
                String values = "values=%28%3Fs%29%20%7B%20%28%3Chttp%3A%2F%2Fexample.org%2Fs%3E%29%20%7D";
                requests.add(get(path + "?subject=%3Fs&" + values, "application/n-quads"));
                requests.add("POST " + path + " HTTP/1.1\r\nHost: localhost\r\nAccept: application/n-quads\r\n"
                        + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: "
                        + ("subject=%3Fs&" + values).length() + "\r\n\r\nsubject=%3Fs&" + values);
            }
        }
        requests.add(get("/.well-known/genid/none/x", "text/html"));
        requests.add(get("/none", "text/html"));
        requests.add(get("/none", "image/png"));
        return requests;
    }

    private static String get(String target, String accept) {
        return "GET " + target + " HTTP/1.1\r\nHost: localhost\r\nAccept: " + accept + "\r\n\r\n";
    }
}
