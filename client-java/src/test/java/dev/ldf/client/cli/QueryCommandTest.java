package dev.ldf.client.cli;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;

import org.apache.jena.query.ResultSet;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.client.testing.FaultyProxy;
import dev.ldf.client.testing.TestServer;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

@Tag("process")
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

    /**
     * Several URLs before the query: the merge of their data. The library and small datasets hold
     * the same triples, so their merge answers as either alone, each solution once.
     */
    @Test
    void severalSourcesBeforeTheQueryAreQueriedAsTheMergeOfTheirData() {
        Run alone = run(TestServer.dataset("library"), AUTHORS, "--format", "csv", "-q");
        Run both = run(TestServer.dataset("library"), "brtpf@" + TestServer.dataset("small"), AUTHORS, "--format", "csv",
                "-q", "--stats");
        assertEquals(0, both.code(), both.err());
        assertEquals(alone.out(), both.out());
        assertTrue(both.err().contains("brTPF (maxMpR 5) at " + TestServer.dataset("small")), both.err());
        // A SPARQL endpoint that is not there: the error names it, and the server failed (1), not the call (2).
        Run sparql = run(TestServer.dataset("library"), "sparql@http://127.0.0.1:1/sparql", AUTHORS, "-q");
        assertEquals(1, sparql.code(), sparql.err());
        assertTrue(sparql.err().startsWith("error: ") && sparql.err().contains("http://127.0.0.1:1/sparql"), sparql.err());
        Run misplaced = run(TestServer.dataset("library"), AUTHORS, TestServer.dataset("small"));
        assertEquals(2, misplaced.code(), misplaced.err());
    }

    @Test
    void dashOIsTheOutputFileAsInEveryCommandAndTheOldFormatSpellingStillWorksWithANotice(
            @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path file = dir.resolve("authors.csv");
        Run toFile = run(TestServer.dataset("library"), AUTHORS, "-o", file.toString(), "--format", "csv", "-q");
        assertEquals(0, toFile.code(), toFile.err());
        assertEquals("", toFile.out(), "results go to the file, not standard output");
        Run toOut = run(TestServer.dataset("library"), AUTHORS, "--format", "csv", "-q");
        assertEquals(toOut.out(), Files.readString(file));
        Run old = run(TestServer.dataset("library"), AUTHORS, "-o", "csv", "-q");
        assertEquals(0, old.code(), old.err());
        assertEquals(toOut.out(), old.out());
        assertEquals(List.of("notice: -o csv names a format: use --format csv (-o names the output file now; the old "
                + "spelling goes in the next release)"), old.err().lines().toList());
        Run unwritable = run(TestServer.dataset("library"), AUTHORS, "-o", dir.resolve("no/such/dir.csv").toString());
        assertEquals(2, unwritable.code());
        assertTrue(unwritable.err().startsWith("error: cannot write the output file "), unwritable.err());
    }

    /**
     * The server's blank nodes are blank nodes in results, in every mode and for every filter; with
     * --skolem-iris they are the IRIs that name them in the next query, which finds their triples.
     */
    @Test
    void blankNodesAreBlankNodesInEveryModeAndSkolemIrisOnRequest() {
        String query = "SELECT ?addr (isBlank(?addr) AS ?blank) WHERE { ?pub <http://schema.org/address> ?addr "
                + "FILTER(isBlank(?addr) && !isIRI(?addr)) }";
        String tsv = null;
        for (String mode : new String[] {"brtpf", "tpf", "preemptive"}) {
            Run r = run(TestServer.dataset("library"), query, "--mode", mode, "--format", "tsv", "-q");
            assertEquals(0, r.code(), mode + ": " + r.err());
            List<String> rows = r.out().lines().skip(1).toList();
            assertFalse(rows.isEmpty(), mode);
            assertTrue(rows.stream().allMatch(row -> row.startsWith("_:") && row.endsWith("true")), mode + ": " + r.out());
            assertTrue(tsv == null || tsv.lines().count() == r.out().lines().count(), mode);
            tsv = r.out();
        }
        Run iris = run(TestServer.dataset("library"), "SELECT ?addr WHERE { ?pub <http://schema.org/address> ?addr }",
                "--skolem-iris", "--format", "tsv", "-q");
        String iri = iris.out().lines().skip(1).findFirst().orElseThrow();
        assertTrue(iri.startsWith("<http://127.0.0.1:") && iri.contains("/.well-known/genid/library/"), iris.out());
        Run graph = run(TestServer.dataset("library"), "CONSTRUCT { ?pub <http://ex.org/at> ?addr . ?addr <http://ex.org/code> ?c } "
                + "WHERE { ?pub <http://schema.org/address> ?addr . ?addr <http://schema.org/postalCode> ?c }",
                "--format", "ntriples", "-q");
        Model constructed = ModelFactory.createDefaultModel();
        RDFParser.fromString(graph.out(), Lang.NTRIPLES).parse(constructed);
        assertTrue(constructed.size() > 2 && !graph.out().contains("genid"), "short blank node labels: " + graph.out());
        assertEquals(constructed.size() / 2, constructed.listSubjects().filterKeep(r -> r.isAnon()).toList().size(),
                "each address one blank node, the same in both its triples");
        for (String mode : new String[] {"brtpf", "preemptive"}) {
            Run next = run(TestServer.dataset("library"), "SELECT ?p ?o WHERE { " + iri + " ?p ?o }", "--mode", mode,
                    "--format", "tsv", "-q");
            assertTrue(next.out().lines().count() > 1, mode + ": the Skolem IRI names the node: " + next.out());
        }
    }

    @Test
    void selectResultsInEveryResultFormat() {
        Run json = run(TestServer.dataset("library"), AUTHORS, "--format", "json", "-q");
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
            Run r = run(TestServer.dataset("library"), AUTHORS, "--format", format, "-q");
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
    void explainPrintsThePlanThatRanWithItsCountsInEveryMode() {
        int results = run(TestServer.dataset("library"), AUTHORS, "--format", "csv", "-q").out().strip().split("\n").length - 1;
        assertTrue(results > 0);
        Run brtpf = run(TestServer.dataset("library"), AUTHORS, "--explain", "--mode", "brtpf", "--format", "csv", "-q");
        assertEquals(0, brtpf.code(), brtpf.err());
        List<String> steps = brtpf.err().lines().filter(l -> l.matches("\\s+\\d+\\s.*")).toList();
        assertEquals(2, steps.size(), brtpf.err());
        // The smaller pattern (books in German) is scanned, the authors joined to it.
        assertTrue(steps.get(0).contains(" scan ") && steps.get(0).contains("inLanguage"), steps.get(0));
        assertTrue(steps.get(1).contains(" bind join ") && steps.get(1).contains("author"), steps.get(1));
        String[] last = steps.get(1).trim().split("\\s+");
        assertEquals(Integer.toString(results), last[7], "the last step's solutions are the results: " + steps.get(1));

        Run tpf = run(TestServer.dataset("library"), AUTHORS, "--explain", "--mode", "tpf", "--format", "csv", "-q");
        assertTrue(tpf.err().contains(" TPF ") && tpf.err().contains("inLanguage"), tpf.err());
        Run preemptive = run(TestServer.dataset("library"), AUTHORS, "--explain", "--mode", "preemptive", "--format", "csv", "-q");
        assertTrue(preemptive.err().contains(" preemptive ") && preemptive.err().contains("SELECT"), preemptive.err());
        assertFalse(run(TestServer.dataset("library"), AUTHORS, "--format", "csv", "-q").err().contains("Plan"),
                "no plan without --explain");
    }

    @Test
    void manyQueriesRunInOneProcessWithStatsPerQueryAndFilesPerQuery() throws Exception {
        Path queries = dir.resolve("queries.tsv");
        Files.writeString(queries, "authors\t" + AUTHORS + "\n\n# a comment\nbooks\tSELECT ?b WHERE { ?b a <http://schema.org/Book> } LIMIT 5\n"
                + "ask\tASK { ?b <http://schema.org/author> ?a }\n");
        Run single = run(TestServer.dataset("library"), AUTHORS, "--format", "csv", "-q");
        Run all = run(TestServer.dataset("library"), "--queries", queries.toString(), "--format", "csv", "--stats", "-q",
                "--results-dir", dir.resolve("out").toString(), "--http2");
        assertEquals(0, all.code(), all.err());
        assertEquals("", all.out(), "results go to their files");
        assertEquals(single.out(), Files.readString(dir.resolve("out/authors.csv")));
        assertEquals(6, Files.readAllLines(dir.resolve("out/books.csv")).size(), "header and five rows");
        assertTrue(Files.readString(dir.resolve("out/ask.csv")).contains("true"));
        List<String> lines = all.err().lines().toList();
        assertEquals("query\tresults\trequests\tdata_triples\tbytes\tfirst_result_s\ttotal_s\tstatus", lines.get(0));
        assertEquals(4, lines.size(), all.err());
        assertTrue(lines.get(2).startsWith("books\t5\t") && lines.get(2).endsWith("\tok"), lines.get(2));
        Run files = run(TestServer.dataset("library"), "-f", writeQuery("a.rq", AUTHORS).toString(),
                "-f", writeQuery("b.rq", AUTHORS).toString(), "--format", "csv", "-q");
        assertEquals(single.out() + single.out(), files.out(), "without a directory, results follow each other");
        Run bad = run(TestServer.dataset("library"), "--queries", queries.toString(), "-f",
                writeQuery("broken.rq", "SELECT WHERE {").toString());
        assertEquals(2, bad.code());
        assertTrue(bad.err().startsWith("error: broken.rq: the query is not valid SPARQL"), bad.err());
    }

    private Path writeQuery(String name, String text) throws Exception {
        return Files.writeString(dir.resolve(name), text);
    }

    @Test
    void askConstructAndDescribe() throws Exception {
        Run ask = run(TestServer.dataset("library"), "ASK { ?x <http://schema.org/citation> ?x }", "-q");
        assertEquals("true", ask.out().strip());
        Run construct = run(TestServer.dataset("small"), "CONSTRUCT { ?a <http://example.org/wrote> ?b } WHERE { ?b "
                + "<http://schema.org/author> ?a ; <http://schema.org/inLanguage> \"de\" }", "--format", "ntriples", "-q");
        Model model = ModelFactory.createDefaultModel();
        RDFParser.fromString(construct.out(), Lang.NTRIPLES).parse(model);
        assertTrue(model.size() > 0);
        Path query = Files.writeString(dir.resolve("describe.rq"), "DESCRIBE <http://example.org/library/person/3>");
        Run describe = run(TestServer.dataset("library"), "-f", query.toString(), "--format", "rdfxml", "-q");
        assertEquals(0, describe.code(), describe.err());
        assertTrue(describe.out().contains("rdf:RDF"));
    }

    @Test
    void aServerThatDiesMidQueryFailsAndTheOutputIsFlaggedAsPartial() throws Exception {
        try (FaultyProxy proxy = FaultyProxy.start(TestServer.dataset(""),
                call -> call <= 10 ? FaultyProxy.FORWARD : FaultyProxy.DIE)) {
            Run run = run(proxy.url("library"), "SELECT * WHERE { ?s ?p ?o }", "--mode", "tpf", "--format", "tsv", "-q");
            assertEquals(1, run.code(), run.err());
            long rows = run.out().lines().count() - 1;
            assertTrue(rows >= 500, "the results before the failure are written: " + rows);
            assertTrue(run.err().matches("error: Cannot get .* after 5 attempts: .* \\(the output is partial: [0-9,]+ "
                    + "results were written before the failure\\)\\R"), run.err());
        }
    }

    @Test
    void theRootOfAServerListsItsDatasets() {
        Run run = run(TestServer.dataset(""), "SELECT * { ?s ?p ?o }");
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("error: " + TestServer.dataset("") + " is not a Triple Pattern Fragments "
                + "interface, but it lists datasets; give one of them: " + TestServer.dataset("library")), run.err());
        assertTrue(run.err().contains(TestServer.dataset("small")), run.err());
    }

    @Test
    void errorsOfTheCallAreOneLineWithExitCode2() throws Exception {
        Run sparql = run(TestServer.dataset("library"), "SELECT * WHERE {\n  ?s ?p\n}");
        assertEquals(2, sparql.code());
        assertTrue(sparql.err().matches("error: the query is not valid SPARQL at line \\d+, column \\d+: Encountered .*\\R"),
                sparql.err());
        Run option = run(TestServer.dataset("library"), "SELECT * { ?s ?p ?o }", "--in-fligth", "3");
        assertEquals(2, option.code());
        assertTrue(option.err().contains("did you mean --in-flight?"), option.err());
        Run format = run(TestServer.dataset("library"), "SELECT * { ?s ?p ?o }", "--format", "jsn");
        assertEquals(2, format.code());
        assertTrue(format.err().contains("unknown format 'jsn'; did you mean 'json'?"), format.err());
        Run far = run(TestServer.dataset("library"), "SELECT * { ?s ?p ?o }", "--format", "xlsx");
        assertEquals(2, far.code());
        assertTrue(far.err().contains("unknown format 'xlsx' (the formats: table, "), "lists them: " + far.err());
        // Issue 54: a SPARQL endpoint named as a dataset: one line that says how to name it, no parser's log.
        Run endpoint = run(TestServer.dataset("library") + "/sparql", "SELECT * { ?s ?p ?o }");
        assertEquals(1, endpoint.code());
        assertTrue(endpoint.err().contains("query it as sparql@" + TestServer.dataset("library") + "/sparql"),
                endpoint.err());
        assertFalse(endpoint.err().contains("riot"), endpoint.err());
        Run file = run(TestServer.dataset("library"), "-f", dir.resolve("none.rq").toString());
        assertEquals(2, file.code());
        assertEquals("error: query file not found: " + dir.resolve("none.rq") + "\n", file.err().replace("\r", ""));
        for (Run r : List.of(sparql, option, format, far, endpoint, file)) {
            assertEquals(1, r.err().lines().count(), r.err());
        }
    }

    @Test
    void anUnreachableServerIsAFailureWithExitCode1() throws Exception {
        int port;
        try (ServerSocket socket = new ServerSocket(0)) {
            port = socket.getLocalPort();
        }
        Run run = run("http://127.0.0.1:" + port + "/data", "SELECT * { ?s ?p ?o }", "-q");
        assertEquals(1, run.code());
        assertTrue(run.err().startsWith("error: Cannot get http://127.0.0.1:" + port + "/data after 5 attempts: "
                + "cannot connect"), run.err());
        assertEquals(1, run.err().lines().count(), run.err());
    }

    @Test
    void aPageThatIsNotRdfIsNotAnInterface() throws Exception {
        Run run = run(TestServer.dataset("library"), "SELECT * { ?s ?p ?o }", "-q");
        assertEquals(0, run.code(), run.err());
        try (FaultyProxy proxy = FaultyProxy.start(TestServer.dataset(""), call -> new FaultyProxy.Action.Fail(404, null))) {
            Run notFound = run(proxy.url("nothing"), "SELECT * { ?s ?p ?o }");
            assertEquals(1, notFound.code());
            assertTrue(notFound.err().contains("was answered with 404"), notFound.err());
        }
    }

    @Test
    void mistakesAreClearErrorsWithoutStackTraces() throws Exception {
        Run malformed = run(TestServer.dataset("library"), "SELECT * WHERE { ?s ?p }");
        assertEquals(2, malformed.code());
        assertTrue(malformed.err().startsWith("error: the query is not valid SPARQL"), malformed.err());

        Run notFragments = run(TestServer.dataset("library").replace("library", ""), "SELECT * { ?s ?p ?o }");
        assertEquals(1, notFragments.code());
        assertTrue(notFragments.err().contains("not a Triple Pattern Fragments interface"), notFragments.err());

        Run wrongFormat = run(TestServer.dataset("library"), "SELECT * { ?s ?p ?o }", "--format", "turtle");
        assertEquals(2, wrongFormat.code());
        assertTrue(wrongFormat.err().contains("does not suit a SELECT or ASK query"), wrongFormat.err());

        Run missingFile = run(TestServer.dataset("library"), "-f", dir.resolve("none.rq").toString());
        assertEquals(2, missingFile.code());
        assertTrue(missingFile.err().contains("query file not found"), missingFile.err());

        for (Run r : new Run[] {malformed, notFragments, wrongFormat, missingFile}) {
            assertFalse(r.err().contains("\tat "), r.err());
        }
    }

    /** Issue 33: -V says the command, its version and the commit it was built from. */
    @Test
    void versionNamesTheCommandAndTheCommit() {
        for (String option : new String[] {"-V", "--version"}) {
            Run version = run(option);
            assertEquals(0, version.code(), version.err());
            assertTrue(version.out().matches("ldf-query \\S+ \\([^)]+\\)\\R"), version.out());
        }
    }

    /** Issue 33: a newcomer's mistakes in the URL and the query, each one line with what to do. */
    @Test
    void aUrlWithoutSchemeAnUnknownHostAndAnUnknownPrefixAreSaidPlainly() {
        Run noScheme = run("library.example/data", "SELECT * { ?s ?p ?o }");
        assertEquals(2, noScheme.code(), noScheme.err());
        assertEquals("error: 'library.example/data' is not an http(s) URL of a dataset; did you mean "
                + "http://library.example/data?\n", noScheme.err().replace("\r", ""));
        long start = System.nanoTime();
        Run unknownHost = run("http://no-such-host.invalid/data", "SELECT * { ?s ?p ?o }", "-q");
        assertEquals(1, unknownHost.code(), unknownHost.err());
        assertTrue(unknownHost.err().contains("the host no-such-host.invalid is not known"), unknownHost.err());
        assertFalse(unknownHost.err().contains("connection refused") || unknownHost.err().contains("attempts"),
                "a name that does not resolve is not retried: " + unknownHost.err());
        assertTrue(System.nanoTime() - start < 20_000_000_000L, "no back-off for a name that does not resolve");
        Run prefix = run(TestServer.dataset("library"), "SELECT * { ?s ex:p ?o }");
        assertEquals(2, prefix.code());
        assertEquals("error: the query is not valid SPARQL at line 1, column 15: Unresolved prefixed name: ex:p\n",
                prefix.err().replace("\r", ""), "the position once");
    }

    /** Issue 33: a query stopped by a signal says that its output is not all there is. */
    @Test
    void aStoppedQuerySaysItsOutputIsPartial(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        Path errors = dir.resolve("stderr.txt");
        Process query = new ProcessBuilder(Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), QueryCommand.class.getName(), TestServer.dataset("library"),
                "SELECT * { ?a ?b ?c . ?d ?e ?f }", "--mode", "tpf", "-q", "--format", "tsv")
                .redirectError(errors.toFile()).start();
        InputStream out = query.getInputStream();
        byte[] first = out.readNBytes(4096); // results are flowing
        assertTrue(first.length > 0);
        query.destroy(); // SIGTERM, as Ctrl-C's SIGINT, runs the shutdown hooks
        CompletableFuture.runAsync(() -> {
            try {
                out.transferTo(OutputStream.nullOutputStream());
            } catch (IOException e) {
                // gone
            }
        });
        assertTrue(query.waitFor(30, TimeUnit.SECONDS));
        String err = Files.readString(errors);
        assertTrue(err.contains("error: stopped before the end: the output is partial"), err);
    }
}
