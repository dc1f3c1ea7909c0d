package dev.ldf.hdt.convert;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;

import dev.ldf.hdt.build.HdtBuilder;
import dev.ldf.hdt.files.HdtFiles;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The BOUNDED loader gives the very dictionary and triples that hdt-java's in-memory loader gives
 * from RIOT, whichever of its two readers reads a line, however many chunks the input fills.
 */
class BoundedLoaderTest {

    /** Lines the line reader takes, lines it leaves to RIOT, and lines between. */
    private static final String TRICKY = String.join("\n",
            "<http://ex.org/a> <http://ex.org/p> <http://ex.org/b> .",
            "<http://ex.org/a>\t<http://ex.org/p>\t\"tabs\"\t.\t",
            "<http://ex.org/a> <http://ex.org/p> \"crlf\" .\r",
            "   <http://ex.org/a>    <http://ex.org/p> \"spaces\"    .   # a comment",
            "# a comment line",
            "",
            "   ",
            "<http://ex.org/a> <http://ex.org/p> \"Hello\"@EN-gb .",
            "<http://ex.org/a> <http://ex.org/p> \"hello\"@en-gb .",
            "<http://ex.org/a> <http://ex.org/p> \"x\"^^<http://www.w3.org/2001/XMLSchema#string> .",
            "<http://ex.org/a> <http://ex.org/p> \"x\" .",
            "<http://ex.org/a> <http://ex.org/p> \"42\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
            "<http://ex.org/a> <http://ex.org/p> \"forty-two\"^^<http://www.w3.org/2001/XMLSchema#integer> .",
            "<http://ex.org/a> <http://ex.org/p> \"escaped \\\"quote\\\" and \\\\ and \\n and \\u00E9\" .",
            "<http://ex.org/a> <http://ex.org/p> \"raw é, 中文 and 📚\" .",
            "<http://ex.org/a> <http://ex.org/p> \"é\" .",
            "<http://ex.org/a> <http://ex.org/p> \"\\u00E9\" .",
            "<http://ex.org/é> <http://ex.org/p> <http://ex.org/\\u00E9> .",
            "<http://ex.org/%C3%A9> <http://ex.org/p> <http://ex.org/a%20b> .",
            "<urn:isbn:0451450523> <http://ex.org/p> <mailto:someone@ex.org> .",
            "_:b1 <http://ex.org/p> _:b2 .",
            "_:b2 <http://ex.org/p> _:b1.",
            "_:b.1-x <http://ex.org/p> _:b_2 .",
            "_:1 <http://ex.org/p> \"digit label\" .",
            "<http://ex.org/a> <http://ex.org/p> \"\" .",
            "<http://ex.org/a> <http://ex.org/p> \"\"@fr .",
            "<http://ex.org/a> <http://ex.org/p> \"a # not a comment\" .",
            "<http://ex.org/a> <http://ex.org/p> \"x\"^^<http://ex.org/dt> .",
            "<http://ex.org/a> <http://ex.org/q> <http://ex.org/a> .",
            "<http://ex.org/p> <http://ex.org/p> <http://ex.org/p> .",
            "<http://ex.org/a> <http://ex.org/p> <http://ex.org/b> .",
            "<http://ex.org/a><http://ex.org/p><http://ex.org/nospace>.",
            "<http://ex.org/a> <http://ex.org/p> \"tab\\tinside\" .");

    @TempDir
    Path dir;

    @Test
    void trickyLinesGiveWhatRiotGives() throws Exception {
        Path input = Files.writeString(dir.resolve("tricky.nt"), TRICKY + "\n");
        assertSameHdt(convert(HdtLoader.MEMORY, input, "memory.hdt", null),
                convert(HdtLoader.BOUNDED, input, "bounded.hdt", null));
    }

    @Test
    void aFileWithoutAFinalLineFeedKeepsItsLastTriple() throws Exception {
        Path input = Files.writeString(dir.resolve("last.nt"),
                "<http://ex.org/a> <http://ex.org/p> \"1\" .\n<http://ex.org/a> <http://ex.org/p> \"2\" .");
        ConversionSummary summary = new RdfToHdt("http://ex.org/", HdtLoader.BOUNDED, ConversionProgress.silent())
                .convert(List.of(input), dir.resolve("last.hdt"));
        assertEquals(2, summary.triples());
    }

