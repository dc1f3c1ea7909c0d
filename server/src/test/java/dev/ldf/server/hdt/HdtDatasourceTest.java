package dev.ldf.server.hdt;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.vocabulary.RDF;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

class HdtDatasourceTest {

    private static final Node X = Var.alloc("x");
    private static final Node Y = Var.alloc("y");
    private static final Node ANY = Node.ANY;
    private static final String SCHEMA = "http://schema.org/";

    private static HdtDatasource mapped;
    private static HdtDatasource loaded;
    private static HdtDatasource noScans;

    @BeforeAll
    static void open() {
        HdtDatasource.Options defaults = HdtDatasource.Options.defaults();
        mapped = HdtDatasource.open(TestData.libraryHdt(), defaults);
        loaded = HdtDatasource.open(TestData.libraryHdt(), new HdtDatasource.Options(true, 100_000, 64, Duration.ofMinutes(1)));
        noScans = HdtDatasource.open(TestData.libraryHdt(), new HdtDatasource.Options(false, 0, 64, Duration.ofMinutes(1)));
    }

    @AfterAll
    static void close() {
        mapped.close();
        loaded.close();
        noScans.close();
    }

    /** Patterns of all eight shapes built from triples sampled from the data, plus special cases. */
    static List<TriplePattern> patterns() {
        List<Triple> all = TestData.all();
        SplittableRandom random = new SplittableRandom(7);
        List<TriplePattern> patterns = new ArrayList<>();
        for (int i = 0; i < 25; i++) {
            Triple t = all.get(random.nextInt(all.size()));
            for (int shape = 0; shape < 8; shape++) {
                patterns.add(new TriplePattern((shape & 4) != 0 ? t.getSubject() : ANY,
                        (shape & 2) != 0 ? t.getPredicate() : ANY, (shape & 1) != 0 ? t.getObject() : ANY));
            }
        }
        patterns.addAll(repeatedVariablePatterns());
        patterns.add(new TriplePattern(ANY, RDF.type.asNode(), ANY));
        patterns.add(new TriplePattern(ANY, iri(SCHEMA + "author"), X));
        return patterns;
    }

    static List<TriplePattern> repeatedVariablePatterns() {
        return List.of(
                new TriplePattern(X, iri(SCHEMA + "citation"), X),
                new TriplePattern(X, ANY, X),
                new TriplePattern(X, X, ANY),
                new TriplePattern(X, X, iri(RDF.Property.getURI())),
                new TriplePattern(ANY, X, X),
                new TriplePattern(X, X, X),
                new TriplePattern(X, iri(SCHEMA + "knows"), X),
                new TriplePattern(X, Y, X));
    }

    /**
     * A replaced live base is closed while dumps may still read it; a mapped file is unmapped on
     * close, so the close waits for them: the export reads to its end, and then the file is closed.
     */
    @Test
    void aCloseDuringAnExportWaitsForItsEnd() throws Exception {
        HdtDatasource source = HdtDatasource.open(TestData.libraryHdt(), HdtDatasource.Options.defaults());
        TriplePattern all = new TriplePattern(ANY, ANY, ANY);
        AtomicInteger read = new AtomicInteger();
        source.export(all, (s, sl, p, pl, o, ol) -> {
            if (read.getAndIncrement() == 0) {
                source.close();
            }
        });
        assertEquals(TestData.expected(all).size(), read.get(), "the export read on after the close");
        assertThrows(IllegalStateException.class, () -> source.export(all, (s, sl, p, pl, o, ol) -> { }));
        source.close();
    }

