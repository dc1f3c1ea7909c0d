package dev.ldf.server.war;

import java.io.IOException;
import java.io.OutputStream;
import java.net.Socket;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

import org.apache.catalina.Context;
import org.apache.catalina.LifecycleState;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.ErrorReportValve;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.golden.GoldenResponses;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The packaged WAR ({@code target/ldf-server.war}) deployed into a real Tomcat 10.1, twice: at the
 * root with the golden-response configuration, whose recorded answers it must give, and under
 * {@code /ldf} with a configuration of its own and a load limit of one request.
 */
class WarInTomcatIT {

    /**
     * Requests Tomcat refuses before the application sees them, by the start of their name in the
     * recording: TRACE (405, Allow: OPTIONS), an encoded slash in the path (400), a request line
     * longer than its limit (400 where the embedded server says 414).
     */
    private static final List<String> CONTAINER_ANSWERS = List.of("=== TRACE ", "=== GET /%3Cscript%3E",
            "=== GET /library?subject=aaaaaaaaaa");

    private static final String TOKEN = "a-token-for-the-war-test";

    private static final HttpClient CLIENT = HttpClient.newHttpClient();

    /** What the container logged while it started. */
    private static final List<String> LOG = Collections.synchronizedList(new ArrayList<>());
    private static final Handler LOGGED = new Handler() {
        @Override
        public void publish(LogRecord record) {
            for (Throwable t = record.getThrown(); t != null; t = t.getCause()) {
                LOG.add(t.getMessage());
            }
        }

        @Override
        public void flush() {
        }

        @Override
        public void close() {
        }
    };

    private static Tomcat tomcat;
    private static Context broken;
    private static int port;

    @BeforeAll
    static void deploy(@TempDir Path dir) throws Exception {
        Path war = Path.of(System.getProperty("ldf.war", "target/ldf-server.war")).toAbsolutePath();
        assertTrue(Files.isRegularFile(war), "the WAR is built first (mvn verify): " + war);
        Files.createDirectories(dir.resolve("webapps"));
        tomcat = new Tomcat();
        tomcat.setBaseDir(dir.toString());
        Connector connector = new Connector();
        connector.setPort(0);
        connector.setProperty("address", "127.0.0.1");
        tomcat.setConnector(connector);
        // As the README tells publishers: the container's own error pages without stack traces or its name.
        ErrorReportValve errors = new ErrorReportValve();
        errors.setShowReport(false);
        errors.setShowServerInfo(false);
        tomcat.getHost().getPipeline().addValve(errors);
        Context root = tomcat.addWebapp("", war.toString());
        root.addParameter(FragmentsWebApp.CONFIG_PARAMETER, GoldenResponses.writeConfig(dir, TestData.libraryHdt()).toString());
        Context ldf = tomcat.addWebapp("/ldf", war.toString());
        ldf.addParameter(FragmentsWebApp.CONFIG_PARAMETER, Files.writeString(dir.resolve("ldf.json"), """
                {
                  "title": "In Tomcat",
                  "datasets": [
                    { "name": "library", "hdt": "%s", "pageSize": 100 },
                    { "name": "notes", "hdt": "%s", "writes": { "enabled": true, "token": "%s" } }
                  ],
                  "limits": { "maxConcurrentRequests": 1, "maxQueuedRequests": 1, "queueTimeoutMillis": 500 }
                }
                """.formatted(TestData.libraryHdt().toAbsolutePath(),
                        Files.copy(TestData.libraryHdt(), dir.resolve("notes.hdt")), TOKEN)).toString());
        // A configuration that is not there: that application fails to deploy, saying why; the others run.
        broken = tomcat.addWebapp("/broken", war.toString());
        broken.addParameter(FragmentsWebApp.CONFIG_PARAMETER, dir.resolve("missing.json").toString());
        Logger.getLogger("").addHandler(LOGGED);
        try {
            tomcat.start();
        } finally {
            Logger.getLogger("").removeHandler(LOGGED);
        }
        assertEquals(LifecycleState.STARTED, root.getState(), "the root application started");
        assertEquals(LifecycleState.STARTED, ldf.getState(), "the /ldf application started");
        port = connector.getLocalPort();
    }

    @AfterAll
    static void undeploy() throws Exception {
        if (tomcat != null) {
            tomcat.stop();
            tomcat.destroy();
        }
    }

