package dev.ldf.experiments.cli;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.MethodOrderer;
import org.junit.jupiter.api.Order;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestMethodOrder;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.cli.testing.RequiredTools;
import dev.ldf.cli.Commands;
import dev.ldf.deploy.local.Executables;
import dev.ldf.deploy.local.NginxCache;
import dev.ldf.experiments.clientprocess.ClientProcessReport;
import dev.ldf.experiments.run.CsvTable;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * The experiments end to end at a tiny scale: scale factor 1, a few queries, seconds per run.
 * A real server process (and a real nginx, where installed) on loopback; results are checked
 * against ARQ's answers by the commands themselves, which exit with 1 on any mismatch.
 */
@TestMethodOrder(MethodOrderer.OrderAnnotation.class)
@Tag("process")
class ExperimentsSmokeTest {

    @TempDir
    static Path work;

    private static int run(String... args) {
        List<String> all = new ArrayList<>(List.of(args));
        all.addAll(List.of("-s", "1", "--data-dir", work.resolve("data").toString(), "--server-jvm", "-Xmx256m"));
        return Commands.run(new ExperimentsCommand(), all.toArray(String[]::new));
    }

    private static void assertPlot(Path dir, String name) throws IOException {
        assertTrue(Files.size(dir.resolve(name + ".png")) > 1000, name + ".png");
        assertTrue(Files.readString(dir.resolve(name + ".svg")).contains("<svg"), name + ".svg");
    }

    private static List<String> rows(Path csv) throws IOException {
        List<String> lines = Files.readAllLines(csv);
        return lines.subList(1, lines.size());
    }

    @Test
    @Order(1)
    void networkLoadMeasuresEveryConfigurationAndQuery() throws IOException {
        Path out = work.resolve("network-load");
        assertEquals(0, run("network-load", "-o", out.toString(), "--limit", "6", "--mpr", "5,30", "--post-mpr", "100",
                "--page-sizes", "100,1000", "--timeout", "30"));
        // TPF, brTPF-5, brTPF-30, brTPF-100-POST at page size 100; TPF and brTPF-30 at 1000.
        List<String> summary = rows(out.resolve("summary.csv"));
        assertEquals(List.of("TPF", "brTPF-5", "brTPF-30", "brTPF-100-POST", "TPF/p1000", "brTPF-30/p1000"),
                summary.stream().map(l -> l.split(",")[0]).toList());
        List<String> queries = rows(out.resolve("queries.csv"));
        assertEquals(6 * 6, queries.size());
        assertTrue(queries.stream().allMatch(l -> l.contains(",COMPLETED,") && l.contains(",true,")),
                "every query completed with the reference's count");
        long tpfRequests = Long.parseLong(summary.get(0).split(",")[10]);
        long brtpfRequests = Long.parseLong(summary.get(2).split(",")[10]);
        assertTrue(brtpfRequests < tpfRequests, brtpfRequests + " brTPF requests against " + tpfRequests + " TPF");
        // Bindings go by POST in the POST configuration and by GET in the others; a query's first pattern has none.
        assertTrue(Long.parseLong(summary.get(3).split(",")[11]) > 0, "the POST configuration POSTs");
        assertEquals(0, Long.parseLong(summary.get(2).split(",")[11]), "brTPF-30 sends GET requests only");
        assertTrue(Files.size(out.resolve("requests.csv.gz")) > 100);
        for (String plot : List.of("sum-requests", "sum-triples", "sum-bytes", "per-query-requests", "per-query-triples")) {
            assertPlot(out, plot);
        }
        assertTrue(Files.readString(out.resolve("summary.md")).contains("| brTPF-30 | GET | 6/6 |"));
    }

