package dev.ldf.experiments.readme;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.deploy.local.Replica;

/**
 * Every example of the README and {@code docs/} marked {@code <!-- runnable -->} runs as a reader
 * pastes it: in bash, in a directory that holds the repository's folders, against the server the
 * quick start starts on the bundled data, with {@code 127.0.0.1:8080} pointed at its port. An
 * example that fails (exit code, or an {@code error:} line) fails here first. Unmarked blocks are
 * the ones that cannot run here: the build itself, Docker, hour-long experiments, placeholders for
 * the reader's own files.
 */
@Tag("process")
class DocsExamplesTest {

    private static final Pattern RUNNABLE = Pattern.compile("<!-- runnable -->\n```sh\n(.*?)```", Pattern.DOTALL);
    private static final Path ROOT = Path.of("..").toAbsolutePath().normalize();
    /** What the examples use, built by the modules before this one. */
    private static final List<String> BUILT = List.of("server/target/ldf-server.jar", "client-java/target/ldf-query.jar",
            "hdt-data/target/ldf-hdt.jar", "watdiv/target/ldf-watdiv.jar", "hdt-data/target/datasets/library.hdt");

    @TempDir
    static Path work;

    private static Process server;
    private static int port;

    private record Example(Path page, int line, String script) {
    }

    @BeforeAll
    static void startTheQuickStartsServer() throws Exception {
        List<String> missing = BUILT.stream().filter(f -> !Files.isRegularFile(ROOT.resolve(f))).toList();
        if (!missing.isEmpty()) {
            String message = "the examples need the built jars (mvn -B -q package -DskipTests): missing " + missing;
            RequiredTools.missing(message);
        }
        try (Stream<Path> entries = Files.list(ROOT)) {
            for (Path entry : entries.filter(e -> !e.getFileName().toString().startsWith(".")).toList()) {
                Files.createSymbolicLink(work.resolve(entry.getFileName()), entry);
            }
        }
        port = Replica.freePort();
        server = new ProcessBuilder(ROOT.resolve("bin/ldf-server").toString(), "--config", "config/library.json",
                "--port", Integer.toString(port)).directory(work.toFile()).redirectErrorStream(true)
                .redirectOutput(work.resolve("server.log").toFile()).start();
        HttpClient http = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
        while (System.nanoTime() < deadline) {
            assertTrue(server.isAlive(), () -> "the server stopped: " + log());
            try {
                HttpResponse<Void> ready = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port
                        + "/-/ready")).build(), HttpResponse.BodyHandlers.discarding());
                if (ready.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the server was not ready in 90 s: " + log());
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.destroy();
            server.waitFor(30, TimeUnit.SECONDS);
        }
    }

    @TestFactory
    Stream<DynamicTest> everyRunnableExampleRuns() throws IOException {
        List<Example> examples = new ArrayList<>();
        for (Path page : ReadmeFigures.pages(ROOT)) {
            String text = Files.readString(page);
            Matcher block = RUNNABLE.matcher(text);
            while (block.find()) {
                int line = (int) text.substring(0, block.start()).lines().count() + 2;
                examples.add(new Example(page, line, block.group(1)));
            }
        }
        assertTrue(examples.size() >= 10, "the README and docs mark their examples runnable: " + examples.size());
        return examples.stream().map(e -> DynamicTest.dynamicTest(ROOT.relativize(e.page()) + ":" + e.line(), () -> run(e)));
    }

    private static void run(Example example) throws Exception {
        String script = example.script().replace("127.0.0.1:8080", "127.0.0.1:" + port);
        ProcessBuilder bash = new ProcessBuilder("bash", "-eo", "pipefail", "-c", script).directory(work.toFile())
                .redirectErrorStream(true);
        bash.environment().put("XDG_CACHE_HOME", work.resolve("cache").toString());
        bash.environment().put("JAVA_HOME", System.getProperty("java.home"));
        Process process = bash.start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(5, TimeUnit.MINUTES), "still running after 5 minutes");
        String where = ROOT.relativize(example.page()) + ", line " + example.line() + ":\n" + script + "\n---\n" + output;
        assertEquals(0, process.exitValue(), where);
        assertTrue(output.lines().noneMatch(l -> l.startsWith("error:")), where);
    }

    private static String log() {
        try {
            return Files.readString(work.resolve("server.log"));
        } catch (IOException e) {
            return e.toString();
        }
    }
}