    /** Issue 18: where the index cannot be written, the file is still served, with the index in memory. */
    @Test
    void anIndexThatCannotBeWrittenIsBuiltInMemory(@TempDir Path dir) throws Exception {
        Path hdt = Files.copy(TestData.libraryHdt(), dir.resolve("copy.hdt"));
        // The index's place leads nowhere, as on a read-only volume (root may write anywhere else).
        Files.createSymbolicLink(HdtFiles.indexFile(hdt), dir.resolve("missing/dir/index"));
        try (HdtDatasource source = HdtDatasource.open(hdt, HdtDatasource.Options.defaults())) {
            TriplePattern names = new TriplePattern(ANY, iri(SCHEMA + "name"), ANY);
            assertEquals(TestData.expected(names), readAll(source, names, 100));
        }
        assertFalse(Files.exists(HdtFiles.indexFile(hdt)));
    }

    @Test
    void everyShapeYieldsExactlyTheHdtMatchesInOrderAtEveryPageSize() {
        for (TriplePattern pattern : patterns()) {
            List<Triple> expected = TestData.expected(pattern);
            for (int pageSize : new int[] {1, 3, 7, 100}) {
                assertEquals(expected, readAll(mapped, pattern, pageSize), () -> pattern + " at page size " + pageSize);
            }
            assertEquals(expected, readAll(loaded, pattern, 13), pattern::toString);
        }
    }

    /** A dump is the fragment unpaged: the same triples in the same order as all its pages. */
    @Test
    void anExportYieldsEveryMatchInPageOrderForEveryShape() throws Exception {
        List<TriplePattern> patterns = new ArrayList<>(patterns());
        patterns.add(TriplePattern.ALL);
        for (TriplePattern pattern : patterns) {
            List<Triple> expected = TestData.expected(pattern);
            for (HdtDatasource source : List.of(mapped, loaded)) {
                List<Triple> exported = new ArrayList<>();
                source.export(pattern, (s, sLength, p, pLength, o, oLength) -> exported.add(Triple.create(
                        term(s, sLength), term(p, pLength), term(o, oLength))));
                assertEquals(expected, exported, pattern::toString);
            }
        }
    }

    private static Node term(byte[] bytes, int length) {
        return HdtTerms.toNode(new String(bytes, 0, length, StandardCharsets.UTF_8));
    }

    @Test
    void countsAreExactForEveryShape() {
        for (TriplePattern pattern : patterns()) {
            long expected = TestData.expected(pattern).size();
            for (HdtDatasource source : List.of(mapped, loaded)) {
                Count count = source.page(pattern, 0, 5).count();
                assertEquals(Count.exact(expected), count, pattern::toString);
            }
        }
    }

    @Test
    void predicateCountsAreTripleCountsNotHdtEstimates() {
        // Books have several authors and topics: HDT's own ?P? estimate counts subject-predicate pairs.
        for (String p : List.of("author", "about", "citation", "knows")) {
            TriplePattern pattern = new TriplePattern(ANY, iri(SCHEMA + p), ANY);
            assertEquals(TestData.expected(pattern).size(), mapped.page(pattern, 0, 1).count().value(), p);
        }
    }

    @Test
    void repeatedVariablesAreHonoured() {
        List<Triple> all = TestData.all();
        for (TriplePattern pattern : repeatedVariablePatterns()) {
            List<Triple> bruteForce = all.stream().filter(pattern::matches).toList();
            assertEquals(sorted(bruteForce), sorted(readAll(mapped, pattern, 4)), pattern::toString);
        }
        TriplePattern selfCitations = new TriplePattern(X, iri(SCHEMA + "citation"), X);
        assertFalse(TestData.expected(selfCitations).isEmpty(), "the dataset has self-citations to test with");
        TriplePattern typeOfItself = new TriplePattern(X, X, ANY);
        assertEquals(List.of(Triple.create(RDF.type.asNode(), RDF.type.asNode(), RDF.Property.asNode())),
                readAll(mapped, typeOfItself, 10));
    }

