package dev.ldf.server.hostile;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.system.StreamRDFBase;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.hostile.HostileWrites.Expect;
import dev.ldf.server.hostile.HostileWrites.Write;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 32: over 2,000 seeded hostile writes ({@link HostileWrites}) against a real primary with
 * a real follower. Never a 5xx or a write without an answer; a refused write changes nothing
 * (the version is checked after each, the data at the end); an aborted transaction makes no
 * version; after a compaction in the middle, the data is exactly what the acknowledged writes
 * made it; no thread of the server is left running; the follower holds the same data, and so does
 * the primary after it is killed and started again.
 */
@Tag("process")
class HostileWritesTest {

    private static final long SEED = 32;
    private static final int MIXED = 1_700;
    private static final String HEAP = "-Xmx256m";
    private static final long MAX_PATCH_BYTES = 8L << 20; // a thirty-second of the heap
    private static final String TOKEN = "a-token-for-hostile-writes";
    private static final HttpClient CLIENT = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1)
            .connectTimeout(Duration.ofSeconds(10)).build();

    @TempDir
    Path dir;

    private final Map<String, Integer> statuses = new TreeMap<>();
    private final List<String> problems = new ArrayList<>();
    private long version;
    private int writes;

    @Test
    void hostileWritesNeverBreakTheLogTheDataOrAFollower() throws Exception {
        ServerConfig primaryConfig = config("primary", new Writes(true, TOKEN, null, 0L, null));
        ServerProcess primary = ServerProcess.start(primaryConfig, dir, HEAP);
        try (ServerProcess follower = ServerProcess.start(config("follower",
                new Writes(false, null, null, 0L, primary.uri() + "library")), dir, HEAP)) {
            Set<Triple> base = dump(primary);
            HostileWrites generator = new HostileWrites(SEED, base, primary.uri().toString(), MAX_PATCH_BYTES);

            for (int i = 0; i < MIXED / 2; i++) {
                send(primary, generator, generator.next());
            }
            compact(primary);
            version = datasetVersion(primary); // a compaction marks its place in the log with a version of its own
            for (int i = 0; i < 3; i++) {
                generator.transactionCutEverywhere().forEach(w -> send(primary, generator, w));
            }
            for (String coding : new String[] {"gzip", "deflate"}) {
                for (int i = 0; i < 2; i++) {
                    generator.compressedAndCutAtEveryLength(coding).forEach(w -> send(primary, generator, w));
                }
                send(primary, generator, generator.inflatingPastTheLimit(coding));
            }
            for (int i = 0; i < MIXED / 2; i++) {
                send(primary, generator, generator.next());
            }

            System.out.printf(Locale.ROOT, "%,d hostile writes, %,d acknowledged versions; statuses %s%n", writes, version,
                    statuses);
            assertTrue(writes >= 2_000, writes + " writes");
            assertTrue(problems.isEmpty(), () -> problems.size() + " problems, e.g.:\n"
                    + String.join("\n", problems.subList(0, Math.min(20, problems.size()))) + "\nThe server's log:\n"
                    + errorsIn(primary.log()));
            assertTrue(statuses.keySet().stream().noneMatch(s -> s.startsWith("5")), statuses::toString);
            assertNoThreadLeftRunning(primary);
            assertSameData(generator.expected(), dump(primary), "the primary");

            awaitVersion(follower, version);
            assertSameData(generator.expected(), dump(follower), "the follower");
            assertQuietLog(follower.log());
            assertQuietLog(primary.log());

            // A crash, then a start from the log (and the base the compaction wrote).
            primary.close();
            try (ServerProcess restarted = ServerProcess.start(primaryConfig, dir, HEAP)) {
                assertEquals(version, datasetVersion(restarted));
                assertSameData(generator.expected(), dump(restarted), "the primary after a restart");
                assertQuietLog(restarted.log());
            }
        } finally {
            primary.close();
        }
    }

    private ServerConfig config(String name, Writes writes) throws IOException {
        Path copy = Files.createDirectories(dir.resolve(name)).resolve("library.hdt");
        if (!Files.exists(copy)) {
            Files.copy(TestData.libraryHdt(), copy);
        }
        return ServerConfig.of(List.of(DatasetConfig.builder("library", copy.toString()).writes(writes).build()));
    }

    /** Sends one write and checks what came of it. */
    private void send(ServerProcess server, HostileWrites generator, Write write) {
        writes++;
        HttpRequest.Builder request = HttpRequest.newBuilder(server.uri().resolve("/library/changes"))
                .timeout(Duration.ofSeconds(60)).header("Content-Type", write.contentType())
                .POST(HttpRequest.BodyPublishers.ofByteArray(write.body()));
        if (!write.kind().equals("no token")) {
            request.header("Authorization", "Bearer " + TOKEN);
        }
        if (write.encoding() != null) {
            request.header("Content-Encoding", write.encoding());
        }
        HttpResponse<String> answer;
        try {
            answer = CLIENT.send(request.build(), HttpResponse.BodyHandlers.ofString());
        } catch (IOException | InterruptedException e) {
            problems.add(write.kind() + ": no answer (" + e + ")");
            return;
        }
        int status = answer.statusCode();
        statuses.merge(Integer.toString(status), 1, Integer::sum);
        String what = write.kind() + " [" + abbreviate(new String(write.body(), StandardCharsets.UTF_8)) + "] -> " + status
                + " " + abbreviate(answer.body());
        if (status >= 500) {
            problems.add(what);
            return;
        }
        for (String internal : List.of("Exception", "\tat ", "java.", "org.eclipse", "dev.ldf")) {
            if (answer.body().contains(internal)) {
                problems.add("internals in the answer: " + what);
            }
        }
        switch (write.expect()) {
            case APPLIED, NOTHING -> {
                if (status != 200) {
                    problems.add("refused, but valid: " + what);
                    return;
                }
                long made = number(answer.body(), "version");
                long expected = write.expect() == Expect.APPLIED ? version + 1 : version;
                if (made != expected) {
                    problems.add("version " + made + ", not " + expected + ": " + what);
                }
                version = made;
                if (write.expect() == Expect.APPLIED) {
                    generator.acknowledged(write);
                }
            }
            case REFUSED -> {
                if (status < 400) {
                    problems.add("accepted, but must be refused: " + what);
                    generator.acknowledged(write);
                    version = number(answer.body(), "version");
                    return;
                }
                long now = datasetVersion(server);
                if (now != version) {
                    problems.add("a refused write made version " + now + " (was " + version + "): " + what);
                    version = now;
                }
            }
        }
    }

    private static long number(String json, String key) {
        Matcher m = Pattern.compile("\"" + key + "\":(\\d+)").matcher(json);
        return m.find() ? Long.parseLong(m.group(1)) : -1;
    }

    /** The dataset's version as its change feed says. */
    private static long datasetVersion(ServerProcess server) {
        try {
            HttpResponse<Void> feed = CLIENT.send(HttpRequest.newBuilder(server.uri().resolve("/library/changes"))
                    .method("HEAD", HttpRequest.BodyPublishers.noBody()).build(), HttpResponse.BodyHandlers.discarding());
            return Long.parseLong(feed.headers().firstValue("Dataset-Version").orElse("-1"));
        } catch (IOException | InterruptedException e) {
            throw new IllegalStateException(e);
        }
    }

    private static void compact(ServerProcess server) throws Exception {
        HttpRequest.Builder compaction = HttpRequest.newBuilder(server.uri().resolve("/library/compaction"))
                .header("Authorization", "Bearer " + TOKEN);
        assertEquals(202, CLIENT.send(compaction.copy().POST(HttpRequest.BodyPublishers.noBody()).build(),
                HttpResponse.BodyHandlers.ofString()).statusCode());
        for (int i = 0; i < 600; i++) {
            String state = CLIENT.send(compaction.copy().GET().build(), HttpResponse.BodyHandlers.ofString()).body();
            if (state.contains("\"running\":false") && state.contains("\"last\":")) {
                return;
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the compaction did not end within a minute");
    }

    private static void awaitVersion(ServerProcess follower, long version) throws InterruptedException {
        for (int i = 0; i < 600 && datasetVersion(follower) < version; i++) {
            Thread.sleep(100);
        }
        assertEquals(version, datasetVersion(follower), "the follower reached the primary's version");
    }

    /** The whole dataset, its Skolem IRIs written with {@link HostileWrites#VIEW} for the server's own URL. */
    private static Set<Triple> dump(ServerProcess server) throws Exception {
        HttpResponse<String> dump = CLIENT.send(HttpRequest.newBuilder(server.uri().resolve("/library/dump.nt")).build(),
                HttpResponse.BodyHandlers.ofString());
        assertEquals(200, dump.statusCode());
        String text = dump.body().replace(server.uri().toString(), HostileWrites.VIEW);
        Set<Triple> triples = new HashSet<>();
        RDFParser.source(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8))).lang(Lang.NTRIPLES)
                .parse(new StreamRDFBase() {
                    @Override
                    public void triple(Triple triple) {
                        triples.add(triple);
                    }
                });
        return triples;
    }

    private static void assertSameData(Set<Triple> expected, Set<Triple> actual, String where) {
        if (expected.equals(actual)) {
            return;
        }
        List<String> missing = expected.stream().filter(t -> !actual.contains(t)).limit(5).map(Triple::toString).toList();
        List<String> extra = actual.stream().filter(t -> !expected.contains(t)).limit(5).map(Triple::toString).toList();
        throw new AssertionError(where + " holds " + actual.size() + " triples, not " + expected.size() + "; missing "
                + missing + "; extra " + extra);
    }

    /**
     * Once the writes are answered, none of the server's request threads runs in its code or in a
     * decoder (a thread dump), and the idle process uses well under a core (a spinning thread uses
     * a whole one; the JIT compiler may still be finishing its work).
     */
    private static void assertNoThreadLeftRunning(ServerProcess server) throws Exception {
        Thread.sleep(500);
        long before = cpuTicks(server.pid());
        Thread.sleep(2000);
        long used = cpuTicks(server.pid()) - before;
        // Clock ticks are 10 ms: 120 ticks are 1.2 s of CPU in 2 s, where a spinning thread adds 2 s.
        assertTrue(used < 120, "the idle server used " + used * 10 + " ms of CPU in 2 s");
        Process jcmd = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "jcmd").toString(),
                Long.toString(server.pid()), "Thread.print").redirectErrorStream(true).start();
        String dump = new String(jcmd.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertEquals(0, jcmd.waitFor());
        for (String thread : dump.split("\n\n")) {
            boolean busy = thread.startsWith("\"ldf") && thread.contains("State: RUNNABLE")
                    && (thread.contains("at dev.ldf.") || thread.contains("Gzip") || thread.contains("Inflater"));
            assertTrue(!busy, () -> "a request thread is still running:\n" + thread);
        }
    }

    private static long cpuTicks(long pid) throws IOException {
        String stat = Files.readString(Path.of("/proc", Long.toString(pid), "stat"));
        String[] fields = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
        return Long.parseLong(fields[11]) + Long.parseLong(fields[12]); // utime, stime
    }

    private static void assertQuietLog(String log) {
        for (String sign : List.of(" ERROR ", "Exception", "\tat ")) {
            assertTrue(!log.contains(sign), () -> "the log has '" + sign + "':\n" + log.substring(0, Math.min(log.length(), 5000)));
        }
    }

    /** The log's errors with their first lines of stack. */
    private static String errorsIn(String log) {
        StringBuilder out = new StringBuilder();
        List<String> lines = log.lines().toList();
        for (int i = 0, shown = 0; i < lines.size() && shown < 3; i++) {
            if (lines.get(i).contains(" ERROR ") || lines.get(i).contains(" WARN ")) {
                shown++;
                lines.subList(i, Math.min(lines.size(), i + 12)).forEach(l -> out.append(l).append('\n'));
            }
        }
        return out.toString();
    }

    private static String abbreviate(String s) {
        String line = s.replace("\r", "\\r").replace("\n", "\\n");
        return line.length() > 200 ? line.substring(0, 200) + "..." : line;
    }
}
