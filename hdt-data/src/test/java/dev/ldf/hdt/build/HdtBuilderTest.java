package dev.ldf.hdt.build;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HdtBuilderTest {

    private static final ProgressListener QUIET = (level, message) -> { };

    @TempDir
    Path dir;

    /** Triples as two longs, the form for IDs too large to pack in one, give the same file as packed ones. */
    @Test
    void pairedAndPackedTriplesGiveTheSameFile() throws Exception {
        List<String[]> triples = new ArrayList<>();
        Random random = new Random(3);
        for (int i = 0; i < 5000; i++) {
            triples.add(new String[] {"http://ex.org/s" + random.nextInt(300), "http://ex.org/p" + random.nextInt(9),
                    random.nextBoolean() ? "http://ex.org/s" + random.nextInt(400) : "\"" + random.nextInt(100) + "\""});
        }
        assertEquals(read(build(triples, true, "packed")), read(build(triples, false, "paired")));
    }

    @Test
    void aTripleLargerThanAChunkIsRefusedWithItsSize() throws Exception {
        try (HdtBuilder builder = new HdtBuilder(dir.resolve("work"), new HdtBuilder.ChunkSize(100, 10), QUIET)) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> builder.add("http://ex.org/" + "a".repeat(200), "http://ex.org/p", "\"x\""));
            assertTrue(e.getMessage().contains("larger than a chunk"), e.getMessage());
        }
    }

    private Path build(List<String[]> triples, boolean packed, String name) throws Exception {
        Path file = dir.resolve(name + ".hdt");
        try (HdtBuilder builder = new HdtBuilder(dir.resolve(name), new HdtBuilder.ChunkSize(20_000, 300), QUIET, packed)) {
            for (String[] t : triples) {
                builder.add(t[0], t[1], t[2]);
            }
            try (HdtBuilder.Built built = builder.finish("http://ex.org/")) {
                built.hdt().saveToHDT(file.toString(), QUIET);
            }
        }
        assertTrue(Files.size(file) > 0);
        return file;
    }

    private static List<String> read(Path file) throws Exception {
        List<String> all = new ArrayList<>();
        try (HDT hdt = HDTManager.mapHDT(file.toString())) {
            hdt.search("", "", "").forEachRemaining(t -> all.add(t.toString()));
            all.add("distinct subjects: " + hdt.getDictionary().getNsubjects());
        }
        return all;
    }
}