    @Test
    void aDeepPageRequestedDirectlyEqualsTheSamePageReachedByPaging() {
        for (TriplePattern pattern : List.of(TriplePattern.ALL, new TriplePattern(ANY, RDF.type.asNode(), ANY),
                new TriplePattern(ANY, ANY, iri("http://schema.org/Book")), new TriplePattern(X, ANY, X))) {
            List<Triple> expected = TestData.expected(pattern);
            HdtDatasource fresh = HdtDatasource.open(TestData.libraryHdt(), HdtDatasource.Options.defaults());
            try {
                for (int offset : new int[] {expected.size() - 1, expected.size() / 2, 5, expected.size() - 3}) {
                    if (offset < 0) {
                        continue;
                    }
                    List<Triple> page = triples(fresh.page(pattern, offset, 3));
                    int from = Math.min(offset, expected.size());
                    assertEquals(expected.subList(from, Math.min(expected.size(), offset + 3)), page,
                            () -> pattern + " at " + offset);
                }
            } finally {
                fresh.close();
            }
        }
    }

    @Test
    void hasNextPageIsDecidedByTheData() {
        TriplePattern pattern = new TriplePattern(ANY, RDF.type.asNode(), ANY);
        int size = TestData.expected(pattern).size();
        assertTrue(mapped.page(pattern, size - 2, 1).hasNextPage());
        assertFalse(mapped.page(pattern, size - 1, 1).hasNextPage());
        assertFalse(mapped.page(pattern, size - 5, 5).hasNextPage());
    }

    @Test
    void pastTheEndIsEmptyWithTheExactCount() {
        TriplePattern pattern = new TriplePattern(ANY, iri(SCHEMA + "author"), ANY);
        int size = TestData.expected(pattern).size();
        FragmentPage page = mapped.page(pattern, size + 1000, 100);
        assertEquals(0, page.size());
        assertFalse(page.hasNextPage());
        assertEquals(Count.exact(size), page.count());
    }

    @Test
    void unknownTermsAndLiteralSubjectsGiveAnEmptyFragmentCountedZero() {
        for (TriplePattern pattern : List.of(
                new TriplePattern(iri("http://example.org/nothing"), ANY, ANY),
                new TriplePattern(ANY, iri("http://example.org/nothing"), ANY),
                new TriplePattern(ANY, ANY, NodeFactory.createLiteralString("no such literal")),
                new TriplePattern(NodeFactory.createLiteralString("DE"), ANY, ANY),
                new TriplePattern(ANY, NodeFactory.createLiteralString("DE"), ANY),
                new TriplePattern(iri("http://schema.org/Book"), ANY, ANY))) {
            FragmentPage page = mapped.page(pattern, 0, 10);
            assertEquals(Count.ZERO, page.count(), pattern::toString);
            assertEquals(0, page.size());
        }
    }

    @Test
    void literalsSpelledAsOtherGeneratorsDoAreFound() {
        Node typedString = NodeFactory.createLiteralDT("DE", XSDDatatype.XSDstring);
        Node upperCaseTag = NodeFactory.createLiteralLang("Brno", "CS");
        assertEquals(1, mapped.page(new TriplePattern(ANY, ANY, typedString), 0, 10).size());
        assertEquals(1, mapped.page(new TriplePattern(ANY, ANY, upperCaseTag), 0, 10).size());
    }

    @Test
    void patternsOverTheScanLimitAreEstimatedUntilTheLastPage() {
        TriplePattern pattern = new TriplePattern(X, ANY, X);
        int size = TestData.expected(pattern).size();
        assertTrue(size > 2, "needs several self-links");
        FragmentPage first = noScans.page(pattern, 0, 1);
        assertFalse(first.count().exact());
        assertTrue(first.count().value() >= size, "an estimate is an upper bound");
        assertTrue(first.hasNextPage());
        FragmentPage last = noScans.page(pattern, size - 1, 1);
        assertEquals(Count.exact(size), last.count());
        assertFalse(last.hasNextPage());
        // Once known, the exact count is used for every page.
        assertEquals(Count.exact(size), noScans.page(pattern, 0, 1).count());
    }