    @Test
    @Order(2)
    void verifyReproducesEveryCountAndCatchesAChangedOne() throws IOException {
        Path out = work.resolve("network-load");
        String provenance = Files.readString(out.resolve("provenance.json"));
        assertTrue(provenance.contains("\"experiment\" : \"network-load\"") && provenance.contains("--mpr=5,30")
                && provenance.contains("--scale=1") && provenance.matches("(?s).*\"[0-9a-f]{64}\".*"), provenance);
        Path rerun = work.resolve("verify");
        assertEquals(0, Commands.run(new ExperimentsCommand(), "verify", out.toString(), "--work", rerun.toString(),
                "--configurations", "TPF,brTPF-30"), "every count of TPF and brTPF-30 reproduces");
        assertEquals(6 * 2, rows(rerun.resolve("network-load/queries.csv")).size());

        Path edited = work.resolve("network-load-edited");
        Files.createDirectories(edited);
        for (String file : List.of("provenance.json", "queries.csv")) {
            Files.copy(out.resolve(file), edited.resolve(file));
        }
        List<String> lines = new ArrayList<>(Files.readAllLines(edited.resolve("queries.csv")));
        String[] row = lines.get(1).split(",", -1);
        row[10] = Long.toString(Long.parseLong(row[10]) + 1); // one more request than measured
        lines.set(1, String.join(",", row));
        Files.write(edited.resolve("queries.csv"), lines);
        assertEquals(1, Commands.run(new ExperimentsCommand(), "verify", edited.toString(), "--work", rerun.toString(),
                "--configurations", row[0], "--limit", "1"), "a changed count is caught");
    }

