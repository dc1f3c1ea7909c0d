package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * {@code bin/ldf-query}, the fast-starting launcher of the packaged client (this module is built
 * after the client's jar): its first run writes a class-data-sharing archive, later runs use it,
 * and neither lets the JVM's messages into the results.
 */
@Tag("process")
class QueryLauncherTest {

    private static final Path ROOT = Path.of("").toAbsolutePath().getParent();
    private static final String QUERY = "SELECT ?b WHERE { ?b <http://schema.org/inLanguage> \"de\" } ORDER BY ?b LIMIT 3";

    @TempDir
    Path cache;

    private record Result(int code, String out, String err) {}

    private Result launch(String... args) throws IOException, InterruptedException {
        List<String> command = new ArrayList<>(List.of(ROOT.resolve("bin/ldf-query").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        Map<String, String> env = builder.environment();
        env.put("XDG_CACHE_HOME", cache.toString());
        env.remove("LDF_QUERY_JAVA_OPTS");
        Path out = cache.resolve("out.txt");
        Path err = cache.resolve("err.txt");
        Process process = builder.redirectOutput(out.toFile()).redirectError(err.toFile()).start();
        assertTrue(process.waitFor(60, TimeUnit.SECONDS), "the launcher finishes");
        return new Result(process.exitValue(), Files.readString(out, StandardCharsets.UTF_8),
                Files.readString(err, StandardCharsets.UTF_8));
    }

    @Test
    void theFirstRunWritesTheArchiveAndLaterRunsGiveTheSameResults() throws Exception {
        Path hdt = ROOT.resolve("hdt-data/target/datasets/library.hdt");
        try (FragmentServer server = FragmentServer.start(ServerConfig.of(List.of(
                DatasetConfig.builder("library", hdt.toString()).pageSize(100).build()))
                .toBuilder().listener("127.0.0.1", 0).build())) {
            String url = server.uri().resolve("/library").toString();
            Result first = launch(url, QUERY, "--format", "csv", "-q");
            assertEquals(0, first.code(), first.err());
            assertEquals("", first.err(), "no JVM messages");
            assertTrue(first.out().startsWith("b\r\n<http://example.org/library/") || first.out().startsWith("b\r\nhttp://"),
                    first.out());
            assertEquals(4, first.out().lines().count(), first.out());
            try (var files = Files.list(cache.resolve("ldf"))) {
                assertEquals(1, files.filter(f -> f.toString().endsWith(".jsa")).count(), "one archive written");
            }
            Result second = launch(url, QUERY, "--format", "csv", "-q");
            assertEquals(first, second);
            Result usage = launch(url, "--no-such-option");
            assertEquals(2, usage.code(), "the client's exit codes pass through");
        }
    }
}