    /**
     * Every recorded request but those the container answers itself gets the recorded answer, byte
     * for byte, except what the container owns: the reason phrase of the status line (Tomcat sends
     * none) and {@code Vary: Accept-Encoding} (compression is the container's). The container's own
     * answers are refusals without a stack trace or the container's name.
     */
    @Test
    void answersTheGoldenRequestsAsTheEmbeddedServer() throws IOException {
        List<String> recorded = GoldenResponses.recorded();
        List<String> answers = GoldenResponses.answers(port);
        assertEquals(recorded.size(), answers.size());
        List<String> different = new ArrayList<>();
        int compared = 0;
        for (int i = 0; i < answers.size(); i++) {
            String answer = answers.get(i);
            if (CONTAINER_ANSWERS.stream().anyMatch(answer::startsWith)) {
                String status = answer.lines().skip(1).findFirst().orElse("");
                assertTrue(status.matches("HTTP/1\\.1 4\\d\\d.*"), answer);
                assertFalse(answer.contains("org.apache") || answer.contains("java.") || answer.contains("Tomcat"), answer);
                continue;
            }
            compared++;
            if (!withoutContainerParts(answer).equals(withoutContainerParts(recorded.get(i)))) {
                different.add("--- recorded\n" + recorded.get(i) + "\n+++ in Tomcat\n" + answer);
            }
        }
        assertTrue(compared > 500, "compared " + compared);
        assertTrue(different.isEmpty(), () -> different.size() + " responses differ from the recording; the first:\n"
                + GoldenResponses.abbreviate(different.get(0)));
    }

    /** An answer without the status line's reason phrase and without Accept-Encoding in Vary. */
    private static String withoutContainerParts(String answer) {
        return answer.replaceFirst("(?m)^(HTTP/1\\.1 \\d{3}).*$", "$1")
                .replaceAll("(?m)^vary: Accept-Encoding\n", "")
                .replaceAll("(?m)^(vary: .*), Accept-Encoding$", "$1");
    }

    @Test
    void aConfigurationThatCannotBeReadFailsItsDeploymentWithTheReason() {
        assertTrue(broken.getState() != LifecycleState.STARTED, broken.getState().toString());
        assertTrue(LOG.stream().anyMatch(m -> m != null && m.startsWith("Configuration file not found: ")
                && m.contains("missing.json")), String.valueOf(LOG));
        assertEquals(404, Http.get("http://127.0.0.1:" + port + "/broken/library").statusCode());
    }