    @Test
    void anEmptyFragmentIsCountedZeroEvenAboveTheScanLimit() {
        TriplePattern pattern = new TriplePattern(ANY, X, X);
        FragmentPage page = noScans.page(pattern, 0, 10);
        assertEquals(Count.ZERO, page.count());
    }

    @Test
    void concurrentRequestsGetConsistentPages() throws Exception {
        List<TriplePattern> patterns = patterns().subList(0, 80);
        ExecutorService pool = Executors.newFixedThreadPool(8);
        try {
            List<Future<Boolean>> results = new ArrayList<>();
            for (int thread = 0; thread < 8; thread++) {
                results.add(pool.submit(() -> {
                    for (TriplePattern pattern : patterns) {
                        if (!TestData.expected(pattern).equals(readAll(mapped, pattern, 2))) {
                            return false;
                        }
                    }
                    return true;
                }));
            }
            for (Future<Boolean> result : results) {
                assertTrue(result.get());
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void missingAndCorruptFilesAreReportedWithTheirName() throws Exception {
        Path missing = Path.of("/nonexistent/data.hdt");
        HdtFileException e = assertThrows(HdtFileException.class,
                () -> HdtDatasource.open(missing, HdtDatasource.Options.defaults()));
        assertTrue(e.getMessage().contains("/nonexistent/data.hdt"), e.getMessage());

        Path corrupt = Files.createTempFile("corrupt", ".hdt");
        try {
            Files.writeString(corrupt, "this is not an HDT file at all, just some text");
            for (boolean load : new boolean[] {false, true}) {
                HdtFileException c = assertThrows(HdtFileException.class, () -> HdtDatasource.open(corrupt,
                        new HdtDatasource.Options(load, 10, 10, Duration.ofMinutes(1))));
                assertTrue(c.getMessage().contains(corrupt.toString()), c.getMessage());
            }
        } finally {
            Files.deleteIfExists(corrupt);
            Files.deleteIfExists(HdtFiles.indexFile(corrupt));
        }
    }

    @Test
    void theVersionChangesWhenTheFileChanges(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path copy = dir.resolve("copy.hdt");
        Files.copy(TestData.libraryHdt(), copy);
        Files.copy(HdtFiles.indexFile(TestData.libraryHdt()), HdtFiles.indexFile(copy));
        String before;
        try (HdtDatasource source = HdtDatasource.open(copy, HdtDatasource.Options.defaults())) {
            before = source.version();
        }
        Files.setLastModifiedTime(copy, FileTime.fromMillis(
                Files.getLastModifiedTime(copy).toMillis() + 60_000));
        try (HdtDatasource source = HdtDatasource.open(copy, HdtDatasource.Options.defaults())) {
            assertFalse(before.equals(source.version()), "a rewritten file gets a new version, hence new ETags");
        }
    }

    private static List<Triple> readAll(HdtDatasource source, TriplePattern pattern, int pageSize) {
        List<Triple> result = new ArrayList<>();
        for (long offset = 0; ; offset += pageSize) {
            FragmentPage page = source.page(pattern, offset, pageSize);
            List<Triple> triples = triples(page);
            assertEquals(page.size(), triples.size());
            result.addAll(triples);
            if (!page.hasNextPage()) {
                assertTrue(page.count().exact(), "the last page knows the count");
                assertEquals(result.size(), page.count().value(), pattern::toString);
                return result;
            }
            assertEquals(pageSize, triples.size(), "only the last page may be short");
        }
    }

    private static List<Triple> triples(FragmentPage page) {
        List<Triple> list = new ArrayList<>();
        page.triples().forEach(list::add);
        return list;
    }

    private static List<String> sorted(List<Triple> triples) {
        return triples.stream().map(Triple::toString).sorted().toList();
    }

    private static Node iri(String iri) {
        return NodeFactory.createURI(iri);
    }
}
