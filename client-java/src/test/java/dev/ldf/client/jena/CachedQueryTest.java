package dev.ldf.client.jena;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.apache.jena.query.Query;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.query.QueryFactory;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.Mode;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.http.ClientStats;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.testing.LibraryQueries;
import dev.ldf.client.testing.TestServer;
import dev.ldf.deploy.local.LocalDeployment;
import dev.ldf.deploy.local.NginxCache;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** Queries through the nginx cache in front of two replicas: the same answers, and the second time from the cache. */
@Tag("process")
class CachedQueryTest {

    @TempDir
    static Path work;

    private static LocalDeployment deployment;

    @BeforeAll
    static void start() throws Exception {
        if (!NginxCache.installed()) {
            if ("1".equals(System.getenv("LDF_REQUIRE_TOOLS"))) {
                throw new AssertionError("nginx is not installed, but LDF_REQUIRE_TOOLS=1");
            }
            Assumptions.abort("nginx is not installed (apt-get install -y nginx): skipped");
        }
        ServerConfig config = ServerConfig.builder()
                .title("Cached").cacheMaxAgeSeconds(3600)
                .datasets(List.of(DatasetConfig.of("library", TestServer.hdtFile()))).build();
        deployment = LocalDeployment.start(config, LocalDeployment.Options.defaults().withPort(0),
                work);
    }

    @AfterAll
    static void stop() {
        if (deployment != null) {
            deployment.close();
        }
    }

    /** Every SELECT query of the main test set, in order, with its rows. */
    private static Map<String, List<String>> runAll(String url, Mode mode, ClientStats.Snapshot[] used) {
        Map<String, List<String>> answers = new LinkedHashMap<>();
        try (FragmentSource source = FragmentSource.connect(url, ClientOptions.defaults().withMode(mode), new ClientListener() {})) {
            ClientStats.Snapshot before = source.stats().snapshot();
            for (Map.Entry<String, String> q : SparqlOverFragmentsTest.QUERIES.entrySet()) {
                Query query = QueryFactory.create(PREFIXES + q.getValue());
                if (!query.isSelectType()) {
                    continue;
                }
                try (QueryExecution execution = QueryExecution.create(query, FragmentDataset.of(source))) {
                    answers.put(q.getKey(), SparqlOverFragmentsTest.rows(execution.execSelect(), query.hasOrderBy()));
                }
            }
            used[0] = source.stats().snapshot().minus(before);
        }
        return answers;
    }

    private static final String PREFIXES = LibraryQueries.PREFIXES;

    @Test
    void queriesThroughTheCacheEqualDirectOnesAndRepeatFromTheCache() {
        for (Mode mode : new Mode[] {Mode.BRTPF, Mode.TPF}) {
            String cache = deployment.uri() + "library";
            String replica = deployment.replicas().get(0).uri() + "library";
            ClientStats.Snapshot[] used = new ClientStats.Snapshot[1];
            Map<String, List<String>> direct = runAll(replica, mode, used);

            Map<NginxCache.Status, Long> before = deployment.cache().statuses();
            Map<String, List<String>> first = runAll(cache, mode, used);
            ClientStats.Snapshot firstRun = used[0];
            Map<NginxCache.Status, Long> afterFirst = deployment.cache().statuses();
            Map<String, List<String>> second = runAll(cache, mode, used);
            Map<NginxCache.Status, Long> afterSecond = deployment.cache().statuses();

            // Blank nodes are Skolem IRIs under the URL each client used.
            String replicaAuthority = deployment.replicas().get(0).uri().getAuthority();
            String cacheAuthority = deployment.uri().getAuthority();
            Map<String, List<String>> directSeenThroughCache = new LinkedHashMap<>();
            direct.forEach((k, v) -> directSeenThroughCache.put(k, v.stream().map(r -> r.replace(replicaAuthority, cacheAuthority)).toList()));
            assertEquals(directSeenThroughCache, first, mode + ": through the cache as direct");
            assertEquals(first, second);

            long firstMisses = delta(afterFirst, before, NginxCache.Status.MISS);
            long firstHits = delta(afterFirst, before, NginxCache.Status.HIT);
            long secondMisses = delta(afterSecond, afterFirst, NginxCache.Status.MISS);
            long secondHits = delta(afterSecond, afterFirst, NginxCache.Status.HIT);
            System.out.printf("%s, %d queries: first run %d requests (%d to the replicas, %d hits); second run %d hits, "
                    + "%d to the replicas (hit rate %.1f%%)%n", mode, first.size(), firstRun.requests(), firstMisses,
                    firstHits, secondHits, secondMisses, 100.0 * secondHits / Math.max(1, secondHits + secondMisses));
            assertEquals(0, secondMisses, "the second run is answered by the cache alone");
            assertTrue(secondHits >= firstRun.requests() - 1, "every request of the second run is a hit");
            List<String> nonEmpty = new ArrayList<>();
            first.forEach((k, v) -> {
                if (!v.isEmpty()) {
                    nonEmpty.add(k);
                }
            });
            assertTrue(nonEmpty.size() > 20);
        }
    }

    private static long delta(Map<NginxCache.Status, Long> after, Map<NginxCache.Status, Long> before, NginxCache.Status s) {
        return after.get(s) - before.get(s);
    }
}
