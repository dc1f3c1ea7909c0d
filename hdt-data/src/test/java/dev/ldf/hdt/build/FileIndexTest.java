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
import org.rdfhdt.hdt.options.HDTSpecification;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.hdt.files.HdtFiles;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The index of a written file, by the bounded sorts, is the file hdt-java's builder writes. */
class FileIndexTest {

    private static final ProgressListener QUIET = (level, message) -> { };

    @TempDir
    Path dir;

    @Test
    void writesHdtJavasIndexByteForByte() throws Exception {
        List<TripleString> triples = new ArrayList<>();
        Random random = new Random(11);
        for (int i = 0; i < 20_000; i++) {
            triples.add(new TripleString("http://ex.org/s" + random.nextInt(2000), "http://ex.org/p" + random.nextInt(15),
                    random.nextInt(3) == 0 ? "\"" + random.nextInt(500) + "\"" : "http://ex.org/s" + random.nextInt(3000)));
        }
        Path file = dir.resolve("data.hdt");
        try (HDT hdt = HDTManager.generateHDT(triples.iterator(), "http://ex.org/", new HDTSpecification(), QUIET)) {
            hdt.saveToHDT(file.toString(), QUIET);
        }
        Path index = HdtFiles.indexFile(file);
        HDTManager.mapIndexedHDT(file.toString(), QUIET).close();
        byte[] hdtJavas = Files.readAllBytes(index);
        Files.delete(index);

        // A heap of 16 MB: the sorts spill to runs on disk.
        assertTrue(FileIndex.write(file, 16L << 20, QUIET));
        assertArrayEquals(hdtJavas, Files.readAllBytes(index));
        try (var left = Files.list(dir)) {
            assertTrue(left.allMatch(p -> p.equals(file) || p.equals(index)), "no work files are left");
        }
    }

    @Test
    void aFileWithoutTriplesGetsNoIndex() throws Exception {
        Path file = dir.resolve("empty.hdt");
        try (HDT hdt = HDTManager.generateHDT(List.<TripleString>of().iterator(), "http://ex.org/",
                new HDTSpecification(), QUIET)) {
            hdt.saveToHDT(file.toString(), QUIET);
        }
        assertFalse(FileIndex.write(file, 16L << 20, QUIET));
        assertFalse(Files.exists(HdtFiles.indexFile(file)));
    }
}
