package dev.ldf.client.join;

import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.TreeSet;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.algebra.Algebra;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.core.BasicPattern;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.apache.jena.sparql.graph.GraphFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import dev.ldf.client.source.Federation;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The join engine over sources in memory: every basic graph pattern gives what Jena gives over
 * the same triples, alone and federated, through TPF and brTPF, whatever the page size, and the
 * requests keep to what each source takes.
 */
class JoinEngineTest {

    private static final String EX = "http://example.org/";
    private static final Node KNOWS = iri("knows");
    private static final Node LIKES = iri("likes");
    private static final Node NAME = iri("name");
    private static final Node TYPE = iri("type");
    private static final Node PERSON = iri("Person");

    /** 30 people who know, like and name each other at random, a few knowing themselves. */
    private static final List<Triple> DATA = data(30, 7);

    private static final List<List<Triple>> BGPS = List.of(
            List.of(t("?a", KNOWS, "?b"), t("?b", KNOWS, "?c")),
            List.of(t("?a", KNOWS, "?b"), t("?b", LIKES, "?c"), t("?c", NAME, "?n")),
            List.of(t("?p", TYPE, PERSON), t("?p", NAME, "?n"), t("?p", LIKES, "?q")),
            List.of(t("?x", KNOWS, "?x")),
            List.of(t("?x", KNOWS, "?x"), t("?x", NAME, "?n")),
            List.of(t(iri("p3"), KNOWS, "?b"), t("?b", "?rel", "?c")),
            List.of(t("?a", KNOWS, "?b"), t("?b", KNOWS, "?a")),
            List.of(t("?a", iri("unknown"), "?b"), t("?b", KNOWS, "?c")),
            List.of(t("?a", NAME, NodeFactory.createLiteralString("no one"))));

    @ParameterizedTest(name = "brTPF {0}, maxMpR {1}, page size {2}")
    @CsvSource({"true, 3, 2", "true, 30, 100", "false, 0, 3", "false, 0, 100"})
    void oneSourceAnswersAsJena(boolean brtpf, int maxBindings, int pageSize) {
        InMemorySource source = new InMemorySource("one", DATA, brtpf, maxBindings, pageSize, false);
        for (List<Triple> bgp : BGPS) {
            assertEquals(jena(DATA, bgp), engine(List.of(source), bgp), () -> "BGP " + bgp);
        }
        assertFalse(source.requests().isEmpty());
    }

    @ParameterizedTest(name = "brTPF {0}, predicates announced {1}")
    @CsvSource({"true, true", "true, false", "false, true", "false, false"})
    void aFederationAnswersAsJenaOverTheUnionEachSolutionOnce(boolean brtpf, boolean announced) {
        // Two sources, every tenth triple in both.
        List<Triple> first = new ArrayList<>();
        List<Triple> second = new ArrayList<>();
        for (int i = 0; i < DATA.size(); i++) {
            (i % 2 == 0 ? first : second).add(DATA.get(i));
            if (i % 10 == 0) {
                (i % 2 == 0 ? second : first).add(DATA.get(i));
            }
        }
        InMemorySource a = new InMemorySource("a", first, brtpf, 5, 4, announced);
        InMemorySource b = new InMemorySource("b", second, true, 7, 3, announced);
        for (List<Triple> bgp : BGPS) {
            assertEquals(jena(DATA, bgp), engine(List.of(a, b), bgp), () -> "BGP " + bgp);
        }
    }

    @Test
    void noRequestCarriesMoreBindingsThanTheSourceTakes() {
        InMemorySource source = new InMemorySource("small", DATA, true, 4, 5, false);
        engine(List.of(source), BGPS.get(1));
        List<InMemorySource.Request> withBindings = source.requests().stream().filter(r -> r.bindings() > 0).toList();
        assertFalse(withBindings.isEmpty(), "the join sent bindings");
        assertTrue(withBindings.stream().allMatch(r -> r.bindings() <= 4), withBindings::toString);
    }

    @Test
    void aSourceThatLacksThePredicateIsNotAskedForIt() {
        List<Triple> names = DATA.stream().filter(t -> t.getPredicate().equals(NAME)).toList();
        List<Triple> rest = DATA.stream().filter(t -> !t.getPredicate().equals(NAME)).toList();
        InMemorySource withNames = new InMemorySource("names", names, true, 10, 10, true);
        InMemorySource without = new InMemorySource("rest", rest, true, 10, 10, true);
        List<Triple> bgp = List.of(t("?a", KNOWS, "?b"), t("?b", NAME, "?n"));
        assertEquals(jena(DATA, bgp), engine(List.of(withNames, without), bgp));
        assertTrue(without.requests().stream().noneMatch(r -> r.pattern().getPredicate().equals(NAME)),
                without.requests()::toString);
        assertTrue(withNames.requests().stream().noneMatch(r -> r.pattern().getPredicate().equals(KNOWS)),
                withNames.requests()::toString);
    }

