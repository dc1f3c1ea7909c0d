package dev.ldf.deploy.soak;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.deploy.local.Replica;
import dev.ldf.server.config.ConfigFile;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 18, in brief: 64 concurrent clients of mixed TPF and brTPF traffic get no error, also
 * after slow connections were open, and the soak writes its figures. The full run (minutes, 200
 * slow connections) is {@code ldf-deploy soak}; its figures are in the README.
 */
@Tag("process")
class SoakTest {

    @TempDir
    Path dir;

    @Test
    void sixtyFourClientsOfMixedTrafficGetNoErrors() throws Exception {
        Path config = dir.resolve("server.json");
        ConfigFile.write(ServerConfig.of(List.of(DatasetConfig.of("library", TestData.libraryHdt()))), config);
        Soak.Settings settings = new Soak.Settings(64, Duration.ofSeconds(5), 50, Duration.ofSeconds(2),
                Duration.ofSeconds(1), 1);
        try (Replica server = Replica.start(config, dir.resolve("server.log"), List.of("-Xmx256m"))) {
            Soak.Result result = Soak.run(server, server.uri() + "library", settings, line -> { });
            assertEquals(0, result.main().errors(), result.main().statuses()::toString);
            assertEquals(0, result.slow().errors());
            assertTrue(result.main().requests() > 1000, "requests: " + result.main().requests());
            assertTrue(result.main().statuses().keySet().stream().allMatch("200"::equals), result.main().statuses()::toString);
            assertTrue(result.samples().size() >= 3);
            SoakReport.write(result, dir.resolve("results"));
            for (String file : List.of("summary.md", "phases.csv", "memory.csv")) {
                assertTrue(Files.size(dir.resolve("results").resolve(file)) > 0, file);
            }
            String log = Files.readString(dir.resolve("server.log"));
            assertTrue(!log.contains("ERROR") && !log.contains("WARN"), log);
        }
    }
}
