package dev.ldf.server.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.Directories;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.TriplePattern;

/**
 * The bundled library dataset as a real HDT file, built once per test JVM from the committed
 * Turtle, and an oracle that answers patterns through hdt-java's string-level API (a code path
 * independent of the server's identifier-level one).
 */
public final class TestData {

    private static Path library;
    private static HDT oracle;
    private static Path large;
    private static final Map<TriplePattern, List<Triple>> EXPECTED = new ConcurrentHashMap<>();

    private TestData() {}

    /** The library HDT file (with its index beside it). */
    public static synchronized Path libraryHdt() {
        if (library == null) {
            try {
                Path dir = Files.createTempDirectory("ldf-test-data");
                Path hdt = dir.resolve("library.hdt");
                new RdfToHdt("http://example.org/library/", HdtLoader.MEMORY, ConversionProgress.silent())
                        .convert(List.of(libraryTurtle()), hdt);
                library = hdt;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(dir)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return library;
    }

    /**
     * A synthetic dataset of 200,000 triples (about 30 MB as N-Triples), far more than socket
     * buffers hold: a client that stops reading its dump keeps the server writing.
     */
    public static synchronized Path largeHdt() {
        if (large == null) {
            try {
                Path dir = Files.createTempDirectory("ldf-test-large");
                Path nt = dir.resolve("large.nt");
                try (Writer w = Files.newBufferedWriter(nt)) {
                    for (int i = 0; i < 200_000; i++) {
                        w.write("<http://example.org/large/item" + i + "> <http://example.org/large/p" + (i % 10)
                                + "> \"a literal long enough to fill the lines of a dump, number " + i + "\" .\n");
                    }
                }
                Path hdt = dir.resolve("large.hdt");
                new RdfToHdt("http://example.org/large/", HdtLoader.MEMORY, ConversionProgress.silent())
                        .convert(List.of(nt), hdt);
                Files.delete(nt);
                large = hdt;
                Runtime.getRuntime().addShutdownHook(new Thread(() -> deleteQuietly(dir)));
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return large;
    }

    public static Path libraryTurtle() {
        Path here = Path.of("").toAbsolutePath();
        Path candidate = here.resolve("../hdt-data/datasets/library.ttl").normalize();
        if (!Files.exists(candidate)) {
            candidate = here.resolve("hdt-data/datasets/library.ttl");
        }
        return candidate;
    }

    private static synchronized HDT oracle() {
        if (oracle == null) {
            try {
                oracle = HDTManager.mapIndexedHDT(libraryHdt());
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return oracle;
    }

    /**
     * What a fragment must hold, in HDT's order: hdt-java's string search for the pattern's
     * constants, with repeated variables filtered. Blank nodes stay blank nodes.
     */
    public static List<Triple> expected(TriplePattern pattern) {
        return EXPECTED.computeIfAbsent(pattern, TestData::search);
    }

    private static List<Triple> search(TriplePattern pattern) {
        List<Triple> result = new ArrayList<>();
        try {
            var it = oracle().search(constant(pattern.subject()), constant(pattern.predicate()),
                    constant(pattern.object()));
            while (it.hasNext()) {
                TripleString t = it.next();
                Triple triple = Triple.create(HdtTerms.toNode(t.getSubject()), HdtTerms.toNode(t.getPredicate()),
                        HdtTerms.toNode(t.getObject()));
                if (pattern.matches(triple)) {
                    result.add(triple);
                }
            }
        } catch (NotFoundException e) {
            // A term that is not in the dataset: no matches.
        }
        return List.copyOf(result);
    }

    /** Every triple of the dataset, in SPO order. */
    public static List<Triple> all() {
        return expected(TriplePattern.ALL);
    }

    private static String constant(Node node) {
        return TriplePattern.isVariable(node) ? "" : HdtTerms.toHdt(node);
    }

    private static void deleteQuietly(Path dir) {
        try {
            Directories.deleteRecursively(dir);
        } catch (IOException e) {
            // Temporary files; the OS cleans up what is left.
        }
    }
}
