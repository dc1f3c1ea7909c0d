package dev.ldf.server.live;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.patch.BadPatchException;
import dev.ldf.server.live.patch.ChangeSet;
import dev.ldf.server.live.patch.PatchReader;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The overlay lives on the heap: once the heap it holds, as estimated, reaches its bound, the
 * next write starts a compaction by itself, whatever the count that would start one.
 */
class OverlayBoundTest {

    @TempDir
    Path dir;

    @Test
    void anOverlayAtItsHeapBoundStartsACompaction() throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("library.hdt"));
        // Room for ten triples of two new terms each, and no count that would start a compaction.
        long bound = PatchAdmission.cost(10, 20);
        try (LiveDataset dataset = LiveDataset.open("library", HdtDatasource.open(hdt, HdtDatasource.Options.defaults()),
                dir.resolve("library.patches"), 0, bound)) {
            long triples = dataset.source().statistics().triples();
            dataset.write(patch(0, 4));
            assertFalse(dataset.compacting() || dataset.lastCompaction() != null, "4 triples are below the bound");

            dataset.write(patch(4, 8));
            assertTrue(dataset.compacting() || dataset.lastCompaction() != null, "12 triples reach it");
            dataset.compact().get();
            assertEquals(0, dataset.source().overlaySize());
            assertEquals(triples + 12, dataset.source().statistics().triples());
        }
    }

    private static ChangeSet patch(int first, int count) throws BadPatchException {
        StringBuilder rows = new StringBuilder();
        for (int i = first; i < first + count; i++) {
            rows.append("A <http://example.org/bound/s").append(i).append("> <http://example.org/p> \"").append(i)
                    .append("\" .\n");
        }
        return PatchReader.read(new ByteArrayInputStream(rows.toString().getBytes(StandardCharsets.UTF_8)));
    }
}
