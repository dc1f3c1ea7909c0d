package dev.ldf.server.http;

import java.net.URI;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SplittableRandom;

import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.out.NodeFmtLib;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.vocabulary.RDF;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.testing.Fragments;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.ParsedPage;
import dev.ldf.server.testing.TestData;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Bindings-restricted TPF against a brute-force evaluation of the paper's selector
 * (Hartig and Buil-Aranda, ODBASE 2016, Definition 2) over every triple of the dataset.
 */
@Tag("server")
class BrtpfTest {

    private static final Node ANY = Node.ANY;
    private static final String SCHEMA = "http://schema.org/";

    /** One mapping of a VALUES block: absent variables are UNDEF. */
    record Mapping(Map<Var, Node> values) {}

    /** A request: pattern, VALUES header and rows. */
    record Case(TriplePattern pattern, List<Var> header, List<Mapping> rows) {

        /** The VALUES block as Comunica writes it; blank nodes as the server's Skolem IRIs. */
        String values(Skolemizer skolemizer) {
            StringBuilder b = new StringBuilder("(");
            header.forEach(v -> b.append(b.length() > 1 ? " " : "").append('?').append(v.getVarName()));
            b.append(") {");
            for (Mapping row : rows) {
                b.append(" (");
                for (int i = 0; i < header.size(); i++) {
                    Node value = row.values().get(header.get(i));
                    b.append(i > 0 ? " " : "").append(value == null ? "UNDEF" : NodeFmtLib.strNT(skolemizer.skolemize(value)));
                }
                b.append(')');
            }
            return b.append(" }").toString();
        }

        /** The pattern parameters, variables as ?name. */
        String[] parameters(String values) {
            List<String> p = new ArrayList<>();
            term(p, "subject", pattern.subject());
            term(p, "predicate", pattern.predicate());
            term(p, "object", pattern.object());
            p.add("values");
            p.add(values);
            return p.toArray(String[]::new);
        }

        private static void term(List<String> p, String name, Node node) {
            if (node.isVariable()) {
                p.add(name);
                p.add("?" + node.getName());
            } else if (node != ANY) {
                p.add(name);
                p.add(node.isURI() ? node.getURI() : NodeFmtLib.strNT(node).replace("^^<", "^^").replaceAll(">$", ""));
            }
        }

        /** The selector by brute force: a triple is in it iff it matches and agrees with some mapping. */
        Set<Triple> bruteForce() {
            Set<Triple> result = new LinkedHashSet<>();
            for (Triple t : TestData.all()) {
                if (pattern.matches(t) && rows.stream().anyMatch(m -> compatible(t, m))) {
                    result.add(t);
                }
            }
            return result;
        }

        private boolean compatible(Triple t, Mapping m) {
            return agrees(pattern.subject(), t.getSubject(), m) && agrees(pattern.predicate(), t.getPredicate(), m)
                    && agrees(pattern.object(), t.getObject(), m);
        }

        private static boolean agrees(Node patternNode, Node term, Mapping m) {
            if (!patternNode.isVariable()) {
                return true;
            }
            Node value = m.values().get(Var.alloc(patternNode));
            return value == null || value.sameTermAs(term);
        }

        /**
         * The fragment in the server's order: each distinct bound pattern's HDT matches in turn,
         * a triple only under the first pattern that yields it.
         */
        List<Triple> inServerOrder() {
            Set<TriplePattern> bound = new LinkedHashSet<>();
            for (Mapping m : rows) {
                bound.add(new TriplePattern(bind(pattern.subject(), m), bind(pattern.predicate(), m), bind(pattern.object(), m)));
            }
            Set<Triple> seen = new LinkedHashSet<>();
            for (TriplePattern b : bound) {
                seen.addAll(TestData.expected(b));
            }
            return new ArrayList<>(seen);
        }

        private static Node bind(Node node, Mapping m) {
            Node value = node.isVariable() ? m.values().get(Var.alloc(node)) : null;
            return value != null ? value : node;
        }
    }

