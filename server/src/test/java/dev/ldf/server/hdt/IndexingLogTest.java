package dev.ldf.server.hdt;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.testing.ServerProcess;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A server that builds a missing HDT index at start says so in its log: minutes for a large file,
 * during which hdt-java's steps follow at the progress pace (at most a line every 10 s, so none
 * for this small file). hdt-java's own printing is silenced meanwhile by swapping the standard
 * streams, which must not swallow the log: the lines after the index still come.
 */
@Tag("process")
class IndexingLogTest {

    @TempDir
    Path dir;

    @Test
    void buildingAMissingIndexIsLogged() throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.of("library", hdt)));
        try (ServerProcess server = ServerProcess.start(config, dir)) {
            String log = server.log();
            assertTrue(log.contains("Building the HDT index " + HdtFiles.indexFile(hdt)), log);
            assertTrue(log.indexOf("Opened " + hdt) > log.indexOf("Building the HDT index"), log);
            assertTrue(log.contains("Listening on "), log);
            assertTrue(Files.isRegularFile(HdtFiles.indexFile(hdt)), "the index was written beside the file");
        }
    }
}
