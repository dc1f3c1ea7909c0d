package dev.ldf.server.live;

import java.io.IOException;
import java.io.Writer;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.out.NodeFmtLib;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.live.patch.ChangeSet;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Property test: after random patches, every fragment of the live dataset, read page by page, is
 * exactly the matching triples of the same data held in a plain set, with exact counts, each
 * triple once, for every pattern shape, brTPF selectors and page sizes.
 */
class LiveDatasourceTest {

    @TempDir
    static Path dir;
    private static Set<Triple> base;
    private static HdtDatasource hdt;

    @BeforeAll
    static void baseFile() throws IOException {
        Random random = new Random(11);
        base = new LinkedHashSet<>();
        while (base.size() < 150) {
            base.add(triple(random));
        }
        Path nt = dir.resolve("base.nt");
        try (Writer w = Files.newBufferedWriter(nt)) {
            for (Triple t : base) {
                w.write(NodeFmtLib.strNT(t.getSubject()) + " " + NodeFmtLib.strNT(t.getPredicate()) + " "
                        + NodeFmtLib.strNT(t.getObject()) + " .\n");
            }
        }
        Path file = dir.resolve("base.hdt");
        new RdfToHdt("http://ex.org/", HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(nt), file);
        hdt = HdtDatasource.open(file, HdtDatasource.Options.defaults());
    }

    @AfterAll
    static void close() {
        hdt.close();
    }

    @Test
    void fragmentsEqualTheChangedDataAtEveryVersion() {
        Random random = new Random(5);
        LiveDatasource live = new LiveDatasource(hdt, 0);
        Set<Triple> data = new HashSet<>(base);
        List<Triple> baseList = new ArrayList<>(base);
        for (int version = 1; version <= 12; version++) {
            List<ChangeSet.Change> changes = new ArrayList<>();
            for (int i = 0; i < 25; i++) {
                // Deletes of base triples, and adds of new triples and of deleted base ones.
                Triple t = random.nextInt(3) == 0 ? baseList.get(random.nextInt(baseList.size())) : triple(random);
                boolean add = random.nextBoolean();
                changes.add(new ChangeSet.Change(add, t));
                if (add) {
                    data.add(t);
                } else {
                    data.remove(t);
                }
            }
            live.apply(new ChangeSet(changes), version);
            assertEquals(version, live.versionNumber());
            assertEquals(data.size(), live.statistics().triples(), "dataset size");
            Map<Node, Long> perPredicate = new HashMap<>();
            data.forEach(t -> perPredicate.merge(t.getPredicate(), 1L, Long::sum));
            Map<Node, Long> listed = new HashMap<>();
            live.predicates(Integer.MAX_VALUE).forEach(c -> listed.put(c.predicate(), c.triples()));
            assertEquals(perPredicate, listed, "predicate counts at version " + version);
            for (Selector selector : selectors(random)) {
                for (int pageSize : new int[] {1, 4, 1_000}) {
                    check(live, selector, pageSize, data);
                }
            }
        }
    }

    @Test
    void aDatasetWithoutChangesAnswersAsItsBase() {
        LiveDatasource live = new LiveDatasource(hdt, 0);
        FragmentPage page = live.page(Selector.of(TriplePattern.ALL), 0, 10);
        assertEquals(Count.exact(base.size()), page.count());
        assertEquals(hdt.version() + ".0", live.version());
    }

    private static void check(LiveDatasource live, Selector selector, int pageSize, Set<Triple> data) {
        Set<Triple> expected = new HashSet<>();
        for (Triple t : data) {
            if (selector.patterns().stream().anyMatch(p -> p.matches(t))) {
                expected.add(t);
            }
        }
        List<Triple> read = new ArrayList<>();
        long offset = 0;
        while (true) {
            FragmentPage page = live.page(selector, offset, pageSize);
            Count count = page.count();
            assertTrue(count.exact() ? count.value() == expected.size() : count.value() >= expected.size(),
                    selector + ": count " + count + " for " + expected.size());
            int size = 0;
            for (Triple t : page.triples()) {
                read.add(t);
                size++;
            }
            assertEquals(page.size(), size, "page size as stated");
            assertTrue(size <= pageSize);
            if (!page.hasNextPage()) {
                break;
            }
            assertEquals(pageSize, size, "only the last page is short");
            offset += pageSize;
        }
        assertEquals(read.size(), new HashSet<>(read).size(), selector + " at page size " + pageSize + ": each triple once");
        assertEquals(expected, new HashSet<>(read), selector + " at page size " + pageSize);
    }

    /** Every shape of pattern over terms in and out of the base, and brTPF-like unions of several. */
    private static List<Selector> selectors(Random random) {
        List<Selector> selectors = new ArrayList<>();
        for (int shape = 0; shape < 8; shape++) {
            Node s = (shape & 4) != 0 ? iri("s" + random.nextInt(7)) : Node.ANY;
            Node p = (shape & 2) != 0 ? iri("p" + random.nextInt(3)) : Node.ANY;
            Node o = (shape & 1) != 0 ? object(random) : Node.ANY;
            selectors.add(Selector.of(new TriplePattern(s, p, o)));
        }
        List<TriplePattern> union = new ArrayList<>();
        union.add(new TriplePattern(iri("s1"), Node.ANY, Node.ANY));
        union.add(new TriplePattern(Node.ANY, iri("p1"), Node.ANY));
        union.add(new TriplePattern(iri("s2"), iri("p0"), Node.ANY));
        union.add(new TriplePattern(Node.ANY, Node.ANY, object(random)));
        selectors.add(new Selector(union));
        return selectors;
    }

    private static Triple triple(Random random) {
        return Triple.create(iri("s" + random.nextInt(7)), iri("p" + random.nextInt(3)), object(random));
    }

    private static Node object(Random random) {
        int n = random.nextInt(10);
        return switch (n % 3) {
            case 0 -> iri("o" + n);
            case 1 -> NodeFactory.createLiteralString("v" + n);
            default -> NodeFactory.createLiteralLang("w" + n, "en");
        };
    }

    private static Node iri(String local) {
        return NodeFactory.createURI("http://ex.org/" + local);
    }
}