    /** Random cases built from the data, with the awkward parts brTPF clients send. */
    static List<Case> cases(long seed, int count, int maxRows) {
        List<Triple> all = TestData.all();
        SplittableRandom random = new SplittableRandom(seed);
        List<Case> cases = new ArrayList<>();
        Var s = Var.alloc("s");
        Var o = Var.alloc("o");
        Var p = Var.alloc("p");
        Var extra = Var.alloc("unused");
        Node[] predicates = {RDF.type.asNode(), iri(SCHEMA + "author"), iri(SCHEMA + "abstract"), iri(SCHEMA + "name"),
                iri(SCHEMA + "citation"), iri(SCHEMA + "knows"), iri(SCHEMA + "address"),
                iri("http://www.w3.org/2000/01/rdf-schema#label")};
        for (int c = 0; c < count; c++) {
            Node predicate = predicates[random.nextInt(predicates.length)];
            TriplePattern pattern = switch (random.nextInt(5)) {
                case 0 -> new TriplePattern(s, predicate, o);
                case 1 -> new TriplePattern(s, predicate, ANY);
                case 2 -> new TriplePattern(s, p, o);
                case 3 -> new TriplePattern(s, predicate, s);
                default -> new TriplePattern(ANY, predicate, o);
            };
            List<Triple> matching = all.stream().filter(pattern::matches).toList();
            List<Var> header = new ArrayList<>();
            for (Node n : new Node[] {pattern.subject(), pattern.predicate(), pattern.object()}) {
                if (n.isVariable() && !header.contains((Var) n) && random.nextInt(6) > 0) {
                    header.add((Var) n);
                }
            }
            if (header.isEmpty() || random.nextInt(4) == 0) {
                header.add(random.nextInt(header.size() + 1), extra);
            }
            List<Mapping> rows = new ArrayList<>();
            int size = 1 + random.nextInt(maxRows);
            for (int r = 0; r < size; r++) {
                Map<Var, Node> values = new HashMap<>();
                Triple source = matching.isEmpty() ? all.get(random.nextInt(all.size())) : matching.get(random.nextInt(matching.size()));
                for (Var v : header) {
                    int dice = random.nextInt(12);
                    if (dice == 0) {
                        continue; // UNDEF
                    }
                    Node value = valueOf(pattern, v, source);
                    if (value == null || dice == 1) {
                        value = noise(random, all);
                    }
                    values.put(v, value);
                }
                rows.add(new Mapping(values));
                if (random.nextInt(8) == 0) {
                    rows.add(new Mapping(values)); // a duplicate mapping
                }
            }
            cases.add(new Case(pattern, header, rows));
        }
        return cases;
    }

    private static Node valueOf(TriplePattern pattern, Var v, Triple t) {
        if (v.equals(pattern.subject())) {
            return t.getSubject();
        }
        if (v.equals(pattern.predicate())) {
            return t.getPredicate();
        }
        if (v.equals(pattern.object())) {
            return t.getObject();
        }
        return null;
    }

    /** Values that match nothing or sit in the wrong position: unknown IRIs, odd literals, numbers. */
    private static Node noise(SplittableRandom random, List<Triple> all) {
        return switch (random.nextInt(5)) {
            case 0 -> iri("http://example.org/unknown/" + random.nextInt(1000));
            case 1 -> NodeFactory.createLiteralLang("a \"quoted\"\ttab and\nnewline", "en");
            case 2 -> NodeFactory.createLiteralDT(Integer.toString(random.nextInt(1000)), XSDDatatype.XSDinteger);
            case 3 -> all.get(random.nextInt(all.size())).getObject();
            default -> all.get(random.nextInt(all.size())).getSubject();
        };
    }

    @Test
    void theSelectorEqualsBruteForceEvaluationOverGetAndPost() {
        int nonEmpty = 0;
        for (Case c : cases(20261122, 60, 40)) {
            String dataset = "library";
            String values = c.values(Fragments.skolemizer(dataset));
            List<Triple> expected = skolemized(dataset, c.inServerOrder());
            assertEquals(Set.copyOf(skolemized(dataset, new ArrayList<>(c.bruteForce()))), Set.copyOf(expected),
                    "the server's order is a permutation of the selector");
            List<ParsedPage> get = Fragments.allPages(Http.url(TestServer.dataset(dataset), c.parameters(values)));
            List<Triple> received = new ArrayList<>();
            get.forEach(page -> received.addAll(page.data()));
            assertEquals(expected, received, () -> c.pattern() + " " + values);
            assertEquals(expected.size(), get.get(get.size() - 1).count(), "exact count");
            assertEquals(expected.isEmpty(), get.get(0).count() == 0, "0 exactly when empty");

            HttpResponse<String> post = Http.post(TestServer.dataset(dataset), Http.form(c.parameters(values)),
                    "Accept", "application/n-quads");
            assertEquals(200, post.statusCode(), post::body);
            ParsedPage first = ParsedPage.parse(TestServer.dataset(dataset), post.body(), Lang.NQUADS);
            assertEquals(get.get(0).data(), first.data(), "POST gives the same triples as GET");
            assertEquals(get.get(0).count(), first.count(), "and the same count");
            nonEmpty += expected.isEmpty() ? 0 : 1;
        }
        assertTrue(nonEmpty > 30, "most cases have results: " + nonEmpty);
    }

