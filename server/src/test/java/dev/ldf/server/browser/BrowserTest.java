package dev.ldf.server.browser;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.function.BooleanSupplier;

import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.WebDriverException;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.server.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The pages for people as a person uses them, in a real headless Chromium: from the index to a
 * dataset, through its predicates, the form, the pages forward and back, brTPF bindings, and an
 * error page and back. Screenshots of the main pages go to {@code target/screenshots} (the
 * README's are copies). Needs Debian's {@code chromium} and {@code chromium-driver}; without them
 * the test is skipped, unless {@code LDF_REQUIRE_TOOLS=1} (as in CI).
 */
@Tag("browser")
class BrowserTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");

    private static ChromeDriver browser;

    @BeforeAll
    static void start() throws IOException {
        if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
            RequiredTools.missing("chromium and chromium-driver are not installed (apt-get install -y chromium chromium-driver)");
        }
        ChromeOptions options = new ChromeOptions();
        options.setBinary(CHROMIUM.toFile());
        // Root in a container has no sandbox to drop into.
        options.addArguments("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,1000", "--lang=en");
        ChromeDriverService service = new ChromeDriverService.Builder().usingDriverExecutable(CHROMEDRIVER.toFile())
                .usingAnyFreePort().build();
        browser = new ChromeDriver(service, options);
        browser.manage().timeouts().pageLoadTimeout(Duration.ofSeconds(30));
        Files.createDirectories(SCREENSHOTS);
    }

    @AfterAll
    static void stop() {
        if (browser != null) {
            browser.quit();
        }
    }

    @Test
    void fromTheIndexThroughADatasetItsPagesAndBindingsToAnErrorAndBack() throws IOException {
        browser.get(TestServer.uri().toString());
        assertEquals("Test server", browser.getTitle());
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
        // The example query, over one of the dataset's own predicates, finds something as it is.
        WebElement query = browser.findElement(By.id("query"));
        assertTrue(query.getAttribute("value").contains("SELECT ?s ?o WHERE"), query.getAttribute("value"));
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertFalse(browser.findElements(By.cssSelector("main > table tbody tr")).isEmpty(), text("main"));
        query = browser.findElement(By.id("query"));
        query.clear();
        query.sendKeys("PREFIX schema: <http://schema.org/>\nSELECT ?book ?author WHERE { ?book schema:author ?author }");
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertTrue(text("p.count").matches("[1-9][0-9,]* solutions? in .*"), text("p.count"));
        assertEquals(List.of("?book", "?author"), browser.findElements(By.cssSelector("main > table thead th")).stream()
                .map(WebElement::getText).toList());
        assertTrue(browser.findElement(By.id("query")).getAttribute("value").contains("schema:author"), "the form keeps the query");
        screenshot("query");

        // A query of every triple takes several quanta: More results goes on until the query is complete.
        query = browser.findElement(By.id("query"));
        query.clear();
        query.sendKeys("SELECT * WHERE { ?s ?p ?o }");
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        int rows = browser.findElements(By.cssSelector("main > table tbody tr")).size();
        while (!browser.findElements(By.linkText("More results")).isEmpty()) {
            goingTo(() -> browser.findElement(By.linkText("More results")).click());
            rows += browser.findElements(By.cssSelector("main > table tbody tr")).size();
        }
        assertEquals(5_625, rows);
        assertTrue(text("p.count").contains("the query is complete"), text("p.count"));

        // A query the endpoint cannot run: the page says why, with the query as it was.
        query = browser.findElement(By.id("query"));
        query.clear();
        query.sendKeys("SELECT * WHERE { ?s ?p ?o } ORDER BY ?s");
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertTrue(text("[role=alert]").contains("ORDER BY"), text("[role=alert]"));
        assertTrue(browser.findElement(By.id("query")).getAttribute("value").endsWith("ORDER BY ?s"));

        // What people type first: LIMIT.
        query = browser.findElement(By.id("query"));
        query.clear();
        query.sendKeys("SELECT * WHERE { ?s ?p ?o } LIMIT 5");
        goingTo(() -> browser.findElement(By.cssSelector("form button")).click());
        assertEquals(5, browser.findElements(By.cssSelector("main > table tbody tr")).size());
        assertTrue(text("p.count").contains("the query is complete"), text("p.count"));
    }

    @Test
    void everyFieldHasALabelAndNothingIsLoadedFromElsewhere() {
        for (String page : List.of(TestServer.dataset("library"), TestServer.dataset("library") + "/sparql")) {
            browser.get(page);
            for (WebElement field : browser.findElements(By.cssSelector("input, textarea"))) {
                String id = field.getAttribute("id");
                assertEquals(1, browser.findElements(By.cssSelector("label[for='" + id + "']")).size(), "a label for " + id);
            }
            // A fragment page's statements come as a JSON-LD data block, which is not run.
            assertEquals(0, browser.findElements(By.cssSelector(
                    "script:not([type='application/ld+json']), link[rel=stylesheet], img, iframe")).size());
        }
        browser.get(TestServer.dataset("library"));
        // The keyboard reaches the form: the first tab stops in the breadcrumb, then the fields follow.
        WebElement active = browser.switchTo().activeElement();
        active.sendKeys(Keys.TAB);
        assertEquals("a", browser.switchTo().activeElement().getTagName());
    }

    /**
     * Does what takes the browser to another page and waits until that page has loaded: a click
     * returns before the old page is gone, and reading right after it may read the old page.
     */
    private static void goingTo(Runnable action) {
        WebElement leaving = browser.findElement(By.tagName("html"));
        action.run();
        await("the old page to go", () -> {
            try {
                leaving.getTagName();
                return false;
            } catch (WebDriverException gone) {
                // Stale, or, in the middle of the swap, Chrome's "Node with given id does not belong
                // to the document": either way the old page's element is no longer there.
                return true;
            }
        });
        await("the new page to load", () -> {
            try {
                return "complete".equals(browser.executeScript("return document.readyState"));
            } catch (WebDriverException notYet) {
                return false; // a script sent while the new document is being set up; ask again
            }
        });
    }

    private static void await(String what, BooleanSupplier condition) {
        long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
        while (!condition.getAsBoolean()) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("waited 30 s for " + what + " at " + browser.getCurrentUrl());
            }
            try {
                Thread.sleep(20);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                throw new AssertionError(e);
            }
        }
    }

    private static String text(String css) {
        return browser.findElement(By.cssSelector(css)).getText();
    }

    private static String pagesText() {
        return text("nav.pages");
    }

    private static void screenshot(String name) throws IOException {
        Files.write(SCREENSHOTS.resolve(name + ".png"), browser.getScreenshotAs(OutputType.BYTES));
    }
}
