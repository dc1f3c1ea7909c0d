package dev.ldf.hdt.convert;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.zip.GZIPOutputStream;

import org.apache.jena.graph.Triple;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.cli.ProgressLine;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.hdt.term.HdtTerms;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class RdfToHdtTest {

    private static final String TURTLE = """
            @prefix ex: <http://ex.org/> .
            ex:a ex:name "A \\"quoted\\" name"@en, "tab\\there" ;
                 ex:age 42 ;
                 ex:knows ex:b, _:anon .
            _:anon ex:name "Ångström 📚" .
            ex:a ex:age 42 .
            """;

    @TempDir
    Path dir;

    private ConversionSummary convert(Path... inputs) throws IOException {
        return new RdfToHdt("http://ex.org/", HdtLoader.MEMORY, ConversionProgress.silent())
                .convert(List.of(inputs), dir.resolve("out.hdt"));
    }

    private static Set<String> triples(Path hdtFile) throws Exception {
        Set<String> result = new HashSet<>();
        try (HDT hdt = HDTManager.mapIndexedHDT(hdtFile)) {
            var it = hdt.search("", "", "");
            while (it.hasNext()) {
                TripleString t = it.next();
                Triple triple = Triple.create(HdtTerms.toNode(t.getSubject()), HdtTerms.toNode(t.getPredicate()),
                        HdtTerms.toNode(t.getObject()));
                result.add(triple.getSubject().isBlank() ? "_ " + triple.getPredicate() + " " + triple.getObject()
                        : triple.toString().replaceAll("_:[^ ]+", "_"));
            }
        }
        return result;
    }

    @Test
    void turtleBecomesHdtWithIndexAndDuplicatesRemoved() throws Exception {
        Path input = Files.writeString(dir.resolve("in.ttl"), TURTLE);
        ConversionSummary summary = convert(input);
        assertEquals(7, summary.triplesRead());
        assertEquals(6, summary.triples(), "the repeated ex:age triple is stored once");
        assertTrue(Files.exists(HdtFiles.indexFile(summary.hdt())));
        Set<String> triples = triples(summary.hdt());
        assertTrue(triples.contains("http://ex.org/a http://ex.org/name \"A \\\"quoted\\\" name\"@en"), triples::toString);
        assertTrue(triples.contains("_ http://ex.org/name \"Ångström 📚\""), triples::toString);
    }

    @Test
    void everySyntaxPlainOrGzippedGivesTheSameTriples() throws Exception {
        Path reference = Files.writeString(dir.resolve("ref.ttl"), TURTLE);
        Set<String> expected = triples(convert(reference).hdt());
        Model model = RDFDataMgr.loadModel(reference.toString());
        for (Lang lang : List.of(Lang.NTRIPLES, Lang.NQUADS,
                Lang.TRIG, Lang.RDFXML, Lang.TURTLE)) {
            for (boolean gzip : new boolean[] {false, true}) {
                String ext = lang.getFileExtensions().get(0) + (gzip ? ".gz" : "");
                Path file = dir.resolve("in." + ext);
                try (OutputStream out = gzip ? new GZIPOutputStream(Files.newOutputStream(file)) : Files.newOutputStream(file)) {
                    RDFDataMgr.write(out, model, lang);
                }
                assertEquals(expected, triples(convert(file).hdt()), ext);
            }
        }
    }

    @Test
    void aReproducibleConversionLeavesTheDateOutAndGivesTheSameBytes() throws Exception {
        Path input = Files.writeString(dir.resolve("in.ttl"), TURTLE);
        RdfToHdt converter = new RdfToHdt("http://ex.org/", HdtLoader.MEMORY, ConversionProgress.silent());
        Path dated = converter.convert(List.of(input), dir.resolve("dated.hdt")).hdt();
        Path first = converter.reproducible().convert(List.of(input), dir.resolve("first.hdt")).hdt();
        Path second = converter.reproducible().convert(List.of(input), dir.resolve("second.hdt")).hdt();
        assertArrayEquals(Files.readAllBytes(first), Files.readAllBytes(second));
        assertTrue(header(dated).contains("http://purl.org/dc/terms/issued"));
        assertFalse(header(first).contains("http://purl.org/dc/terms/issued"));
        assertEquals(triples(dated), triples(first));
    }

    private static String header(Path hdtFile) throws IOException {
        byte[] bytes = Files.readAllBytes(hdtFile);
        return new String(bytes, 0, Math.min(bytes.length, 4096), StandardCharsets.ISO_8859_1);
    }

    @Test
    void namedGraphsAreSkippedAndCounted() throws Exception {
        Path input = Files.writeString(dir.resolve("in.nq"), """
                <http://ex.org/a> <http://ex.org/p> "default" .
                <http://ex.org/a> <http://ex.org/p> "named" <http://ex.org/g> .
                <http://ex.org/b> <http://ex.org/p> "named too" <http://ex.org/g> .
                """);
        ConversionSummary summary = convert(input);
        assertEquals(1, summary.triples());
        assertEquals(2, summary.quadsSkipped());
    }

    @Test
    void severalInputsAreMergedWithBlankNodesKeptApart() throws Exception {
        Path one = Files.writeString(dir.resolve("one.nt"), "_:x <http://ex.org/p> \"1\" .\n");
        Path two = Files.writeString(dir.resolve("two.nt"), "_:x <http://ex.org/p> \"2\" .\n");
        ConversionSummary summary = convert(one, two);
        assertEquals(2, summary.triples());
        try (HDT hdt = HDTManager.mapIndexedHDT(summary.hdt())) {
            assertEquals(2, hdt.getDictionary().getNsubjects(), "_:x of two documents are two nodes");
        }
    }

    @Test
    void conversionIsDeterministic() throws Exception {
        Path input = Files.writeString(dir.resolve("in.ttl"), TURTLE);
        Path first = dir.resolve("first.hdt");
        Path second = dir.resolve("second.hdt");
        RdfToHdt converter = new RdfToHdt("http://ex.org/", HdtLoader.MEMORY, ConversionProgress.silent());
        converter.convert(List.of(input), first);
        converter.convert(List.of(input), second);
        try (HDT a = HDTManager.mapHDT(first); HDT b = HDTManager.mapHDT(second)) {
            assertArrayEquals(dictionary(a), dictionary(b), "the same blank node labels");
        }
    }

    @Test
    void diskLoaderGivesTheSameTriples() throws Exception {
        Path input = Files.writeString(dir.resolve("in.ttl"), TURTLE);
        Set<String> memory = triples(convert(input).hdt());
        ConversionSummary disk = new RdfToHdt("http://ex.org/", HdtLoader.DISK, ConversionProgress.silent())
                .convert(List.of(input), dir.resolve("disk.hdt"));
        assertEquals(memory, triples(disk.hdt()));
        try (var files = Files.list(dir)) {
            assertFalse(files.anyMatch(p -> p.getFileName().toString().contains(".work")), "work files removed");
        }
    }

    @Test
    void syntaxErrorsNameTheFileAndLeaveNoOutput() throws Exception {
        Path input = Files.writeString(dir.resolve("bad.ttl"), "<http://ex.org/a> <http://ex.org/p> \"unterminated .\n");
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> convert(input));
        assertTrue(e.getMessage().contains("bad.ttl"), e.getMessage());
        assertFalse(Files.exists(dir.resolve("out.hdt")));
        assertFalse(Files.exists(dir.resolve("out.hdt.part")));
    }

    /** An empty graph is a valid dataset: converted, indexed again, searched in every shape. */
    @Test
    void anEmptyGraphConvertsAndNeedsNoIndex() throws Exception {
        Path input = Files.writeString(dir.resolve("empty.ttl"), "@prefix ex: <http://ex.org/> .\n");
        ConversionSummary summary = convert(input);
        assertEquals(0, summary.triples());
        assertTrue(Files.isRegularFile(summary.hdt()));
        RdfToHdt.writeIndex(summary.hdt(), ConversionProgress.silent());
        assertEquals(Set.of(), triples(summary.hdt()));
        try (HDT hdt = HDTManager.mapIndexedHDT(summary.hdt())) {
            assertFalse(HdtFiles.hasIndex(hdt));
            assertFalse(hdt.search("", "http://ex.org/p", "").hasNext());
            assertFalse(hdt.search("", "", "http://ex.org/o").hasNext());
        }
    }

    @Test
    void unknownSyntaxAndMissingFilesAreRefused() {
        assertThrows(IllegalArgumentException.class, () -> convert(Files.writeString(dir.resolve("x.csv"), "a,b")));
        IllegalArgumentException e = assertThrows(IllegalArgumentException.class, () -> convert(dir.resolve("none.nt")));
        assertTrue(e.getMessage().contains("none.nt"));
    }

    @Test
    void progressIsReported() throws Exception {
        Path input = Files.writeString(dir.resolve("in.ttl"), TURTLE);
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        new RdfToHdt("http://ex.org/", HdtLoader.MEMORY,
                new ConversionProgress(ProgressLine.on(new PrintStream(out, true, StandardCharsets.UTF_8),
                        ProgressLine.Style.LINES, Duration.ZERO)))
                .convert(List.of(input), dir.resolve("p.hdt"));
        String log = out.toString(StandardCharsets.UTF_8);
        assertTrue(log.contains("parsing in.ttl"), log);
        assertTrue(log.contains("building index"), log);
        assertTrue(log.contains("done in"), log);
    }

    private static byte[] dictionary(HDT hdt) {
        StringBuilder b = new StringBuilder();
        var it = hdt.getDictionary().getSubjects().getSortedEntries();
        while (it.hasNext()) {
            b.append(it.next()).append('\n');
        }
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    @Test
    void summaryCountsMatchAnIndependentParse() throws Exception {
        Path input = Files.writeString(dir.resolve("in.ttl"), TURTLE);
        long distinct = RDFDataMgr.loadGraph(input.toString()).size();
        assertEquals(distinct, convert(input).triples());
    }
}