    @Test
    void underAContextPathEveryLinkNamesIt() {
        String base = "http://127.0.0.1:" + port + "/ldf";
        HttpResponse<String> page = Http.get(base + "/library", "Accept", "text/turtle");
        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("<" + base + "/library?page=2>"), page.body());
        assertEquals("*", page.headers().firstValue("Access-Control-Allow-Origin").orElse(null));
        HttpResponse<String> index = Http.get(base + "/", "Accept", "text/turtle");
        assertTrue(index.body().contains("<" + base + "/library>"), index.body());
        assertEquals(404, Http.get(base + "/nosuch").statusCode());
        HttpResponse<String> jsp = Http.get(base + "/index.jsp");
        assertEquals(404, jsp.statusCode());
        assertTrue(jsp.body().contains("There is no dataset at /index.jsp"), "the server's own answer: " + jsp.body());
    }

    /** The interfaces that use more of the container than a fragment: a streamed dump, the preemptive endpoint. */
    @Test
    void dumpsAndThePreemptiveEndpointWork() {
        String base = "http://127.0.0.1:" + port + "/ldf";
        HttpResponse<String> dump = Http.get(base + "/library/dump.nt");
        assertEquals(200, dump.statusCode(), dump.body());
        assertEquals(5625, dump.body().lines().count());
        String query = URLEncoder.encode("SELECT ?name WHERE { <http://example.org/library/person/3> "
                + "<http://schema.org/name> ?name }", StandardCharsets.UTF_8);
        HttpResponse<String> sparql = Http.get(base + "/library/sparql?query=" + query,
                "Accept", "application/sparql-results+json");
        assertEquals(200, sparql.statusCode(), sparql.body());
        assertTrue(sparql.body().contains("\"name\""), sparql.body());
    }

    /** A live dataset: a patch written, seen in fragments and the feed, a long poll that waits without a place. */
    @Test
    void aLiveDatasetTakesPatchesAndItsFeedLongPolls() throws Exception {
        String notes = "http://127.0.0.1:" + port + "/ldf/notes";
        String subject = "http://example.org/library/book/1";
        CompletableFuture<HttpResponse<String>> waiting = CLIENT.sendAsync(
                HttpRequest.newBuilder(URI.create(notes + "/changes?since=0&wait=30")).build(),
                HttpResponse.BodyHandlers.ofString());
        Thread.sleep(200);
        assertFalse(waiting.isDone(), "nothing after version 0 yet: the request waits");
        HttpResponse<String> written = CLIENT.send(HttpRequest.newBuilder(URI.create(notes + "/changes"))
                .header("Authorization", "Bearer " + TOKEN).header("Content-Type", "application/rdf-patch")
                .POST(HttpRequest.BodyPublishers.ofString("A <" + subject + "> <http://schema.org/name> \"written\" .\n"))
                .build(), HttpResponse.BodyHandlers.ofString());
        assertTrue(written.statusCode() / 100 == 2, written.statusCode() + " " + written.body());
        HttpResponse<String> next = waiting.get(10, TimeUnit.SECONDS);
        assertEquals(200, next.statusCode());
        assertTrue(next.body().startsWith("H id <urn:ldf:version:1> .\n"), next.body());
        String fragment = Http.get(notes + "?subject=" + URLEncoder.encode(subject, StandardCharsets.UTF_8),
                "Accept", "application/n-triples").body();
        assertTrue(fragment.contains("\"written\""), fragment);
    }

    /**
     * Issue 47: path parameters and dot segments, which Tomcat maps past a proxy's block on
     * {@code /ldf/-/} to the metrics, are refused as the embedded Jetty refuses them.
     */
    @Test
    void pathParametersAndDotSegmentsAreRefused() throws IOException {
        for (String path : new String[] {"/ldf/;x/-/metrics", "/ldf/library/..;/-/metrics", "/ldf/library/../-/metrics",
                "/ldf/library/%2e%2e/-/metrics", "/ldf/./-/metrics", "/ldf/library;jsessionid=1"}) {
            try (Socket socket = new Socket("127.0.0.1", port)) {
                socket.setSoTimeout(10_000);
                socket.getOutputStream().write(("GET " + path + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
                        .getBytes(StandardCharsets.US_ASCII));
                String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
                assertTrue(answer.startsWith("HTTP/1.1 400"), path + ": " + answer);
                assertFalse(answer.contains("ldf_requests_total"), path + ": " + answer);
            }
        }
    }

    @Test
    void operatorEndpointsAnswerAndCountTheRequests() {
        String base = "http://127.0.0.1:" + port + "/ldf";
        Http.get(base + "/library?predicate=http%3A%2F%2Fschema.org%2Fname");
        HttpResponse<String> ready = Http.get(base + "/-/ready");
        assertEquals(200, ready.statusCode());
        assertEquals("ready\n", ready.body());
        String metrics = Http.get(base + "/-/metrics").body();
        assertTrue(metrics.contains("ldf_requests_total{dataset=\"library\",interface=\"tpf\",status=\"200\"}"), metrics);
        assertTrue(metrics.contains("ldf_dataset_triples{dataset=\"library\"} 5625"), metrics);
    }

    /**
     * With one place and one waiting slot. A brTPF body that has not arrived holds no place (issue
     * 47: in a container it was read inside the limit): it is read first, and other requests go
     * through meanwhile. A patch larger than {@code maxRequestBodyBytes}, which the endpoint streams,
     * holds the place while it arrives: the next request waits and is refused after the queue
     * timeout with 503 and Retry-After, and once the place is free requests go through.
     */
    @Test
    void theLoadLimitQueuesAndRefusesAsConfigured() throws Exception {
        String base = "http://127.0.0.1:" + port + "/ldf";
        try (Socket slowBody = new Socket("127.0.0.1", port)) {
            String body = "values=" + URLEncoder.encode("(?s) { (<http://example.org/library/book/1>) }",
                    StandardCharsets.UTF_8);
            OutputStream out = slowBody.getOutputStream();
            out.write(("POST /ldf/library?subject=%3Fs HTTP/1.1\r\nHost: x\r\nAccept: application/n-triples\r\n"
                    + "Content-Type: application/x-www-form-urlencoded\r\nContent-Length: " + body.length()
                    + "\r\nConnection: close\r\n\r\n" + body.substring(0, 5)).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(300);
            assertEquals(200, Http.get(base + "/library").statusCode(), "a body on its way holds no place");
            out.write(body.substring(5).getBytes(StandardCharsets.US_ASCII));
            out.flush();
            String answer = new String(slowBody.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            assertTrue(answer.startsWith("HTTP/1.1 200"), answer);
            assertTrue(answer.contains("<http://example.org/library/book/1>"), answer);
        }
        try (Socket holder = new Socket("127.0.0.1", port)) {
            OutputStream out = holder.getOutputStream();
            out.write(("POST /ldf/notes/changes HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer " + TOKEN
                    + "\r\nContent-Type: application/rdf-patch\r\nContent-Length: " + (2 << 20)
                    + "\r\nConnection: close\r\n\r\nA <http://example.org/s> ").getBytes(StandardCharsets.US_ASCII));
            out.flush();
            Thread.sleep(300); // the held request takes the place before the next one comes
            HttpResponse<String> refused = Http.get(base + "/library");
            assertEquals(503, refused.statusCode(), refused.body());
            assertEquals("1", refused.headers().firstValue("Retry-After").orElse(null));
            assertTrue(refused.body().startsWith("503 Service Unavailable"), refused.body());
        }
        HttpResponse<String> after = null;
        for (int i = 0; i < 50 && (after == null || after.statusCode() != 200); i++) {
            Thread.sleep(100); // the container notices the closed connection and the patch's read fails
            after = Http.get(base + "/library");
        }
        assertEquals(200, after.statusCode());
        assertTrue(Http.get(base + "/-/metrics").body().contains("ldf_requests_rejected_total{reason=\"queue_timeout\"} 1.0"));
    }
}
