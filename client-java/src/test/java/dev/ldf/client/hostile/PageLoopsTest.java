package dev.ldf.client.hostile;

import java.time.Duration;
import java.util.List;
import java.util.function.UnaryOperator;

import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.apache.jena.query.ResultSetFormatter;
import org.junit.jupiter.api.Test;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.FragmentException;
import dev.ldf.client.jena.FragmentDataset;
import dev.ldf.client.source.Federation;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Issue 47, item 9: a TPF server whose {@code hydra:next} leads back to a page already read, to
 * the page itself or through a cycle of two. A COUNT over two patterns ran for ever, a SELECT
 * filled the heap, and a one-pattern SELECT stopped after one page with exit 0. Each is one clear
 * error that names the page.
 */
class PageLoopsTest {

    static final String SELECT = "SELECT * WHERE { ?s <http://ex.org/p> ?o }";
    static final String COUNT = "SELECT (COUNT(*) AS ?n) WHERE { ?s <http://ex.org/p> ?o . ?s <http://ex.org/p> ?o2 }";

    @Test
    void aPageThatLinksToItselfIsAnError() throws Exception {
        for (String query : new String[] {SELECT, COUNT}) {
            loops(url -> url, query);
        }
    }

    @Test
    void twoPagesThatLinkToEachOtherAreAnError() throws Exception {
        for (String query : new String[] {SELECT, COUNT}) {
            loops(url -> url.contains("page=2") ? url.replace("&page=2", "").replace("?page=2", "")
                    : url + (url.contains("?") ? "&" : "?") + "page=2", query);
        }
    }

    private static void loops(UnaryOperator<String> next, String query) throws Exception {
        try (HostileTpfServer server = new HostileTpfServer("\"292\"^^<http://www.w3.org/2001/XMLSchema#integer>", next)) {
            FragmentException refused = refused(server.url(), query);
            assertTrue(refused.getMessage().contains("link in a loop"), refused.getMessage());
            assertTrue(refused.getMessage().contains(server.url()), refused.getMessage());
        }
    }

    /** What running {@code query} over {@code url} fails with, within a minute. */
    static FragmentException refused(String url, String query) {
        return assertTimeoutPreemptively(Duration.ofSeconds(60), () -> assertThrows(FragmentException.class, () -> {
            try (Federation sources = Federation.connect(List.of(url), ClientOptions.defaults(), new ClientListener() {});
                    QueryExecution execution = QueryExecution.create(QueryFactory.create(query),
                            FragmentDataset.of(sources))) {
                ResultSetFormatter.consume(execution.execSelect());
            }
        }));
    }
}