    /** Thousands of chunks of 50 triples: terms and triples repeated across chunks meet in the merges. */
    @Test
    void manySmallChunksGiveTheSameFileAsOneLoad() throws Exception {
        Path input = dir.resolve("random.nt.gz");
        Random random = new Random(42);
        StringBuilder text = new StringBuilder();
        for (int i = 0; i < 20_000; i++) {
            String s = "<http://ex.org/s" + random.nextInt(500) + ">";
            String p = "<http://ex.org/p" + random.nextInt(12) + ">";
            String o = switch (random.nextInt(4)) {
                case 0 -> "<http://ex.org/s" + random.nextInt(800) + ">";
                case 1 -> "\"" + random.nextInt(300) + "\"^^<http://www.w3.org/2001/XMLSchema#integer>";
                case 2 -> "\"name " + random.nextInt(300) + "\"@en";
                default -> "_:n" + random.nextInt(200);
            };
            text.append(i % 7 == 0 ? "_:n" + random.nextInt(200) : s).append(' ').append(p).append(' ').append(o).append(" .\n");
        }
        try (var out = new GZIPOutputStream(Files.newOutputStream(input))) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        Path memory = convert(HdtLoader.MEMORY, input, "memory.hdt", null);
        Path bounded = convert(HdtLoader.BOUNDED, input, "bounded.hdt", new HdtBuilder.ChunkSize(50 * 120, 50));
        assertSameHdt(memory, bounded);
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().contains(".work")), "work files removed");
        }
    }

    @Test
    void otherSyntaxesGoThroughRiot() throws Exception {
        Path input = Files.writeString(dir.resolve("in.ttl"), """
                @prefix ex: <http://ex.org/> .
                ex:a ex:name "A \\"quoted\\" name"@EN, "tab\\there" ; ex:age 42 ; ex:knows ex:b, [ ex:name "anon" ] .
                """);
        assertSameHdt(convert(HdtLoader.MEMORY, input, "memory.hdt", null),
                convert(HdtLoader.BOUNDED, input, "bounded.hdt", null));
    }

    @Test
    void anEmptyFileGivesAnEmptyDataset() throws Exception {
        Path input = Files.writeString(dir.resolve("empty.nt"), "# nothing\n\n");
        ConversionSummary summary = new RdfToHdt("http://ex.org/", HdtLoader.BOUNDED, ConversionProgress.silent())
                .convert(List.of(input), dir.resolve("empty.hdt"));
        assertEquals(0, summary.triples());
        try (HDT hdt = HDTManager.mapIndexedHDT(summary.hdt())) {
            assertFalse(HdtFiles.hasIndex(hdt));
            assertFalse(hdt.search("", "", "").hasNext());
        }
    }

    @Test
    void aBadLineIsNamedByFileAndLineAndLeavesNothing() throws Exception {
        Path input = Files.writeString(dir.resolve("bad.nt"), "<http://ex.org/a> <http://ex.org/p> \"ok\" .\n"
                + "<http://ex.org/a> <http://ex.org/p> \"unterminated .\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                () -> new RdfToHdt("http://ex.org/", HdtLoader.BOUNDED, ConversionProgress.silent())
                        .convert(List.of(input), dir.resolve("bad.hdt")));
        assertTrue(e.getMessage().contains("bad.nt") && e.getMessage().contains("line: 2"), e.getMessage());
        try (var files = Files.list(dir)) {
            assertEquals(List.of("bad.nt"), files.map(p -> p.getFileName().toString()).toList());
        }
    }

    private Path convert(HdtLoader loader, Path input, String name, HdtBuilder.ChunkSize chunks) throws Exception {
        RdfToHdt converter = new RdfToHdt("http://ex.org/", loader, ConversionProgress.silent());
        if (chunks != null) {
            converter = converter.withChunks(chunks);
        }
        return converter.convert(List.of(input), dir.resolve(name)).hdt();
    }

    /** Equal sections, string by string, equal triples, ID by ID, and the same index, byte for byte. */
    static void assertSameHdt(Path expected, Path actual) throws Exception {
        if (Files.exists(HdtFiles.indexFile(expected))) {
            assertArrayEquals(Files.readAllBytes(HdtFiles.indexFile(expected)), Files.readAllBytes(HdtFiles.indexFile(actual)),
                    "the index hdt-java builds from the file and ours, built on the way");
        }
        try (HDT a = HDTManager.mapIndexedHDT(expected); HDT b = HDTManager.mapIndexedHDT(actual)) {
            assertEquals(sections(a), sections(b));
            assertEquals(triples(a), triples(b));
            if (a.getTriples().getNumberOfElements() > 0) {
                // The index too: every object's triples through it.
                assertEquals(objectLookups(a), objectLookups(b));
            }
        }
    }

    private static List<List<String>> sections(HDT hdt) {
        Dictionary d = hdt.getDictionary();
        List<List<String>> all = new ArrayList<>();
        for (var section : List.of(d.getShared(), d.getSubjects(), d.getPredicates(), d.getObjects())) {
            List<String> terms = new ArrayList<>();
            section.getSortedEntries().forEachRemaining(t -> terms.add(t.toString()));
            all.add(terms);
        }
        return all;
    }

    private static List<String> triples(HDT hdt) {
        List<String> all = new ArrayList<>();
        hdt.getTriples().searchAll().forEachRemaining(t -> all.add(t.getSubject() + " " + t.getPredicate() + " " + t.getObject()));
        return all;
    }

    private static List<String> objectLookups(HDT hdt) throws Exception {
        List<String> all = new ArrayList<>();
        Dictionary d = hdt.getDictionary();
        long objects = d.getNobjects();
        for (long o = 1; o <= objects; o++) {
            String object = d.idToString(o, TripleComponentRole.OBJECT).toString();
            var it = hdt.search("", "", object);
            while (it.hasNext()) {
                all.add(it.next().toString());
            }
        }
        return all;
    }
}
