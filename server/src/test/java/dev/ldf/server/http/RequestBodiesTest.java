package dev.ldf.server.http;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Limits;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 32: request bodies that do not decode, or do not arrive, get a short 4xx and leave no
 * thread behind. A gzip or deflate body cut at every length, POSTed to a brTPF fragment, the
 * preemptive endpoint and the change feed, is a 400 at once (Jetty's own request decompression
 * spun a thread forever on it); a body that stops before its Content-Length is a 408 once the
 * connection is idle, never a 200 with an empty body or no answer.
 */
@Tag("server")
@Tag("slow")
class RequestBodiesTest {

    private static final String TOKEN = "a-token-for-tests-0123456789";

    @TempDir
    static Path dir;

    private static FragmentServer server;

    /** A request target and a body that it accepts. */
    private record Target(String path, String type, String body) {}

    private static final List<Target> TARGETS = List.of(
            new Target("/library", FragmentParameters.FORM, "subject=&predicate=http%3A%2F%2Fschema.org%2Fauthor&object="
                    ),
            new Target("/library/sparql", FragmentParameters.FORM, "query=SELECT+*+WHERE+%7B+%3Fs+%3Chttp%3A%2F%2F"
                    + "schema.org%2Fauthor%3E+%3Fo+%7D"),
            new Target("/library/changes", "application/rdf-patch",
                    "TX .\nA <http://example.org/s> <http://example.org/p> \"from a compressed body\" .\nTC .\n"));

