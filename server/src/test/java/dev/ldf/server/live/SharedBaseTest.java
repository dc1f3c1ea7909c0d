package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.patch.PatchReader;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A follower that reads the primary's own file (a shared volume, as in Docker) takes the file the
 * primary compacted into its place when the feed no longer reaches back to its version.
 */
class SharedBaseTest {

    @TempDir
    Path dir;

    @Test
    void aFollowerOnThePrimarysFileAdoptsTheFileACompactionPutThere() throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        try (LiveDataset primary = LiveDataset.open(HdtDatasource.open(hdt, HdtDatasource.Options.defaults()),
                dir.resolve("primary.patches"));
             LiveDataset follower = LiveDataset.open(HdtDatasource.open(hdt, HdtDatasource.Options.defaults()),
                     dir.resolve("follower/library.patches"))) {
            assertFalse(follower.adoptReplacedBase(), "the file holds nothing newer yet");
            long triples = primary.source().statistics().triples();
            for (int i = 1; i <= 2; i++) {
                primary.write(PatchReader.read(new ByteArrayInputStream(("A <http://example.org/s" + i
                        + "> <http://example.org/p> \"" + i + "\" .\n").getBytes(StandardCharsets.UTF_8))));
                primary.compact().get();
            }
            assertTrue(primary.oldestReplayable() > 0, "the feed no longer reaches back to the follower's version 0");

            assertTrue(follower.adoptReplacedBase());
            assertEquals(primary.version() - 1, follower.version(), "the version of the last compaction: its mark follows");
            assertEquals(triples + 2, follower.source().statistics().triples());
            assertEquals(0, follower.source().overlaySize());
            assertEquals(follower.version(), follower.oldestReplayable(), "its own log starts after the file");
            assertFalse(follower.adoptReplacedBase(), "taken once");
        }
    }
}
