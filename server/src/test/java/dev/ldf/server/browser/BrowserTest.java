package dev.ldf.server.browser;

import java.io.IOException;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import dev.ldf.cli.testing.HeadlessBrowser;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pages for people as a person uses them, in a real headless Chromium: from the index to a
 * dataset, through its predicates, the form, the pages forward and back, brTPF bindings, and an
 * error page and back; the query page with its script and without. Screenshots of the main pages go
 * to {@code target/screenshots} (the docs' are copies). See {@link HeadlessBrowser} for what it needs.
 */
@Tag("browser")
class BrowserTest {

    private static HeadlessBrowser headless;
    private static ChromeDriver browser;

    @BeforeAll
    static void start() throws IOException {
        headless = HeadlessBrowser.start();
        browser = headless.driver();
    }

    @AfterAll
    static void stop() {
        if (headless != null) {
            headless.close();
        }
    }

    @Test
    void fromTheIndexThroughADatasetItsPagesAndBindingsToAnErrorAndBack() throws IOException {
        browser.get(TestServer.uri().toString());
        assertEquals("Test server", browser.getTitle());
        assertTrue(text("main, body").contains("Download the data as N-Triples: gzipped or plain"), "two links, said as two");
        screenshot("index");
        goingTo(() -> browser.findElement(By.linkText("Library")).click());

        // The dataset's page: its size, the pages, its predicates with counts.
        assertTrue(text("p.count").startsWith("5,625 triples match"), text("p.count"));
        List<WebElement> navs = browser.findElements(By.cssSelector("nav.pages"));
        assertEquals(2, navs.size(), "page links above and below the rows");
        assertTrue(navs.get(0).getText().contains("page 1 of 57 (5,625 triples)"), navs.get(0).getText());
        WebElement predicates = browser.findElement(By.cssSelector("table.predicates"));
        assertTrue(predicates.getText().contains("rdf:type"), "well-known IRIs are prefixed: " + predicates.getText());
        screenshot("dataset");

        // Issue 54: a page links the server's other datasets, as Server.js's switcher does, the current one marked.
        assertEquals("Library", text("nav.datasets a[aria-current=page]"));
        String other = browser.findElement(By.cssSelector("nav.datasets a:not([aria-current])")).getText();
        goingTo(() -> browser.findElement(By.cssSelector("nav.datasets a:not([aria-current])")).click());
        assertEquals(other, text("nav.datasets a[aria-current=page]"));
        goingTo(() -> browser.navigate().back());

        // The brTPF explanation's example, built from the page's rows, finds their subjects' triples.
        browser.findElement(By.cssSelector("details#brtpf summary")).click();
        goingTo(() -> browser.findElement(By.cssSelector("details#brtpf a")).click());
        assertTrue(text("p.count").contains("restricted by 2 solution mappings"), text("p.count"));
        assertEquals("?s", browser.findElement(By.id("subject")).getAttribute("value"));
        goingTo(() -> browser.navigate().back());

        // Forward, to the last page, and back.
        goingTo(() -> browser.findElement(By.cssSelector("nav.pages")).findElement(By.linkText("next ›")).click());
        assertTrue(pagesText().contains("page 2 of 57"), pagesText());
        goingTo(() -> browser.findElement(By.linkText("last »")).click());
        assertTrue(pagesText().contains("page 57 of 57"), pagesText());
        assertEquals(0, browser.findElements(By.linkText("next ›")).size(), "no next page after the last");
        goingTo(() -> browser.findElement(By.linkText("« first")).click());
        assertTrue(pagesText().contains("page 1 of 57"), pagesText());
        goingTo(() -> browser.navigate().back());
        assertTrue(pagesText().contains("page 57 of 57"), "the browser's back button works too");
        goingTo(() -> browser.navigate().back());
        goingTo(() -> browser.navigate().back());

        // A predicate's fragment, from the dataset's list: the form shows the pattern.
        goingTo(() -> browser.findElement(By.cssSelector("table.predicates a[title='http://schema.org/name']")).click());
        assertEquals("http://schema.org/name", browser.findElement(By.id("predicate")).getAttribute("value"));
        assertTrue(text("p.count").startsWith("250 triples match { ?s schema:name ?o }"), text("p.count"));
        screenshot("fragment");

        // The form, filled by hand: one subject's triples.
        WebElement subject = browser.findElement(By.id("subject"));
        subject.clear();
        subject.sendKeys("http://example.org/library/book/1");
        browser.findElement(By.id("predicate")).clear();
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertTrue(browser.getCurrentUrl().contains("subject=http"), browser.getCurrentUrl());
        List<WebElement> rows = browser.findElements(By.cssSelector("main > table tbody tr"));
        assertFalse(rows.isEmpty(), "book 1 has triples");
        for (WebElement row : rows) {
            assertEquals("lib:book/1", row.findElement(By.cssSelector("td a")).getText(), "every row is about book 1");
        }

        // brTPF: bindings in the form restrict the pattern's ?s to two subjects.
        browser.findElement(By.id("subject")).clear();
        browser.findElement(By.id("subject")).sendKeys("?s");
        browser.findElement(By.id("values")).sendKeys(
                "(?s) { (<http://example.org/library/book/1>) (<http://example.org/library/book/2>) }");
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertTrue(text("p.count").contains("restricted"), text("p.count"));
        List<String> subjects = browser.findElements(By.cssSelector("main > table tbody tr td:first-child a:first-child")).stream()
                .map(WebElement::getText).distinct().sorted().toList();
        assertEquals(List.of("lib:book/1", "lib:book/2"), subjects);

        // A prefixed name, as the pages write IRIs: it finds what the IRI finds, and the form shows the IRI.
        browser.findElement(By.id("values")).clear();
        browser.findElement(By.id("subject")).clear();
        browser.findElement(By.id("predicate")).clear();
        browser.findElement(By.id("predicate")).sendKeys("schema:author");
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertTrue(text("p.count").matches("[1-9][0-9,]* triples match \\{ \\?s schema:author \\?o \\}.*"),
                text("p.count"));
        assertEquals("http://schema.org/author", browser.findElement(By.id("predicate")).getAttribute("value"));

        // A malformed term: an error page in the same layout, the form as sent, a way back.
        browser.findElement(By.id("values")).clear();
        browser.findElement(By.id("subject")).clear();
        browser.findElement(By.id("subject")).sendKeys("\"unterminated");
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertTrue(browser.getTitle().startsWith("400"), browser.getTitle());
        assertTrue(text("[role=alert]").length() > 10, "a message says what was wrong");
        assertEquals("\"unterminated", browser.findElement(By.id("subject")).getAttribute("value"),
                "the form keeps what was sent");
        screenshot("error");
        goingTo(() -> browser.findElement(By.linkText("back to Library")).click());
        assertTrue(text("p.count").startsWith("5,625 triples match"), "back on the dataset's page");

        // An unknown dataset: the way back is the index.
        browser.get(TestServer.uri() + "nosuch");
        assertTrue(browser.getTitle().startsWith("404"), browser.getTitle());
        goingTo(() -> browser.findElement(By.linkText("back to the list of datasets")).click());
        assertEquals("Test server", browser.getTitle());
    }

    @Test
    void fromADatasetToItsQueryPageAQueryAndMoreResults() throws IOException {
        browser.get(TestServer.dataset("library"));
        goingTo(() -> browser.findElement(By.linkText("the query page")).click());
        assertEquals("Library: SPARQL", browser.getTitle());
        // The script makes the form an editor: the query highlighted, the dataset's prefixes known.
        await("the editor", () -> !browser.findElements(By.cssSelector("form.enhanced .editor pre span.k")).isEmpty());
        assertFalse(browser.findElements(By.cssSelector(".hint abbr[data-prefix=schema]")).isEmpty());
        // The example query, over one of the dataset's own predicates, finds something as it is; Ctrl-Enter runs it.
        WebElement query = browser.findElement(By.id("query"));
        assertTrue(query.getAttribute("value").contains("SELECT ?s ?o WHERE"), query.getAttribute("value"));
        query.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        awaitAnswer();
        assertFalse(browser.findElements(By.cssSelector("#answer tbody tr")).isEmpty(), text("main"));

        // Typing a known prefix and its colon declares it.
        query.clear();
        query.sendKeys("SELECT ?book ?author WHERE { ?book schema:author ?author }");
        assertTrue(query.getAttribute("value").startsWith("PREFIX schema: <http://schema.org/>\nSELECT ?book"),
                query.getAttribute("value"));
        browser.findElement(By.cssSelector("form button[type=submit]")).click();
        awaitAnswer();
        String status = text("#answer p.count");
        assertTrue(status.matches("[1-9][0-9,]* results? in [0-9.]+ s\\."), status);
        int total = Integer.parseInt(status.substring(0, status.indexOf(' ')).replace(",", ""));
        assertEquals(total, browser.findElements(By.cssSelector("#answer tbody tr")).size());
        assertEquals(List.of("?book", "?author"), browser.findElements(By.cssSelector("#answer thead th")).stream()
                .map(WebElement::getText).toList());
        // Terms link to their fragments; the address bar holds the query, to share.
        String link = browser.findElement(By.cssSelector("#answer tbody td a")).getAttribute("href");
        assertTrue(link.startsWith(TestServer.dataset("library") + "?subject="), link);
        assertTrue(browser.getCurrentUrl().contains("query=PREFIX"), browser.getCurrentUrl());
        // The downloads are the whole answer, as the endpoint writes it.
        String csv = browser.findElement(By.linkText("CSV")).getAttribute("href");
        assertTrue(csv.contains("format=csv"), csv);
        assertEquals(total + 1, Http.get(csv).body().lines().count());
        screenshot("query");

        // Tab completes a prefix's name (and declares it); where there is nothing to complete, it leaves the field.
        query.clear();
        query.sendKeys("SELECT * WHERE { ?s sche");
        query.sendKeys(Keys.TAB);
        assertTrue(query.getAttribute("value").endsWith("?s schema:"), query.getAttribute("value"));
        assertTrue(query.getAttribute("value").startsWith("PREFIX schema:"), query.getAttribute("value"));

        // A query the endpoint cannot run: the page says why, and keeps the query.
        query.clear();
        query.sendKeys("SELECT * WHERE { ?s ?p ?o } ORDER BY ?s");
        query.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        awaitAnswer();
        assertTrue(text("#answer [role=alert]").contains("ORDER BY"), text("#answer"));
        assertTrue(query.getAttribute("value").endsWith("ORDER BY ?s"));

        // Without the script, a GET of the page with a query shows one quantum, and More results goes on to the end.
        browser.get(Http.url(TestServer.dataset("library") + "/sparql", "query", "SELECT * WHERE { ?s ?p ?o }"));
        int rows = browser.findElements(By.cssSelector("#results table tbody tr")).size();
        while (!browser.findElements(By.linkText("More results")).isEmpty()) {
            goingTo(() -> browser.findElement(By.linkText("More results")).click());
            rows += browser.findElements(By.cssSelector("#results table tbody tr")).size();
        }
        assertEquals(5_625, rows);
        assertTrue(text("#results p.count").contains("the query is complete"), text("#results p.count"));
        // The script runs the same query whole: every solution, with no link to follow.
        browser.findElement(By.id("query")).sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        awaitAnswer();
        assertTrue(text("#answer p.count").startsWith("5,625 results in"), text("#answer p.count"));
        assertTrue(browser.findElements(By.id("results")).isEmpty(), "the quantum's rows give way to the whole answer");
    }

    /** Waits until the query the page runs has its final line: its total and time, or its error. */
    private static void awaitAnswer() {
        await("the answer", () -> browser.findElements(By.cssSelector("#answer button.stop")).isEmpty()
                && !browser.findElements(By.cssSelector("#answer p.count")).isEmpty());
    }

    @Test
    void everyFieldHasALabelAndNothingIsLoadedFromElsewhere() {
        for (String page : List.of(TestServer.dataset("library"), TestServer.dataset("library") + "/sparql")) {
            browser.get(page);
            for (WebElement field : browser.findElements(By.cssSelector("input, textarea"))) {
                String id = field.getAttribute("id");
                assertEquals(1, browser.findElements(By.cssSelector("label[for='" + id + "']")).size(), "a label for " + id);
            }
            // A fragment page's statements come as a JSON-LD data block, which is not run; the query
            // page's script is inline, and its CSP names it by its hash.
            assertEquals(0, browser.findElements(By.cssSelector(
                    "script[src], link[rel=stylesheet], img, iframe")).size());
        }
        browser.get(TestServer.dataset("library"));
        // The keyboard reaches the form: the first tab stops in the breadcrumb, then the fields follow.
        WebElement active = browser.switchTo().activeElement();
        active.sendKeys(Keys.TAB);
        assertEquals("a", browser.switchTo().activeElement().getTagName());
    }

    private static void goingTo(Runnable action) {
        headless.goingTo(action);
    }

    private static void await(String what, BooleanSupplier condition) {
        headless.await(what, condition);
    }

    private static String text(String css) {
        return headless.text(css);
    }

    private static String pagesText() {
        return text("nav.pages");
    }

    private static void screenshot(String name) throws IOException {
        headless.screenshot(name);
    }
}