    @BeforeAll
    static void start() throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        DatasetConfig library = DatasetConfig.builder("library", hdt.toString())
                .writes(new Writes(true, TOKEN, null)).build();
        // Connections idle for 2 s are closed: a body that stops arriving is found out soon.
        Limits limits = Limits.builder().idleTimeoutSeconds(2).build();
        server = FragmentServer.start(ServerConfig.of(List.of(library)).toBuilder().listener("127.0.0.1", 0).limits(limits).build());
    }

    @AfterAll
    static void stop() {
        server.close();
    }

    @Test
    void compressedBodiesCutAtEveryLengthAre400AndNoThreadIsLeftRunning() throws Exception {
        int sent = 0;
        for (Target target : TARGETS) {
            for (String coding : new String[] {"gzip", "deflate"}) {
                byte[] whole = compress(target.body().getBytes(StandardCharsets.UTF_8), coding);
                assertEquals(200, post(target, coding, whole, whole.length).status(), target + " " + coding);
                for (int cut = 0; cut < whole.length; cut++) {
                    byte[] part = Arrays.copyOf(whole, cut);
                    Answer answer = post(target, coding, part, part.length);
                    sent++;
                    assertEquals(400, answer.status(), target.path() + ", " + coding + " cut to " + cut + " bytes: "
                            + answer.text());
                    assertTrue(answer.text().contains("The request body"), answer.text());
                    assertFalse(answer.text().contains("Exception") || answer.text().contains("java."), answer.text());
                }
            }
        }
        assertTrue(sent > 200, sent + " requests");
        assertNoServerThreadBusy();
    }

    /** The 77-byte request of the issue: gzip with its last 12 bytes removed. */
    @Test
    void theRequestFromTheReportGetsA400() throws Exception {
        byte[] gzip = compress(("subject=&predicate=http%3A%2F%2Fschema.org%2Fauthor&object=&x=" + "a".repeat(2000))
                .getBytes(StandardCharsets.UTF_8), "gzip");
        byte[] cut = Arrays.copyOf(gzip, gzip.length - 12);
        for (Target target : TARGETS) {
            Answer answer = post(target, "gzip", cut, cut.length);
            assertEquals(400, answer.status(), answer.text());
        }
        assertNoServerThreadBusy();
    }

    @Test
    void aBodyShorterThanItsContentLengthIs408NotSilenceOrAnEmpty200() throws Exception {
        for (Target target : TARGETS) {
            // Small enough for the body reader, and larger than the body limit (read by the servlet).
            for (int declared : new int[] {1000, 5_000_000}) {
                byte[] start = Arrays.copyOf(target.body().getBytes(StandardCharsets.UTF_8), 20);
                Answer answer = post(target, null, start, declared);
                assertTrue(answer.status() == 408 || declared > 1_048_576 && answer.status() == 413,
                        target.path() + " declaring " + declared + ": " + answer.status() + " " + answer.text());
                assertTrue(answer.head().toLowerCase(Locale.ROOT).contains("connection: close"), answer.head());
                assertFalse(answer.text().contains("Exception") || answer.text().contains("java."), answer.text());
            }
        }
    }

    /** No request thread is left running after its answer: none of the server's threads is busy in our code or a decoder. */
    private static void assertNoServerThreadBusy() throws InterruptedException {
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long before = serverCpu(threads);
        Thread.sleep(1000);
        long used = serverCpu(threads) - before;
        List<String> busy = new ArrayList<>();
        for (ThreadInfo info : threads.dumpAllThreads(false, false)) {
            if (info.getThreadName().startsWith("ldf") && info.getThreadState() == Thread.State.RUNNABLE
                    && Arrays.stream(info.getStackTrace()).anyMatch(f -> f.getClassName().contains("Gzip")
                            || f.getClassName().contains("Inflater") || f.getClassName().startsWith("dev.ldf"))) {
                busy.add(info.getThreadName() + " " + Arrays.toString(info.getStackTrace()));
            }
        }
        assertTrue(busy.isEmpty(), busy.toString());
        assertTrue(used < 300_000_000L, "the server's threads used " + used / 1_000_000 + " ms of CPU in an idle second");
    }

    private static long serverCpu(ThreadMXBean threads) {
        long total = 0;
        for (ThreadInfo info : threads.dumpAllThreads(false, false)) {
            if (info.getThreadName().startsWith("ldf")) {
                total += Math.max(0, threads.getThreadCpuTime(info.getThreadId()));
            }
        }
        return total;
    }

    private record Answer(int status, String head, String text) {}

    /** POSTs {@code body} over a socket of its own, declaring {@code declared} bytes, and reads the answer. */
    private static Answer post(Target target, String coding, byte[] body, int declared) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(20_000);
            String head = "POST " + target.path() + " HTTP/1.1\r\nHost: localhost\r\nContent-Type: " + target.type()
                    + "\r\nAuthorization: Bearer " + TOKEN + "\r\nAccept: text/plain, */*;q=0.1\r\nContent-Length: "
                    + declared + "\r\n" + (coding == null ? "" : "Content-Encoding: " + coding + "\r\n") + "\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().write(body);
            socket.getOutputStream().flush();
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream answer = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            // One response: the headers, then Content-Length bytes (or until the server closes).
            int length = -1;
            int headEnd = -1;
            for (int n = in.read(buffer); n >= 0; n = in.read(buffer)) {
                answer.write(buffer, 0, n);
                String text = answer.toString(StandardCharsets.UTF_8);
                if (headEnd < 0 && (headEnd = text.indexOf("\r\n\r\n")) >= 0) {
                    Matcher m = Pattern.compile("(?i)content-length: (\\d+)").matcher(text.substring(0, headEnd));
                    length = m.find() ? Integer.parseInt(m.group(1)) : -1;
                }
                if (headEnd >= 0 && length >= 0 && answer.size() >= headEnd + 4 + length) {
                    break;
                }
            }
            String text = answer.toString(StandardCharsets.UTF_8);
            Matcher status = Pattern.compile("^HTTP/1\\.1 (\\d{3})").matcher(text);
            if (!status.find() || headEnd < 0) {
                throw new IOException("no answer to " + target.path() + ": " + text);
            }
            return new Answer(Integer.parseInt(status.group(1)), text.substring(0, headEnd), text.substring(headEnd + 4));
        }
    }

    private static byte[] compress(byte[] body, String coding) throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (var compressing = coding.equals("gzip") ? new GZIPOutputStream(out) : new DeflaterOutputStream(out)) {
            compressing.write(body);
        }
        return out.toByteArray();
    }
}