    @Test
    @Order(3)
    void throughputRepeatsEveryCellWithAndWithoutTheCacheOnSharedAndPinnedCores() throws IOException {
        Path out = work.resolve("throughput");
        String cache = NginxCache.installed() ? "off,on" : "off";
        int cores = Runtime.getRuntime().availableProcessors();
        assertEquals(0, run("throughput", "-o", out.toString(), "--clients", "2", "--duration", "2", "--timeout", "2",
                "--mpr", "30", "--no-tpf", "--cache", cache, "--repeats", "2", "--placement", "shared,pinned"));
        assertEquals(cores, Runtime.getRuntime().availableProcessors(),
                "pinned runs give this JVM (and the processes it starts later) every CPU back");
        List<Map<String, String>> runs = CsvTable.read(out.resolve("runs.csv")).rows();
        int cells = 2 * (cache.equals("off,on") ? 2 : 1); // brTPF only, both placements
        assertEquals(2 * cells, runs.size(), "every cell twice");
        assertEquals(cells, CsvTable.read(out.resolve("cells.csv")).rows().size());
        for (Map<String, String> r : runs) {
            assertTrue(Long.parseLong(r.get("completed")) > 0, "queries completed: " + r);
            assertTrue(Double.parseDouble(r.get("server_cpu_s")) > 0, "server CPU measured: " + r);
            assertEquals("0", r.get("errors"), "no query failed: " + r);
            assertEquals("0", r.get("server_errors_5xx"), "no 5xx: " + r);
        }
        assertTrue(runs.stream().anyMatch(r -> r.get("placement").equals("pinned")));
        if (cache.equals("off,on")) {
            List<Map<String, String>> cached = runs.stream().filter(r -> r.get("cache").equals("true")).toList();
            assertTrue(cached.stream().allMatch(r -> Long.parseLong(r.get("cache_requests")) > 0),
                    "nginx saw the requests");
            assertTrue(cached.stream().allMatch(r -> Double.parseDouble(r.get("nginx_cpu_s")) > 0),
                    "nginx's CPU time measured");
            assertPlot(out, "cache-hit-rate");
            assertPlot(out, "nginx-cpu");
            assertTrue(Files.readString(out.resolve("summary.md")).contains("## The cache's own cost"));
        }
        assertPlot(out, "throughput");
        assertPlot(out, "throughput-pinned");
        assertPlot(out, "mean-time");
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("## In short") && summary.contains("Median of 2 repeats"), summary);
    }

    @Test
    @Order(4)
    void cacheHitsReplayTheRequestLog() throws IOException {
        Path out = work.resolve("cache-hits");
        assertEquals(0, run("cache-hits", "-o", out.toString(), "--requests",
                work.resolve("network-load/requests.csv.gz").toString(), "--throughput",
                work.resolve("throughput/runs.csv").toString(), "--sizes", "10,100"));
        List<String> hits = rows(out.resolve("hits.csv"));
        assertEquals(6 * 3, hits.size());
        for (int i = 0; i < hits.size(); i += 3) {
            long small = Long.parseLong(hits.get(i).split(",")[3]);
            long unlimited = Long.parseLong(hits.get(i + 2).split(",")[3]);
            assertTrue(small <= unlimited, "a larger cache never hits less: " + hits.get(i) + " / " + hits.get(i + 2));
        }
        assertPlot(out, "lru-hit-rate");
        assertTrue(Files.readString(out.resolve("summary.md")).contains("The real nginx cache"));
    }

    @Test
    @Order(5)
    void serverBenchMeasuresEveryLoadAndReportsTheTargets() throws IOException {
        if (!wrkInstalled()) {
            RequiredTools.missing("wrk is not installed (apt-get install -y wrk)");
        }
        Path out = work.resolve("server-bench");
        String servers = NginxCache.installed() ? "ours,nginx" : "ours";
        assertEquals(0, Commands.run(new ExperimentsCommand(), "server-bench", "-s", "1", "--data-dir",
                work.resolve("data").toString(), "-o", out.toString(), "--servers", servers, "--rounds", "1",
                "--duration", "1", "--warm-up", "1", "--deep-duration", "1", "--deep-warm-up", "1", "--deep-pages", "20",
                "--ours-jvm", "-Xmx256m"));
        List<String> runs = rows(out.resolve("server-bench.csv"));
        // ours: TPF, brTPF and seven deep shapes, under load and from one client; nginx: the TPF list only (one static file).
        assertEquals(servers.equals("ours") ? 16 : 17, runs.size());
        for (String r : runs) {
            String[] f = r.split(",");
            assertTrue(Long.parseLong(f[3]) > 0 && Long.parseLong(f[9]) == 0, "requests answered without errors: " + r);
            assertTrue(Long.parseLong(f[11]) > 0, "memory sampled: " + r);
        }
        List<String> dumps = rows(out.resolve("dumps.csv"));
        assertEquals(6, dumps.size(), "three downloads each of dump.nt and dump.nt.gz");
        long plain = Long.parseLong(dumps.get(0).split(",")[4]);
        long gzipped = Long.parseLong(dumps.get(3).split(",")[4]);
        assertTrue(plain > 10_000_000 && gzipped > 0 && gzipped < plain / 5, "plain " + plain + ", gzipped " + gzipped);
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("| dump as N-Triples ≥ 300 MB/s, flat memory | "), summary);
        assertTrue(summary.contains("| brTPF 30 bindings ≥ ½ our TPF first pages | "), summary);
        assertTrue(summary.contains("| deep pages, every shape, 16 connections: p95 ≤ 2 ms |"), summary);
        assertTrue(summary.contains("| deep pages, every shape, one client: p95 ≤ 2 ms |"), summary);
        assertTrue(summary.contains("| TPF first pages: p99 ≤ 5 ms under 16 connections |"), summary);
        assertTrue(summary.contains("| RSS ≤ 400 MB under this load (this dataset) |"), summary);
        assertTrue(summary.contains("Our server starts as the README starts it, with bin/ldf-server"), summary);
        assertPlot(out, "rates");
        assertPlot(out, "deep-pages-p95");
    }

    @Test
    @Order(6)
    void preemptionComparesTheEndpointWithBrtpfAndTpfAndChecksEveryResult() throws IOException {
        Path out = work.resolve("preemption");
        // Exit 0: every run of every part completed with ARQ's count, 1 ms quanta included. At most 10
        // solutions per answer, so that queries are suspended and resumed however fast this machine is.
        assertEquals(0, run("preemption", "-o", out.toString(), "--limit", "8", "--quanta", "1,75", "--clients", "1,2",
                "--repeats", "2", "--long-queries", "2", "--long-clients", "2", "--short-rounds", "1", "--timeout", "30",
                "--max-results", "10"));
        List<Map<String, String>> summary = CsvTable.read(out.resolve("summary.csv")).rows();
        assertEquals(List.of("TPF", "brTPF-30", "preemptive-1ms", "preemptive-75ms"),
                summary.stream().map(r -> r.get("configuration")).toList());
        for (Map<String, String> r : summary) {
            assertEquals("16", r.get("completed"), "8 queries twice: " + r);
            assertEquals("0", r.get("mismatches"), r.toString());
        }
        double oneMs = Double.parseDouble(summary.get(2).get("requests_median"));
        double sage = Double.parseDouble(summary.get(3).get("requests_median"));
        assertTrue(oneMs >= sage, "1 ms quanta need at least as many requests as 75 ms ones: " + oneMs + " / " + sage);
        List<Map<String, String>> quanta = CsvTable.read(out.resolve("quanta.csv.gz")).rows();
        for (String quantum : List.of("preemptive-1ms", "preemptive-75ms")) {
            assertTrue(quanta.stream().anyMatch(q -> q.get("configuration").equals(quantum)
                    && Integer.parseInt(q.get("token_bytes")) > 0 && q.get("resumed").equals("false")), quantum + " suspends");
            assertTrue(quanta.stream().anyMatch(q -> q.get("configuration").equals(quantum)
                    && q.get("resumed").equals("true")), quantum + " resumes");
        }
        assertTrue(quanta.stream().allMatch(q -> !q.get("run_ms").equals("NaN")), "every answer carried Server-Timing");
        List<Map<String, String>> clients = CsvTable.read(out.resolve("clients.csv")).rows();
        assertEquals(6, clients.size(), "1 and 2 clients; brTPF, 75 ms quanta, and 75 ms quanta read as complete answers");
        for (Map<String, String> r : clients) {
            assertEquals("0", r.get("mismatches"), r.toString());
        }
        assertTrue(clients.stream().anyMatch(r -> r.get("configuration").equals("complete-75ms")
                && r.get("completed").equals(r.get("clients").equals("1") ? "16" : "32")), clients.toString());
        assertEquals(3, CsvTable.read(out.resolve("convoy.csv")).rows().size());
        for (String plot : List.of("cdf-requests", "cdf-time", "cdf-first-result", "clients-completion",
                "clients-first-result", "quantum-time")) {
            assertPlot(out, plot);
        }
        String md = Files.readString(out.resolve("summary.md"));
        assertTrue(md.contains("## In short") && md.contains("SaGe's own figures: 1 and 5.8")
                && md.contains("| preemptive-75ms |") && md.contains("| complete-75ms |")
                && md.contains("Read as standard SPARQL clients read it (complete-75ms"), md);
        assertTrue(Files.readString(out.resolve("provenance.json")).contains("\"experiment\" : \"preemption\""));
    }

    /**
     * Issue 36's experiment at the smallest scale, every part: the data steps as processes of their
     * own, starts with and without the index, serving (ours against itself as the reference), counts
     * against full scans, stress queries in two modes, a restart behind nginx, live changes and a
     * compaction; exit 0 means no request failed, no answer differed and every count was right.
     */
    @Test
    @Order(7)
    void scaleRunsEveryPartAndStatesEveryTarget() throws IOException {
        for (String tool : List.of("wrk", "nginx")) {
            boolean installed = tool.equals("wrk") ? wrkInstalled() : NginxCache.installed();
            if (!installed) {
                RequiredTools.missing(tool + " is not installed");
            }
        }
        Path out = work.resolve("scale");
        Path data = work.resolve("data");  // the workloads the other parts generated serve here too
        int exit = Commands.run(new ExperimentsCommand(), "scale", "-s", "1", "--data-dir", data.toString(),
                "-o", out.toString(), "--servers", "ours", "--reference-scale", "1", "--convert-jvm", "-Xmx256m",
                "--starts", "1", "--rounds", "1", "--duration", "1", "--warm-up", "1", "--deep-duration", "1",
                "--deep-warm-up", "1", "--deep-pages", "20", "--count-samples", "14", "--stress-queries", "2",
                "--restart-seconds", "6", "--live-changes", "2000", "--live-read-seconds", "1", "--ours-jvm", "-Xmx256m");
        // Exit 1 means a part had errors (a failed request, a wrong count or answer): the summary says which.
        Path summaryFile = out.resolve("summary.md");
        assertEquals(0, exit, () -> Files.exists(summaryFile) ? read(summaryFile) : "no summary.md");
        List<Map<String, String>> steps = CsvTable.read(out.resolve("data-steps.csv")).rows();
        assertEquals(List.of("generate", "convert", "index", "check"), steps.stream().map(r -> r.get("step")).toList());
        for (Map<String, String> step : steps) {
            assertTrue(Long.parseLong(step.get("peak_rss_bytes")) > 0 && Long.parseLong(step.get("triples")) > 100_000,
                    step.toString());
        }
        List<Map<String, String>> starts = CsvTable.read(out.resolve("startup.csv")).rows();
        assertEquals(2, starts.size(), "with the index, then without");
        assertTrue(Files.exists(data.resolve("watdiv-sf1-seed1.hdt.index.v1-1")), "the index is there again");
        assertTrue(CsvTable.read(out.resolve("counts.csv")).rows().stream()
                .allMatch(r -> r.get("served").equals(r.get("scanned"))), "every count exact at this size");
        List<Map<String, String>> answers = CsvTable.read(out.resolve("preemptive.csv")).rows();
        assertEquals(4, answers.size(), "two queries with solutions, in two modes");
        assertEquals(answers.get(0).get("sha256"), answers.get(1).get("sha256"));
        assertTrue(Long.parseLong(answers.get(0).get("solutions")) > 0);
        String summary = Files.readString(out.resolve("summary.md"));
        for (String row : List.of("| start-up with the index ≤ 10 s |", "| TPF first pages ≥ 80% of ours on scale factor 1 |",
                "| brTPF 30 bindings: bindings per second ≥ 10× TPF fetching them one by one |",
                "| deep pages, every shape, 16 connections: p95 ≤ 2 ms |", "| dump as N-Triples ≥ 300 MB/s, flat memory |",
                "patterns checked | met |", "| the file holds its input's triples (`ldf-hdt check`) | the same: ",
                "| `ldf-hdt convert` ≥ 250,000 triples/s (wall, index included) |",
                "| preemptive endpoint: same answers as the brTPF client on the same file | 2 of 2 queries | met |",
                "| a restart under traffic behind the cache fails no request | 0 failed of ",
                "| compaction of 2,000 changes: 0 read errors, exact count after | 0 errors, count exact | met |")) {
            assertTrue(summary.contains(row), row + " in\n" + summary);
        }
        assertTrue(Files.readString(out.resolve("serve/summary.md")).contains("| RSS ≤ 400 MB under this load"));
        assertTrue(Files.exists(out.resolve("live/summary.md")));
        assertTrue(Files.readString(out.resolve("provenance.json")).contains("\"experiment\" : \"scale\""));
    }

    @Test
    @Order(8)
    void federationSplitsTheDataAndAnswersEveryQueryOverAllSources() throws IOException {
        Path out = work.resolve("federation");
        // Comunica (installed from npm on first use) is left out here: the committed run has it.
        assertEquals(0, run("federation", "-o", out.toString(), "--limit", "8", "--clients", "ours,ours-preemptive",
                "--timeout", "30"));
        List<Map<String, String>> queries = CsvTable.read(out.resolve("queries.csv")).rows();
        assertEquals(16, queries.size());
        assertTrue(queries.stream().allMatch(r -> r.get("status").equals("COMPLETED") && r.get("matches").equals("true")
                && Long.parseLong(r.get("requests")) > 0), "every query right, its requests counted by the server");
        List<Map<String, String>> sources = CsvTable.read(out.resolve("sources.csv")).rows();
        assertEquals(3, sources.size());
        int predicates = sources.stream().mapToInt(r -> Integer.parseInt(r.get("predicates"))).sum();
        // WatDiv's 86 predicates, every fourth one in two sources.
        assertEquals(86 + 22, predicates, "every predicate in a source, a quarter in two");
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("**Same results as Jena over the union, on every query: met.**"), summary);
        for (String plot : List.of("cdf-requests")) {
            assertPlot(out, plot);
        }
        assertTrue(Files.readString(out.resolve("provenance.json")).contains("\"experiment\" : \"federation\""));
    }

    @Test
    @Order(9)
    void clientProcessRunsEveryQueryInAProcessOfItsOwn() throws IOException {
        Path out = work.resolve("client-process");
        // Comunica (installed from npm on first use) is left out here: the committed run has it.
        boolean curl = Executables.find("curl", "/usr/bin", "/usr/local/bin").isPresent();
        List<String> args = new ArrayList<>(List.of("client-process", "-s", "1", "--data-dir",
                work.resolve("data").toString(), "-o", out.toString(), "--limit", "3", "--no-comunica", "--timeout", "60"));
        if (!curl) {
            args.add("--no-endpoint");
        }
        assertEquals(0, Commands.run(new ExperimentsCommand(), args.toArray(String[]::new)));
        List<Map<String, String>> queries = CsvTable.read(out.resolve("queries.csv")).rows();
        assertTrue(queries.size() >= 3, "ours on the default Java, and on a newer one where there is one");
        if (curl) {
            assertEquals(3, queries.stream().filter(r -> r.get("client").equals(ClientProcessReport.ENDPOINT)).count(),
                    "curl asked the endpoint each query");
            assertEquals(3, queries.stream().filter(r -> r.get("client").equals(ClientProcessReport.HANDED_OFF)).count(),
                    "the launcher handed each query to its endpoint");
        }
        assertTrue(queries.stream().allMatch(r -> r.get("status").equals("COMPLETED") && r.get("matches").equals("true")
                && Double.parseDouble(r.get("time_ms")) > 0), "every process gave Jena's count");
        assertPlot(out, "cdf-time");
        assertTrue(Files.readString(out.resolve("summary.md")).contains("| ours (bin/ldf-query, Java "));
    }

    /** The live-data issue's fresh-server check, small: two fresh servers, each counting exactly after its compaction. */
    @Test
    @Order(10)
    void liveFreshStartsANewServerPerRepeatAndChecksTheCount() throws IOException {
        if (Executables.find("curl", "/usr/bin", "/usr/local/bin").isEmpty()) {
            RequiredTools.missing("curl is not installed");
        }
        Path out = work.resolve("live-fresh");
        assertEquals(0, run("live-fresh", "-o", out.toString(), "--repeats", "2", "--patches", "8", "--patch-triples", "100"));
        List<Map<String, String>> runs = CsvTable.read(out.resolve("fresh.csv")).rows();
        assertEquals(2, runs.size());
        for (Map<String, String> r : runs) {
            assertEquals(Long.parseLong(r.get("expected")), Long.parseLong(r.get("count_after")), r.toString());
            assertTrue(Double.parseDouble(r.get("triples_per_second")) > 0 && Double.parseDouble(r.get("peak_rss_mb")) > 0,
                    r.toString());
        }
        String summary = Files.readString(out.resolve("summary.md"));
        assertTrue(summary.contains("| count after = base + adds | exact on 2 of 2 | met |"), summary);
        assertTrue(summary.contains("2 fresh servers took 800 added triples each from 4 writers"), summary);
        assertPlot(out, "ingest");
    }

    private static boolean wrkInstalled() {
        return Executables.find("wrk", "/usr/bin", "/usr/local/bin").isPresent();
    }

    /** A file's text for a failure message; the reason it could not be read otherwise. */
    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            return file + ": " + e;
        }
    }
}
