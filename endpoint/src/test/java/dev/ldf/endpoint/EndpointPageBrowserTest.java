package dev.ldf.endpoint;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryExecutionFactory;
import org.apache.jena.rdf.model.Model;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.Keys;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;

import dev.ldf.cli.testing.HeadlessBrowser;
import dev.ldf.client.ClientOptions;
import dev.ldf.client.source.Federation;
import dev.ldf.client.testing.SplitLibrary;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The local endpoint's query page as a person uses it, in a real headless Chromium over a real
 * fragment server: the same editor as the server's SPARQL page, running full SPARQL here.
 */
@Tag("browser")
class EndpointPageBrowserTest {

    private static Model library;
    private static FragmentServer server;
    private static Federation source;
    private static LocalEndpoint endpoint;
    private static HeadlessBrowser headless;
    private static ChromeDriver browser;

    @BeforeAll
    static void start(@TempDir Path dir) throws Exception {
        library = SplitLibrary.union();
        Path hdt = SplitLibrary.hdt(dir, "library", library.getGraph().find().toList());
        server = FragmentServer.start(ServerConfig.builder().title("Library").listener("127.0.0.1", 0)
                .datasets(List.of(DatasetConfig.builder("library", hdt.toString()).build())).build());
        source = Federation.connect(List.of(server.uri() + "library"), ClientOptions.defaults(), new EndpointMetrics());
        endpoint = LocalEndpoint.start(source, new EndpointLimits(Duration.ofSeconds(30), 4, 64 * 1024),
                new EndpointMetrics(), "127.0.0.1", 0);
        headless = HeadlessBrowser.start();
        browser = headless.driver();
    }

    @AfterAll
    static void stop() {
        if (headless != null) {
            headless.close();
        }
        if (endpoint != null) {
            endpoint.close();
        }
        if (source != null) {
            source.close();
        }
        if (server != null) {
            server.close();
        }
    }

    @Test
    void aQueryTypedAndRunGivesJenasAnswerWithLinksDownloadsAndErrorsInThePage() throws IOException {
        browser.get(endpoint.url().replace(SparqlService.PATH, "/"));
        assertTrue(browser.getTitle().startsWith("SPARQL over "), browser.getTitle());
        headless.await("the editor", () -> !browser.findElements(By.cssSelector("form.enhanced .editor pre span.k")).isEmpty());

        // What the preemptive endpoint refuses runs here (ORDER BY); prefixes are declared as they are typed.
        WebElement query = browser.findElement(By.id("query"));
        query.clear();
        String typed = "SELECT ?book ?name WHERE { ?book schema:author ?a OPTIONAL { ?a foaf:name ?name } } ORDER BY ?name";
        query.sendKeys(typed);
        String sent = query.getAttribute("value");
        assertTrue(sent.startsWith("PREFIX schema: <http://schema.org/>\nPREFIX foaf: <http://xmlns.com/foaf/0.1/>\n"), sent);
        query.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        awaitAnswer();
        int expected;
        try (QueryExecution jena = QueryExecutionFactory.create(sent, library)) {
            expected = 0;
            for (var rows = jena.execSelect(); rows.hasNext(); rows.next()) {
                expected++;
            }
        }
        String status = headless.text("#answer p.count");
        assertTrue(status.startsWith(String.format("%,d results in ", expected)), status + ", Jena: " + expected);
        assertEquals(expected, browser.findElements(By.cssSelector("#answer tbody tr")).size());
        // One fragment source: terms link to its fragments.
        String link = browser.findElement(By.cssSelector("#answer tbody td a")).getAttribute("href");
        assertTrue(link.startsWith(server.uri() + "library?subject="), link);
        headless.screenshot("endpoint-query");
        // The address bar holds the query: opening it runs it again.
        String shared = browser.getCurrentUrl();
        browser.get(shared);
        awaitAnswer();
        assertTrue(headless.text("#answer p.count").startsWith(String.format("%,d results in ", expected)));

        // CONSTRUCT comes as triples, with downloads in RDF syntaxes.
        query = browser.findElement(By.id("query"));
        query.clear();
        query.sendKeys("CONSTRUCT WHERE { ?b schema:author ?a } LIMIT 7");
        query.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        awaitAnswer();
        assertEquals(List.of("subject", "predicate", "object"), browser.findElements(By.cssSelector("#answer thead th"))
                .stream().map(WebElement::getText).toList());
        assertEquals(7, browser.findElements(By.cssSelector("#answer tbody tr")).size());
        assertTrue(browser.findElement(By.linkText("Turtle")).getAttribute("href").contains("format=turtle"));

        // ASK, and a query that does not parse: its error in the page, the query kept.
        query.clear();
        query.sendKeys("ASK { ?b schema:author ?a }");
        query.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        awaitAnswer();
        assertEquals("true", headless.text("#answer tbody td"));
        query.clear();
        query.sendKeys("SELECT * WHERE { ?s ?p }");
        query.sendKeys(Keys.chord(Keys.CONTROL, Keys.ENTER));
        awaitAnswer();
        assertTrue(headless.text("#answer [role=alert]").contains("does not parse"), headless.text("#answer"));
        assertEquals("SELECT * WHERE { ?s ?p }", query.getAttribute("value"));
    }

    private static void awaitAnswer() {
        headless.await("the answer", () -> browser.findElements(By.cssSelector("#answer button.stop")).isEmpty()
                && !browser.findElements(By.cssSelector("#answer p.count")).isEmpty());
    }
}
