package dev.ldf.server.testing;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;

import static org.junit.jupiter.api.Assertions.assertEquals;

/** Fetching fragments from the test server as a TPF client does. */
public final class Fragments {

    private Fragments() {}

    /** The URL of the first page of {@code pattern} in {@code dataset}, in the parameter syntax clients use. */
    public static String firstPage(String dataset, TriplePattern pattern) {
        List<String> params = new ArrayList<>();
        add(params, "subject", pattern.subject(), dataset);
        add(params, "predicate", pattern.predicate(), dataset);
        add(params, "object", pattern.object(), dataset);
        return Http.url(TestServer.dataset(dataset), params.toArray(String[]::new));
    }

    private static void add(List<String> params, String name, Node node, String dataset) {
        if (node == Node.ANY) {
            return;
        }
        params.add(name);
        if (node.isVariable()) {
            params.add("?" + node.getName());
        } else if (node.isBlank()) {
            params.add(skolemizer(dataset).skolemize(node).getURI());
        } else {
            params.add(HdtTerms.toHdt(node).replace("^^<", "^^").replaceAll(">$", ""));
        }
    }

    public static ParsedPage fetch(String url) {
        HttpResponse<String> response = Http.get(url, "Accept", "application/n-quads");
        assertEquals(200, response.statusCode(), () -> url + " -> " + response.body());
        return ParsedPage.parse(url, response.body(), Lang.NQUADS);
    }

    /** Every page of a fragment, following {@code hydra:next}. */
    public static List<ParsedPage> allPages(String firstUrl) {
        List<ParsedPage> pages = new ArrayList<>();
        String url = firstUrl;
        while (url != null) {
            ParsedPage page = fetch(url);
            pages.add(page);
            url = page.next().orElse(null);
            if (pages.size() > 10_000) {
                throw new AssertionError("paging does not end at " + firstUrl);
            }
        }
        return pages;
    }

    public static Skolemizer skolemizer(String dataset) {
        return new Skolemizer(TestServer.uri() + ".well-known/genid/" + dataset + "/");
    }

    /** The expected triples as the server sends them: blank nodes as Skolem IRIs. */
    public static List<Triple> expectedOnTheWire(String dataset, TriplePattern pattern) {
        Skolemizer skolemizer = skolemizer(dataset);
        return TestData.expected(pattern).stream().map(skolemizer::skolemize).toList();
    }
}
