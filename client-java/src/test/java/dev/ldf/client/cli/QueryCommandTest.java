package dev.ldf.client.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.client.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class QueryCommandTest {

    private static final String AUTHORS = "SELECT ?b ?a WHERE { ?b <http://schema.org/author> ?a ; "
            + "<http://schema.org/inLanguage> \"de\" }";

    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {}

    private static Run run(String... args) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        ByteArrayOutputStream err = new ByteArrayOutputStream();
        int code = QueryCommand.run(new PrintStream(out, true, StandardCharsets.UTF_8),
                new PrintStream(err, true, StandardCharsets.UTF_8), args);
        return new Run(code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
    }

    @Test
    void selectResultsInEveryResultFormat() {
        Run json = run(TestServer.dataset("library"), AUTHORS, "-o", "json", "-q");
        assertEquals(0, json.code(), json.err());
        ResultSet results = ResultSetMgr.read(new ByteArrayInputStream(json.out().getBytes(StandardCharsets.UTF_8)),
                ResultSetLang.RS_JSON);
        int rows = 0;
        while (results.hasNext()) {
            results.next();
            rows++;
        }
        assertTrue(rows > 0);
        for (String format : new String[] {"table", "csv", "tsv", "xml"}) {
            Run r = run(TestServer.dataset("library"), AUTHORS, "-o", format, "-q");
            assertEquals(0, r.code(), format + ": " + r.err());
            assertTrue(r.out().contains("http://example.org/library/book/"), format);
        }
    }

    @Test
    void statsReportRequestsTriplesBytesAndTimesForBothModes() {
        for (String mode : new String[] {"brtpf", "tpf"}) {
            Run r = run(TestServer.dataset("library"), AUTHORS, "--stats", "--mode", mode, "-q");
            assertEquals(0, r.code(), r.err());
            for (String line : new String[] {"mode ", "results ", "requests ", "data triples ", "metadata triples ",
                    "bytes received ", "first result ", "total time "}) {
                assertTrue(r.err().contains(line), mode + " stats lack '" + line + "': " + r.err());
            }
            assertTrue(r.err().contains(mode.equals("tpf") ? "mode             TPF" : "mode             brTPF"), r.err());
        }
    }

    @Test
    void askConstructAndDescribe() throws Exception {
        Run ask = run(TestServer.dataset("library"), "ASK { ?x <http://schema.org/citation> ?x }", "-q");
        assertEquals("true", ask.out().strip());
        Run construct = run(TestServer.dataset("small"), "CONSTRUCT { ?a <http://example.org/wrote> ?b } WHERE { ?b "
                + "<http://schema.org/author> ?a ; <http://schema.org/inLanguage> \"de\" }", "-o", "ntriples", "-q");
        Model model = ModelFactory.createDefaultModel();
        RDFParser.fromString(construct.out(), Lang.NTRIPLES).parse(model);
        assertTrue(model.size() > 0);
        Path query = Files.writeString(dir.resolve("describe.rq"), "DESCRIBE <http://example.org/library/person/3>");
        Run describe = run(TestServer.dataset("library"), "-f", query.toString(), "-o", "rdfxml", "-q");
        assertEquals(0, describe.code(), describe.err());
        assertTrue(describe.out().contains("rdf:RDF"));
    }

    @Test
    void mistakesAreClearErrorsWithoutStackTraces() throws Exception {
        Run malformed = run(TestServer.dataset("library"), "SELECT * WHERE { ?s ?p }");
        assertEquals(2, malformed.code());
        assertTrue(malformed.err().startsWith("error: the query is not valid SPARQL"), malformed.err());

        Run notFragments = run(TestServer.dataset("library").replace("library", ""), "SELECT * { ?s ?p ?o }");
        assertEquals(1, notFragments.code());
        assertTrue(notFragments.err().contains("not a Triple Pattern Fragments interface"), notFragments.err());

        Run wrongFormat = run(TestServer.dataset("library"), "SELECT * { ?s ?p ?o }", "-o", "turtle");
        assertEquals(2, wrongFormat.code());
        assertTrue(wrongFormat.err().contains("does not suit a SELECT or ASK query"), wrongFormat.err());

        Run missingFile = run(TestServer.dataset("library"), "-f", dir.resolve("none.rq").toString());
        assertEquals(2, missingFile.code());
        assertTrue(missingFile.err().contains("cannot read the query file"), missingFile.err());

        for (Run r : new Run[] {malformed, notFragments, wrongFormat, missingFile}) {
            assertFalse(r.err().contains("\tat "), r.err());
        }
    }
}