    @Test
    void patternsOnlyOneSourceHasAreJoinedThereAsAGroup() {
        List<Triple> people = DATA.stream().filter(t -> !t.getPredicate().equals(KNOWS)).toList();
        List<Triple> knows = DATA.stream().filter(t -> t.getPredicate().equals(KNOWS)).toList();
        InMemorySource endpoint = new InMemorySource("endpoint", people, true, 10, 10, true).joiningGroups();
        InMemorySource fragments = new InMemorySource("fragments", knows, true, 10, 10, true);
        List<Triple> bgp = List.of(t("?p", TYPE, PERSON), t("?p", NAME, "?n"), t("?p", LIKES, "?q"), t("?q", KNOWS, "?r"));
        assertEquals(jena(DATA, bgp), engine(List.of(endpoint, fragments), bgp));
        assertTrue(endpoint.groupQueries() > 0, "the three patterns only the endpoint has went there as a group");
        assertTrue(endpoint.requests().stream().noneMatch(r -> r.bindings() > 0),
                () -> "no bind join of single patterns at the endpoint: " + endpoint.requests());
    }

    @Test
    void everyPageOfAFragmentIsRead() {
        InMemorySource source = new InMemorySource("pages", DATA, true, 10, 1, false);
        List<Triple> bgp = List.of(t("?p", NAME, "?n"));
        assertEquals(jena(DATA, bgp), engine(List.of(source), bgp));
        assertTrue(source.pages() >= 30, "one triple per page, 30 names: " + source.pages());
    }

    @Test
    void solutionsExtendTheBindingsTheyAreGiven() {
        InMemorySource source = new InMemorySource("input", DATA, true, 3, 4, false);
        List<Triple> bgp = List.of(t("?a", KNOWS, "?b"));
        List<Binding> input = List.of(BindingFactory.binding(Var.alloc("a"), iri("p1")),
                BindingFactory.binding(Var.alloc("a"), iri("p2")));
        Set<String> expected = new TreeSet<>();
        for (Binding in : input) {
            expected.addAll(jena(DATA, List.of(t(in.get(Var.alloc("a")), KNOWS, "?b"))).stream()
                    .map(row -> "?a=" + in.get(Var.alloc("a")) + " " + row).toList());
        }
        List<String> rows = rows(new BgpExecutor(Federation.of(List.of(source))).execute(bgp, input.iterator()));
        assertEquals(List.copyOf(expected), rows);
    }

    // --- helpers -----------------------------------------------------------------------------------

    /** The solutions as sorted text rows, one per solution (duplicates kept). */
    private static List<String> engine(List<InMemorySource> sources, List<Triple> bgp) {
        Iterator<Binding> identity = List.of(BindingFactory.empty()).iterator();
        return rows(new BgpExecutor(Federation.of(sources)).execute(bgp, identity));
    }

    private static List<String> jena(List<Triple> data, List<Triple> bgp) {
        Graph graph = GraphFactory.createDefaultGraph();
        data.forEach(graph::add);
        QueryIterator solutions = Algebra.exec(new OpBGP(BasicPattern.wrap(bgp)), graph);
        return rows(solutions);
    }

    private static List<String> rows(Iterator<Binding> solutions) {
        List<String> rows = new ArrayList<>();
        try {
            solutions.forEachRemaining(b -> {
                List<String> cells = new ArrayList<>();
                b.vars().forEachRemaining(v -> cells.add("?" + v.getVarName() + "=" + b.get(v)));
                cells.sort(null);
                rows.add(String.join(" ", cells));
            });
        } finally {
            Iter.close(solutions);
        }
        rows.sort(null);
        return rows;
    }

    private static List<Triple> data(int people, long seed) {
        Random random = new Random(seed);
        Set<Triple> triples = new LinkedHashSet<>();
        for (int i = 0; i < people; i++) {
            Node p = iri("p" + i);
            triples.add(Triple.create(p, TYPE, PERSON));
            triples.add(Triple.create(p, NAME, NodeFactory.createLiteralString("person " + i)));
            for (int k = 0; k < 3; k++) {
                triples.add(Triple.create(p, KNOWS, iri("p" + random.nextInt(people))));
            }
            triples.add(Triple.create(p, LIKES, iri("p" + random.nextInt(people))));
        }
        triples.add(Triple.create(iri("p3"), KNOWS, iri("p3")));
        return List.copyOf(triples);
    }

    private static Triple t(Object s, Object p, Object o) {
        return Triple.create(node(s), node(p), node(o));
    }

    private static Node node(Object term) {
        return term instanceof Node n ? n : Var.alloc(((String) term).substring(1));
    }

    private static Node iri(String local) {
        return NodeFactory.createURI(EX + local);
    }
}
