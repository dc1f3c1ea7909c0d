package dev.ldf.server.hdt;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.impl.BitmapTriples;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The ?P? iterator reads what hdt-java's does, in the same order, and lands on any offset. */
class PredicateIteratorTest {

    @TempDir
    static Path dir;

    /**
     * Predicates with one to thousands of subjects, each with one to a few hundred objects, so
     * that walks cross sample boundaries and pairs of every size.
     */
    private static Path dataset() throws IOException {
        Path nt = dir.resolve("data.nt");
        Random random = new Random(7);
        try (Writer out = Files.newBufferedWriter(nt)) {
            int[] subjectsPerPredicate = {1, 127, 128, 129, 700, 3000};
            for (int p = 0; p < subjectsPerPredicate.length; p++) {
                for (int s = 0; s < subjectsPerPredicate[p]; s++) {
                    int objects = random.nextInt(10) == 0 ? 1 + random.nextInt(300) : 1 + random.nextInt(4);
                    for (int o = 0; o < objects; o++) {
                        out.write("<http://ex.org/s" + random.nextInt(5000) + "> <http://ex.org/p" + p
                                + "> \"" + random.nextInt(100_000) + "\" .\n");
                    }
                }
            }
        }
        Path hdt = dir.resolve("data.hdt");
        new RdfToHdt("http://ex.org/", HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(nt), hdt);
        return hdt;
    }

    @Test
    void readsAndJumpsAsHdtReads() throws IOException {
        for (boolean load : new boolean[] {true, false}) {
            Path path = dataset();
            try (HDT hdt = load ? HDTManager.loadIndexedHDT(path.toString()) : HDTManager.mapIndexedHDT(path.toString())) {
                BitmapTriples triples = (BitmapTriples) hdt.getTriples();
                assertTrue(PredicateIterator.supports(triples));
                int predicates = (int) hdt.getDictionary().getNpredicates();
                // One pass, the pass in three parts at once (samples shifted where parts meet), the iterator's pass.
                for (PredicateOffsets offsets : List.of(PredicateOffsets.scan(triples, predicates),
                        PredicateOffsets.scanPairs(triples, predicates, 3), PredicateOffsets.scanTriples(triples, predicates))) {
                    readsAndJumps(triples, predicates, offsets);
                }
            }
        }
    }

    private static void readsAndJumps(BitmapTriples triples, int predicates, PredicateOffsets offsets) {
        for (long p = 1; p <= predicates; p++) {
            List<TripleID> expected = all(triples.search(new TripleID(0, p, 0)));
            assertEquals(expected.size(), offsets.triples(p));
            List<TripleID> read = all(new PredicateIterator(triples, offsets, p));
            assertEquals(expected, read, "predicate " + p);
            for (long offset = 0; offset < expected.size(); offset += 1 + offset / 3) {
                PredicateIterator jumping = new PredicateIterator(triples, offsets, p);
                jumping.goTo(offset);
                assertTrue(jumping.hasNext());
                assertEquals(expected.get((int) offset), jumping.next(), "predicate " + p + " offset " + offset);
                if (offset + 1 < expected.size()) {
                    assertEquals(expected.get((int) offset + 1), jumping.next());
                }
            }
            PredicateIterator past = new PredicateIterator(triples, offsets, p);
            past.goTo(expected.size());
            assertFalse(past.hasNext());
        }
    }

    private static List<TripleID> all(IteratorTripleID it) {
        List<TripleID> list = new ArrayList<>();
        while (it.hasNext()) {
            TripleID t = it.next();
            list.add(new TripleID(t.getSubject(), t.getPredicate(), t.getObject()));
        }
        return list;
    }
}
