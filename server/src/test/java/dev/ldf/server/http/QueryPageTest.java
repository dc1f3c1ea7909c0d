package dev.ldf.server.http;

import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

import dev.ldf.cli.page.QueryPage;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Issue 33: the preemptive endpoint's page for people, with a real server and what a browser sends. */
@Tag("server")
class QueryPageTest {

    private static final String BROWSER = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8";
    private static final Pattern ROW = Pattern.compile("<tr><td");
    private static final Pattern MORE = Pattern.compile("<a rel=\"next\" href=\"([^\"]+)\">More results</a>");

    private static String endpoint() {
        return TestServer.dataset("library") + "/sparql";
    }

    @Test
    void aBrowserGetsAFormWithTheDatasetsPrefixes() {
        HttpResponse<String> page = Http.get(endpoint(), "Accept", BROWSER);
        assertEquals(200, page.statusCode(), page.body());
        assertEquals("text/html;charset=utf-8", page.headers().firstValue("Content-Type").orElse("").replace(" ", ""));
        assertEquals(QueryPage.POLICY, page.headers().firstValue("Content-Security-Policy").orElse(""));
        String html = page.body();
        assertTrue(html.contains("<form id=\"sparql\" class=\"query\" action=\"" + endpoint() + "\" method=\"get\""), html);
        // The page's one script is inline, and the policy names it by its hash; it runs nothing else.
        assertEquals(1, count(Pattern.compile("<script>"), html));
        assertFalse(html.contains("<script src"), html);
        assertTrue(html.contains("<textarea id=\"query\" name=\"query\""), html);
        Matcher example = Pattern.compile("<textarea id=\"query\"[^>]*>([^<]*)</textarea>").matcher(html);
        assertTrue(example.find(), html);
        String query = example.group(1).replace("&lt;", "<").replace("&gt;", ">").replace("&quot;", "\"")
                .replace("&#39;", "'").replace("&amp;", "&");
        assertTrue(query.contains("SELECT ?s ?o WHERE {"), query);
        assertFalse(query.contains("rdf-syntax-ns#type"), "the example is over a predicate of the dataset's own: " + query);
        HttpResponse<String> ran = Http.get(Http.url(endpoint(), "query", query), "Accept", BROWSER);
        assertEquals(200, ran.statusCode(), ran.body());
        assertTrue(count(ROW, ran.body()) > 0, "the example finds something as it is: " + ran.body());
        assertTrue(html.contains("<a href=\"" + TestServer.dataset("library") + "\">"), "leads back to the dataset");
        // Programs that accept anything still get results, and a request without a query still says what is missing.
        assertEquals(400, Http.get(endpoint(), "Accept", "*/*").statusCode());
    }

    @Test
    void moreResultsLeadsThroughEverySolutionToTheEnd() {
        String url = Http.url(endpoint(), "query", "SELECT * WHERE { ?s ?p ?o }");
        int rows = 0;
        int pages = 0;
        String html;
        do {
            HttpResponse<String> page = Http.get(url, "Accept", BROWSER);
            assertEquals(200, page.statusCode(), page.body());
            assertEquals("no-store", page.headers().firstValue("Cache-Control").orElse(""));
            html = page.body();
            assertTrue(html.contains("<th scope=\"col\">?s</th><th scope=\"col\">?p</th><th scope=\"col\">?o</th>"), html);
            pages++;
            assertTrue(html.contains("request " + pages + " of this query"), html);
            int here = count(ROW, html);
            if (pages > 1 && here > 0) {
                assertTrue(html.contains(String.format(Locale.ROOT, "(%,d to %,d)", rows + 1, rows + here)), html);
            }
            rows += here;
            Matcher more = MORE.matcher(html);
            url = more.find() ? more.group(1).replace("&amp;", "&") : null;
        } while (url != null);
        assertEquals(5_625, rows, "every triple of the library, once");
        assertTrue(pages >= 3, pages + " pages of at most 2,000");
        assertTrue(html.contains("the query is complete"), html);
    }

    @Test
    void termsLinkToTheirFragments() {
        String query = "PREFIX schema: <http://schema.org/> SELECT ?book ?name WHERE { "
                + "VALUES ?book { <http://example.org/library/book/1> } ?book schema:name ?name }";
        HttpResponse<String> page = Http.get(Http.url(endpoint(), "query", query), "Accept", BROWSER);
        assertEquals(200, page.statusCode(), page.body());
        String html = page.body();
        assertTrue(count(ROW, html) >= 1, html);
        assertTrue(html.contains("href=\"" + TestServer.dataset("library")
                + "?subject=http%3A%2F%2Fexample.org%2Flibrary%2Fbook%2F1\""), html);
        assertTrue(html.replace("<wbr>", "").contains("lib:book/1"), "IRIs read with the dataset's prefixes");
    }

    @Test
    void aRefusedQueryIsShownAgainWithWhyAndItsStatus() {
        String hostile = "SELECT * WHERE { ?s ?p \"</textarea><script>alert(1)</script>\" MINUS { ?s ?q ?o } }";
        HttpResponse<String> page = Http.get(Http.url(endpoint(), "query", hostile), "Accept", BROWSER);
        assertEquals(400, page.statusCode(), page.body());
        String html = page.body();
        assertTrue(html.contains("class=\"error\""), html);
        assertTrue(html.contains("MINUS"), html);
        assertFalse(html.contains("<script>alert"), html);
        assertTrue(html.contains("&lt;/textarea&gt;&lt;script&gt;"), "the query comes back escaped, in the form");
        HttpResponse<String> broken = Http.get(Http.url(endpoint(), "query", "SELECT * { ?s "), "Accept", BROWSER);
        assertEquals(400, broken.statusCode());
        assertTrue(broken.body().contains("<textarea id=\"query\" name=\"query\" rows=\"6\" spellcheck=\"false\" "
                + "autocapitalize=\"off\" autocomplete=\"off\">SELECT * { ?s </textarea>"), broken.body());
    }

    private static int count(Pattern pattern, String text) {
        List<String> found = new ArrayList<>();
        Matcher m = pattern.matcher(text);
        while (m.find()) {
            found.add(m.group());
        }
        return found.size();
    }
}
