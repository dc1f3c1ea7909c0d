package dev.ldf.server.http;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.vocabulary.RDF;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.testing.Fragments;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ParsedPage;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Paging through fragments over HTTP, as a TPF client follows {@code hydra:next}. */
@Tag("server")
class FragmentPagingTest {

    private static final Node ANY = Node.ANY;
    private static final Node X = Var.alloc("x");
    private static final String SCHEMA = "http://schema.org/";

    static List<TriplePattern> patterns() {
        List<Triple> all = TestData.all();
        SplittableRandom random = new SplittableRandom(11);
        List<TriplePattern> patterns = new ArrayList<>();
        for (int i = 0; i < 6; i++) {
            Triple t = all.get(random.nextInt(all.size()));
            patterns.add(new TriplePattern(t.getSubject(), ANY, ANY));
            patterns.add(new TriplePattern(ANY, t.getPredicate(), ANY));
            patterns.add(new TriplePattern(ANY, ANY, t.getObject()));
            patterns.add(new TriplePattern(t.getSubject(), ANY, t.getObject()));
            patterns.add(new TriplePattern(ANY, t.getPredicate(), t.getObject()));
        }
        patterns.add(TriplePattern.ALL);
        patterns.add(new TriplePattern(ANY, RDF.type.asNode(), ANY));
        patterns.add(new TriplePattern(ANY, iri(SCHEMA + "abstract"), ANY));
        patterns.add(new TriplePattern(X, iri(SCHEMA + "citation"), X));
        patterns.add(new TriplePattern(X, ANY, X));
        patterns.add(new TriplePattern(ANY, iri(SCHEMA + "address"), ANY));
        // The subject of an address: a blank node, requested by its Skolem IRI.
        patterns.add(new TriplePattern(TestData.expected(new TriplePattern(ANY, iri(SCHEMA + "address"), ANY))
                .get(0).getObject(), ANY, ANY));
        return patterns;
    }

    @Test
    void pagingThroughEveryPageYieldsExactlyTheHdtMatches() {
        for (String dataset : List.of("library", "paged", "loaded")) {
            for (TriplePattern pattern : patterns()) {
                List<Triple> expected = Fragments.expectedOnTheWire(dataset, pattern);
                List<ParsedPage> pages = Fragments.allPages(Fragments.firstPage(dataset, pattern));
                List<Triple> received = new ArrayList<>();
                pages.forEach(p -> received.addAll(p.data()));
                assertEquals(expected, received, () -> dataset + " " + pattern);
                int pageSize = pageSize(dataset);
                for (int i = 0; i < pages.size(); i++) {
                    ParsedPage page = pages.get(i);
                    long count = page.count();
                    boolean last = i == pages.size() - 1;
                    assertTrue(page.data().size() <= pageSize);
                    if (!last) {
                        assertEquals(pageSize, page.data().size(), "only the last page may be short");
                        // Exact, or an upper bound for patterns above the count scan limit.
                        assertTrue(count >= expected.size(), () -> page.url() + " count " + count);
                    } else {
                        assertEquals(expected.size(), count, () -> "the last page's count is exact: " + page.url());
                    }
                    assertEquals(expected.isEmpty(), count == 0, "0 exactly when the fragment is empty");
                }
            }
        }
    }

    @Test
    void countsAreExactOnFirstMiddleLastAndPastTheEndPages() {
        TriplePattern pattern = new TriplePattern(ANY, RDF.type.asNode(), ANY);
        int size = TestData.expected(pattern).size();
        int pageSize = pageSize("paged");
        long lastPage = (size + pageSize - 1) / pageSize;
        String first = Fragments.firstPage("paged", pattern);
        for (long page : new long[] {1, lastPage / 2, lastPage, lastPage + 1, lastPage + 1000}) {
            ParsedPage parsed = Fragments.fetch(page == 1 ? first : first + "&page=" + page);
            assertEquals(size, parsed.count(), "page " + page);
            assertEquals(page > lastPage ? 0 : page < lastPage ? pageSize : size - (lastPage - 1) * pageSize,
                    parsed.data().size(), "page " + page);
            assertEquals(page < lastPage, parsed.next().isPresent(), "next link on page " + page);
            assertEquals(page > 1, parsed.link("previous").isPresent(), "previous link on page " + page);
        }
    }

    @Test
    void emptyFragmentsCountZeroAndHaveNoNextPage() {
        for (String url : List.of(
                Http.url(TestServer.dataset("library"), "subject", "http://example.org/nothing"),
                Http.url(TestServer.dataset("library"), "subject", "\"a literal\""),
                Http.url(TestServer.dataset("library"), "predicate", "?x", "object", "?x"),
                Http.url(TestServer.dataset("paged"), "subject", "?x", "predicate", "?x", "object", "?x"))) {
            ParsedPage page = Fragments.fetch(url);
            assertEquals(0, page.count(), url);
            assertTrue(page.data().isEmpty());
            assertFalse(page.next().isPresent());
        }
    }

    @Test
    void literalsWithRawQuotesTabsAndNewlinesAsComunicaSendsThem() {
        List<Triple> abstracts = TestData.expected(new TriplePattern(ANY, iri(SCHEMA + "abstract"), ANY));
        int checked = 0;
        for (Triple t : abstracts) {
            String lex = t.getObject().getLiteralLexicalForm();
            if (lex.contains("\"") || lex.contains("\t") || lex.contains("\n") || lex.contains("\\")) {
                String raw = "\"" + lex + "\"@" + t.getObject().getLiteralLanguage();
                ParsedPage page = Fragments.fetch(Http.url(TestServer.dataset("library"), "object", raw));
                TriplePattern pattern = new TriplePattern(ANY, ANY, t.getObject());
                assertEquals(TestData.expected(pattern), page.data(), raw);
                assertTrue(page.count() > 0);
                checked++;
            }
        }
        assertTrue(checked >= 3, "the dataset has literals with quotes, tabs and newlines");
    }

    private static int pageSize(String dataset) {
        return switch (dataset) {
            case "paged" -> 7;
            case "loaded" -> 13;
            default -> 100;
        };
    }

    private static Node iri(String iri) {
        return NodeFactory.createURI(iri);
    }
}
