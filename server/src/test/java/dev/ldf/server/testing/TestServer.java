package dev.ldf.server.testing;

import java.net.URI;
import java.util.List;
import java.util.Map;

import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

/**
 * One real server per test JVM on a free loopback port, serving the library HDT as:
 * <ul>
 *   <li>{@code library}: 100 triples per page, memory-mapped, brTPF with the default maxMpR (100);</li>
 *   <li>{@code paged}: 7 triples per page, a count scan limit of 20 (so that many fragments span
 *       several pages and patterns HDT cannot count exactly are reported as estimates), maxMpR 30;</li>
 *   <li>{@code loaded}: 13 triples per page, loaded onto the heap, maxMpR 1000;</li>
 *   <li>{@code tpfonly}: brTPF turned off (maxMpR 0).</li>
 * </ul>
 */
public final class TestServer {

    public static final Map<String, String> PREFIXES = Map.of(
            "lib", "http://example.org/library/", "schema", "http://schema.org/");

    /** The POST body limit of the test server. */
    public static final int MAX_BODY_BYTES = 256 * 1024;

    /** Mapped explicitly: the default would load a file this small, and both ways must be tested. */
    private static final DatasetConfig.Loading MAP = DatasetConfig.Loading.MAP;

    private static FragmentServer server;

    private TestServer() {}

    public static synchronized URI uri() {
        if (server == null) {
            String hdt = TestData.libraryHdt().toString();
            ServerConfig config = ServerConfig.builder()
                    .title("Test server").description("A server for tests.").listener("127.0.0.1", 0)
                    .cacheMaxAgeSeconds(600).maxRequestBodyBytes(MAX_BODY_BYTES)
                    .datasets(List.of(
                            DatasetConfig.builder("library", hdt)
                                    .title("Library").description("The library dataset.").pageSize(100).loading(MAP)
                                    .prefixes(PREFIXES).build(),
                            DatasetConfig.builder("paged", hdt)
                                    .title("Paged").pageSize(7).loading(MAP).countScanLimit(20L)
                                    .maxBindingsPerRequest(30).build(),
                            DatasetConfig.builder("loaded", hdt)
                                    .title("Loaded").pageSize(13).loading(DatasetConfig.Loading.LOAD)
                                    .maxBindingsPerRequest(1000).build(),
                            DatasetConfig.builder("tpfonly", hdt)
                                    .title("TPF only").pageSize(100).maxBindingsPerRequest(0).build())).build();
            try {
                server = FragmentServer.start(config);
            } catch (Exception e) {
                throw new IllegalStateException("Test server did not start", e);
            }
            Runtime.getRuntime().addShutdownHook(new Thread(server::close));
        }
        return server.uri();
    }

    /** The URL of a dataset, e.g. {@code http://127.0.0.1:41234/library}. */
    public static String dataset(String name) {
        return uri() + name;
    }
}
