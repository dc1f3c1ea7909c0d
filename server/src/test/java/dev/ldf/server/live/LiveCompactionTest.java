package dev.ldf.server.live;

import java.net.URLEncoder;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import java.util.stream.Collectors;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.out.NodeFmtLib;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.config.Writes;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.testing.Http;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * Compaction on a real server: the overlay is folded into a new HDT file while readers and a
 * writer go on, the dataset stays the same triples, the log is cut, and a restart finds it all.
 */
@Tag("server")
class LiveCompactionTest {

    private static final String TOKEN = Writers.TOKEN;
    private static final String EX = "http://example.org/live/";

    @TempDir
    Path dir;

    @Test
    void compactionKeepsTheDataAndCutsTheLog() throws Exception {
        Path hdt = dir.resolve("library.hdt");
        Files.copy(TestData.libraryHdt(), hdt);
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.builder("library", hdt.toString())
                .pageSize(50).writes(new Writes(true, TOKEN, null, 0L)).build())).toBuilder().listener("127.0.0.1", 0).build();
        Set<Triple> expected;
        long version;
        try (FragmentServer server = FragmentServer.start(config)) {
            String base = server.uri() + "library";
            Set<Triple> original = dump(base);
            StringBuilder patch = new StringBuilder("TX .\n");
            for (int i = 0; i < 300; i++) {
                patch.append("A <" + EX + "s" + (i % 40) + "> <" + EX + "p" + (i % 3) + "> "
                        + switch (i % 5) {
                            case 0 -> "\"text " + i + "\"@en";
                            case 1 -> "\"" + i + "\"^^<http://www.w3.org/2001/XMLSchema#integer>";
                            case 2 -> "_:b" + (i % 7);
                            case 3 -> "<" + EX + "o" + i + ">";
                            default -> "\"plain " + i + "\"";
                        } + " .\n");
            }
            int deleted = 0;
            for (Triple t : original) {
                if (deleted < 40 && !t.getSubject().isBlank() && !t.getObject().isBlank() && Math.floorMod(t.hashCode(), 5) == 0) {
                    patch.append("D ").append(term(t.getSubject())).append(' ').append(term(t.getPredicate()))
                            .append(' ').append(term(t.getObject())).append(" .\n");
                    deleted++;
                }
            }
            patch.append("TC .\n");
            assertEquals(200, post(base + "/changes", patch.toString()).statusCode());
            Set<Triple> written = dump(base);
            assertEquals(original.size() + 300 - deleted, written.size(), "the patch added 300 and deleted " + deleted);

            // Readers go on during the compaction; none may see an error or another dataset.
            AtomicBoolean stop = new AtomicBoolean();
            AtomicInteger reads = new AtomicInteger();
            AtomicReference<String> failure = new AtomicReference<>();
            String fragment = base + "?predicate=" + URLEncoder.encode(EX + "p1", "UTF-8");
            String firstPage = Http.get(fragment, "Accept", "application/n-triples").body();
            Thread reader = new Thread(() -> {
                try {
                    while (!stop.get()) {
                        HttpResponse<String> r = Http.get(fragment, "Accept", "application/n-triples");
                        if (r.statusCode() != 200 || r.body().split("\n").length < 40) {
                            failure.compareAndSet(null, r.statusCode() + ": " + r.body());
                        }
                        reads.incrementAndGet();
                    }
                } catch (RuntimeException | AssertionError e) {
                    failure.compareAndSet(null, e.toString());
                }
            });
            reader.start();
            HttpResponse<String> started = post(base + "/compaction", "");
            assertEquals(202, started.statusCode(), started.body());
            // A write while it runs: it goes to the log and into the new base's overlay.
            HttpResponse<String> during = post(base + "/changes", "A <" + EX + "late> <" + EX + "p1> \"late\" .\n");
            assertEquals(200, during.statusCode(), during.body());
            String status = Writers.awaitCompaction(base, 1);
            stop.set(true);
            reader.join();
            assertEquals(null, failure.get(), "reads during the compaction");
            assertTrue(reads.get() > 0);
            assertTrue(status.contains("\"last\":{\"version\":1,"), status);
            assertTrue(status.contains("\"replayableAfter\":0"), "a first compaction keeps the whole log: " + status);

            written.add(Triple.create(NodeFactory.createURI(EX + "late"),
                    NodeFactory.createURI(EX + "p1"), NodeFactory.createLiteralString("late")));
            assertEquals(written, dump(base), "the dataset is the same after the compaction");
            assertTrue(Http.get(fragment + "&subject=" + URLEncoder.encode(EX + "late", "UTF-8"),
                    "Accept", "application/n-triples").body().contains("\"late\""));
            assertFalse(firstPage.isEmpty());

            // Version 2 is the write during the compaction, 3 the compaction's own mark (or the other way round).
            HttpResponse<String> kept = Http.get(base + "/changes?since=0");
            assertEquals(200, kept.statusCode(), "a follower lagging behind the compaction still finds its patches");
            assertTrue(kept.body().contains("H id <urn:ldf:version:1>") && kept.body().contains("H id <urn:ldf:version:3>")
                    && kept.body().contains("\"late\""), kept.body());
            assertEquals("3", Http.get(fragment).headers().firstValue("Dataset-Version").orElseThrow(),
                    "a client paging across the compaction is told that the pages changed");

            // The next compaction drops what the first one folded in.
            assertEquals(202, post(base + "/compaction", "").statusCode());
            status = Writers.awaitCompaction(base, 3);
            assertTrue(status.contains("\"replayableAfter\":1"), "the log now starts after version 1: " + status);
            assertEquals(410, Http.get(base + "/changes?since=0").statusCode(), "folded patches are gone from the feed");
            HttpResponse<String> feed = Http.get(base + "/changes?since=1");
            assertEquals(200, feed.statusCode());
            assertTrue(feed.body().contains("H id <urn:ldf:version:4>") && feed.body().contains("\"late\""), feed.body());
            assertEquals(written, dump(base), "the dataset is the same after the second compaction");
            expected = written;
            version = 4;
        }
        try (HdtDatasource compacted = HdtDatasource.open(hdt, HdtDatasource.Options.defaults())) {
            assertEquals(3, compacted.compactedVersion(), "the new file says which version it holds");
        }
        assertTrue(Files.exists(HdtFiles.indexFile(hdt)));
        try (var files = Files.list(dir)) {
            assertEquals(Set.of("library.hdt", "library.hdt.index.v1-1", "library.hdt.patches"),
                    files.map(p -> p.getFileName().toString()).collect(Collectors.toSet()),
                    "no temporary files left");
        }
        try (FragmentServer restarted = FragmentServer.start(config)) {
            String base = restarted.uri() + "library";
            assertEquals(expected, dump(base), "a restart replays only the patch after the compacted version");
            assertEquals(Long.toString(version), Http.get(base + "/changes").headers().firstValue("Dataset-Version").orElseThrow());
        }
    }

    /**
     * An empty dataset is a valid one: a live dataset starts from an empty file (which has no
     * index), takes triples, loses them all, compacts to an empty file again and restarts.
     */
    @Test
    void anEmptyDatasetStartsTakesTriplesAndCompactsToEmptyAgain() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.ttl"), "");
        Path hdt = dir.resolve("new.hdt");
        new RdfToHdt("http://example.org/", HdtLoader.MEMORY,
                ConversionProgress.silent()).convert(List.of(empty), hdt);
        assertFalse(Files.exists(HdtFiles.indexFile(hdt)), "an empty file needs no index");
        ServerConfig config = ServerConfig.of(List.of(DatasetConfig.builder("new", hdt.toString())
                .writes(new Writes(true, TOKEN, null, 0L)).build())).toBuilder().listener("127.0.0.1", 0).build();
        String triple = "<" + EX + "s> <" + EX + "p> \"o\" .\n";
        try (FragmentServer server = FragmentServer.start(config)) {
            String base = server.uri() + "new";
            assertEquals(Set.of(), dump(base));
            assertEquals(200, post(base + "/changes", "A " + triple).statusCode());
            compact(base);
            assertEquals(1, dump(base).size());
            assertTrue(Files.exists(HdtFiles.indexFile(hdt)));
            assertEquals(200, post(base + "/changes", "D " + triple).statusCode());
            compact(base);
            assertEquals(Set.of(), dump(base));
            assertFalse(Files.exists(HdtFiles.indexFile(hdt)), "the compacted file is empty again");
            assertEquals(200, post(base + "/changes", "A " + triple).statusCode());
        }
        try (FragmentServer restarted = FragmentServer.start(config)) {
            assertEquals(1, dump(restarted.uri() + "new").size(), "the write after the compaction is replayed");
        }
    }

    /** Compacts the dataset's current version and waits until that is done. */
    private static void compact(String base) throws Exception {
        long version = Long.parseLong(Http.get(base + "/changes").headers().firstValue("Dataset-Version").orElseThrow());
        assertEquals(202, post(base + "/compaction", "").statusCode());
        Writers.awaitCompaction(base, version);
    }

    /** A blank node of the base, as fragments show it. */
    private static boolean skolem(Node node) {
        return node.isURI() && node.getURI().contains("/.well-known/genid/");
    }

    private static String term(Node node) {
        return NodeFmtLib.strNT(node);
    }

    private static Set<Triple> dump(String base) {
        HttpResponse<String> response = Http.get(base + "/dump.nt");
        assertEquals(200, response.statusCode());
        // Skolem IRIs name the server's port, which a restart changes: compare their labels.
        Set<Triple> triples = new HashSet<>();
        RDFParser.fromString(response.body(), Lang.NTRIPLES).toGraph().find().forEach(t ->
                triples.add(Triple.create(label(t.getSubject()), t.getPredicate(), label(t.getObject()))));
        return triples;
    }

    private static Node label(Node node) {
        return skolem(node) ? NodeFactory.createBlankNode(
                node.getURI().substring(node.getURI().lastIndexOf('/') + 1)) : node;
    }

    private static HttpResponse<String> post(String url, String body) throws Exception {
        return Writers.patch(url, body);
    }
}