    @Test
    void pagesCrossBoundPatternBoundariesAndCountsStayExact() {
        for (Case c : cases(7, 25, 30)) {
            String values = c.values(Fragments.skolemizer("paged"));
            List<Triple> expected = skolemized("paged", c.inServerOrder());
            List<ParsedPage> pages = Fragments.allPages(Http.url(TestServer.dataset("paged"), c.parameters(values)));
            List<Triple> received = new ArrayList<>();
            for (int i = 0; i < pages.size(); i++) {
                ParsedPage page = pages.get(i);
                received.addAll(page.data());
                if (i < pages.size() - 1) {
                    assertEquals(7, page.data().size(), "full pages until the last");
                    assertTrue(page.count() >= expected.size());
                    assertTrue(page.next().orElseThrow().contains("values="), "next carries the bindings");
                } else {
                    assertEquals(expected.size(), page.count());
                }
            }
            assertEquals(expected, received, () -> c.pattern() + " " + values);
        }
    }

    @Test
    void aPostedRequestPagesByPostingTheSameBodyToTheNextUrl() {
        Case c = new Case(new TriplePattern(Var.alloc("s"), RDF.type.asNode(), Var.alloc("o")), List.of(Var.alloc("o")),
                List.of(new Mapping(Map.of(Var.alloc("o"), iri(SCHEMA + "Book"))),
                        new Mapping(Map.of(Var.alloc("o"), iri(SCHEMA + "Person")))));
        String form = Http.form(c.parameters(c.values(Fragments.skolemizer("paged"))));
        List<Triple> expected = skolemized("paged", c.inServerOrder());
        List<Triple> received = new ArrayList<>();
        String url = TestServer.dataset("paged");
        int pages = 0;
        while (url != null) {
            HttpResponse<String> response = Http.post(url, form, "Accept", "application/n-quads");
            assertEquals(200, response.statusCode(), response::body);
            ParsedPage page = ParsedPage.parse(url, response.body(), Lang.NQUADS);
            assertEquals(expected.size(), page.count());
            received.addAll(page.data());
            url = page.next().orElse(null);
            pages++;
            if (url != null) {
                assertEquals(TestServer.dataset("paged") + "?page=" + (pages + 1), url);
            }
        }
        assertEquals(expected, received);
        assertTrue(pages > 10);
    }

    @Test
    void unusedVariablesAndUndefRestrictNothing() {
        String all = Http.url(TestServer.dataset("library"), "predicate", SCHEMA.replace("http", "http") + "author");
        long authors = Fragments.fetch(all).count();
        for (String values : List.of("(?unused) { (<http://example.org/x>) }", "(?o) { (UNDEF) }", "(?s ?o) { (UNDEF UNDEF) }")) {
            ParsedPage page = Fragments.fetch(Http.url(TestServer.dataset("library"), "subject", "?s", "predicate",
                    SCHEMA + "author", "object", "?o", "values", values));
            assertEquals(authors, page.count(), values);
        }
    }

    @Test
    void overlappingBoundPatternsYieldEachTripleOnceWithAnExactCount() {
        Var s = Var.alloc("s");
        Var o = Var.alloc("o");
        TriplePattern pattern = new TriplePattern(s, iri(SCHEMA + "author"), o);
        Triple authorship = TestData.expected(pattern).get(0);
        // (book UNDEF) and (UNDEF author) both reach the same triple; (UNDEF UNDEF) reaches them all.
        for (List<Mapping> rows : List.of(
                List.of(new Mapping(Map.of(s, authorship.getSubject())), new Mapping(Map.of(o, authorship.getObject()))),
                List.of(new Mapping(Map.of(o, authorship.getObject())), new Mapping(Map.of()),
                        new Mapping(Map.of(s, authorship.getSubject()))))) {
            Case c = new Case(pattern, List.of(s, o), rows);
            List<Triple> expected = c.inServerOrder();
            assertEquals(Set.copyOf(c.bruteForce()), Set.copyOf(expected));
            for (String dataset : List.of("library", "paged")) {
                List<ParsedPage> pages = Fragments.allPages(Http.url(TestServer.dataset(dataset),
                        c.parameters(c.values(Fragments.skolemizer(dataset)))));
                List<Triple> received = new ArrayList<>();
                pages.forEach(page -> received.addAll(page.data()));
                assertEquals(expected, received);
                assertEquals(Set.copyOf(received).size(), received.size(), "no triple twice");
                pages.forEach(page -> assertEquals(expected.size(), page.count(), "exact on every page"));
            }
        }
    }

    @Test
    void noBindingsAtAllIsThePlainFragment() {
        String plain = Http.url(TestServer.dataset("library"), "predicate", SCHEMA + "author");
        long count = Fragments.fetch(plain).count();
        for (String values : List.of("", "(?s) { }", "?s { }")) {
            assertEquals(count, Fragments.fetch(Http.url(TestServer.dataset("library"), "subject", "?s", "predicate",
                    SCHEMA + "author", "values", values)).count(), values);
        }
    }

    @Test
    void oneUnknownBindingIsTheEmptyFragment() {
        // Comunica asks for an empty fragment this way.
        ParsedPage page = Fragments.fetch(Http.url(TestServer.dataset("library"), "subject", "?s", "predicate", SCHEMA + "author",
                "values", "(?s) { (<http://example.org/does-not-exist>) }"));
        assertEquals(0, page.count());
        assertTrue(page.data().isEmpty());
    }

    @Test
    void duplicateMappingsDoNotCountTowardsTheLimit() {
        // maxMpR of "paged" is 30: 30 distinct mappings, each sent twice, are accepted.
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 60; i++) {
            rows.append(" (<http://example.org/library/person/").append(1 + i % 30).append(">)");
        }
        String url = Http.url(TestServer.dataset("paged"), "subject", "?s", "values", "(?s) {" + rows + " }");
        assertEquals(200, Http.get(url).statusCode());
    }

    @Test
    void moreDistinctMappingsThanMaxMpRAre400NamingTheLimit() {
        StringBuilder rows = new StringBuilder();
        for (int i = 0; i < 31; i++) {
            rows.append(" (<http://example.org/library/person/").append(i).append(">)");
        }
        String form = Http.form("subject", "?s", "values", "(?s) {" + rows + " }");
        HttpResponse<String> get = Http.get(TestServer.dataset("paged") + "?" + form, "Accept", "text/turtle");
        assertEquals(400, get.statusCode());
        assertTrue(get.body().contains("31 distinct solution mappings") && get.body().contains("at most 30"), get.body());
        HttpResponse<String> post = Http.post(TestServer.dataset("paged"), form, "Accept", "text/turtle");
        assertEquals(400, post.statusCode());
        assertTrue(post.body().contains("at most 30"));
    }

    @Test
    void malformedValuesAre400() {
        for (String values : List.of("garbage", "(?s) { (<http://a>) ", "(?s) { (<http://a> <http://b>) }",
                "(?s ?s) { (<http://a> <http://b>) }", "(?s) { (_:b) }", "(?s) { (ex:a) }",
                "(?s) { (<http://a>) } } SELECT * { ?x ?y ?z", "(?s) { (\"unterminated) }")) {
            HttpResponse<String> response = Http.get(Http.url(TestServer.dataset("library"), "subject", "?s", "values", values),
                    "Accept", "text/turtle");
            assertEquals(400, response.statusCode(), values);
            assertTrue(response.body().contains("not a SPARQL VALUES block"), response.body());
            assertFalse(response.body().contains("Exception"));
        }
    }

    @Test
    void postBodiesAreLimitedTyped415AndParametersGivenOnce() {
        String big = Http.form("subject", "?s", "values", "(?s) { " + "(<http://example.org/x>) ".repeat(20_000) + "}");
        assertTrue(big.length() > TestServer.MAX_BODY_BYTES);
        HttpResponse<String> tooLarge = Http.post(TestServer.dataset("library"), big, "Accept", "text/turtle");
        assertEquals(413, tooLarge.statusCode());
        assertTrue(tooLarge.body().contains("larger than " + TestServer.MAX_BODY_BYTES + " bytes"));

        String[] declaredHuge = Http.raw("POST", "/library", "Content-Type", "application/x-www-form-urlencoded",
                "Content-Length", "100000000");
        assertEquals("HTTP/1.1 413 Payload Too Large", declaredHuge[0], "refused at once, without reading");

        HttpResponse<String> json = Http.send(HttpRequest.newBuilder(URI.create(TestServer.dataset("library")))
                .POST(HttpRequest.BodyPublishers.ofString("{}")), "Content-Type", "application/json");
        assertEquals(415, json.statusCode());

        HttpResponse<String> latin1 = Http.send(HttpRequest.newBuilder(URI.create(TestServer.dataset("library")))
                .POST(HttpRequest.BodyPublishers.ofString("subject=%3Fs")),
                "Content-Type", "application/x-www-form-urlencoded; charset=ISO-8859-1");
        assertEquals(200, Http.post(TestServer.dataset("library"), "subject=%3Fs").statusCode());
        assertEquals(415, latin1.statusCode(), "a body in another charset is refused");

        HttpResponse<String> twice = Http.post(TestServer.dataset("library") + "?page=2", "subject=%3Fs&page=3");
        assertEquals(400, twice.statusCode());
        assertTrue(twice.body().contains("both in the URL and in the body"));

        HttpResponse<String> index = Http.post(TestServer.uri().toString(), "subject=%3Fs");
        assertEquals(405, index.statusCode());
        assertTrue(index.headers().firstValue("Allow").orElseThrow().contains("GET"));
        assertTrue(Http.get(TestServer.dataset("library")).statusCode() == 200);
    }

    @Test
    void everyPageAnnouncesTheBrtpfControlBesideAnUnchangedTpfForm() {
        ParsedPage page = Fragments.fetch(TestServer.dataset("paged"));
        Node dataset = iri(TestServer.dataset("paged") + "#dataset");
        List<Triple> controls = page.metadata().find(dataset, iri("https://w3id.org/brtpf#bindingsRestrictedSearch"), ANY).toList();
        assertEquals(1, controls.size());
        Node form = controls.get(0).getObject();
        assertEquals(TestServer.dataset("paged") + "{?subject,predicate,object,values}",
                page.metadata().find(form, iri(ParsedPage.HYDRA + "template"), ANY).next().getObject().getLiteralLexicalForm());
        assertEquals(30L, page.integer(form, "https://w3id.org/brtpf#maxBindingsPerRequest").orElseThrow());
        assertEquals(4, page.metadata().find(form, iri(ParsedPage.HYDRA + "mapping"), ANY).toList().size());
        Node tpfForm = page.metadata().find(dataset, iri(ParsedPage.HYDRA + "search"), ANY).next().getObject();
        assertEquals(3, page.metadata().find(tpfForm, iri(ParsedPage.HYDRA + "mapping"), ANY).toList().size());
        assertEquals(1, page.metadata().find(dataset, iri(ParsedPage.HYDRA + "search"), ANY).toList().size());
    }

    @Test
    void aDatasetWithBrtpfOffAnnouncesNoControlAndRefusesBindings() {
        ParsedPage page = Fragments.fetch(TestServer.dataset("tpfonly"));
        assertFalse(page.metadata().find(ANY, iri("https://w3id.org/brtpf#bindingsRestrictedSearch"), ANY).hasNext());
        assertEquals(1, page.metadata().find(ANY, iri(ParsedPage.HYDRA + "search"), ANY).toList().size());
        HttpResponse<String> response = Http.get(Http.url(TestServer.dataset("tpfonly"), "subject", "?s",
                "values", "(?s) { (<http://example.org/library/book/1>) }"), "Accept", "text/turtle");
        assertEquals(400, response.statusCode());
        assertTrue(response.body().contains("does not accept bindings"));
    }

    @Test
    void identicalPostBodiesShareAnEntityTagAndDifferentOnesDoNot() {
        String a = Http.form("subject", "?s", "values", "(?s) { (<http://example.org/library/person/1>) }");
        String b = Http.form("subject", "?s", "values", "(?s) { (<http://example.org/library/person/2>) }");
        String tagA = Http.post(TestServer.dataset("library"), a).headers().firstValue("ETag").orElseThrow();
        assertEquals(tagA, Http.post(TestServer.dataset("library"), a).headers().firstValue("ETag").orElseThrow());
        assertFalse(tagA.equals(Http.post(TestServer.dataset("library"), b).headers().firstValue("ETag").orElseThrow()));
    }

    private static List<Triple> skolemized(String dataset, List<Triple> triples) {
        Skolemizer skolemizer = Fragments.skolemizer(dataset);
        return triples.stream().map(skolemizer::skolemize).toList();
    }

    private static Node iri(String iri) {
        return NodeFactory.createURI(iri);
    }
}
