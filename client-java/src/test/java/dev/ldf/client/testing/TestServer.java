package dev.ldf.client.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.Preemption;
import dev.ldf.server.config.ServerConfig;
import dev.ldf.server.fragment.Skolemizer;

/**
 * One real fragment server per test JVM over the bundled library dataset (built into a temporary
 * HDT file), and the same triples in memory as the oracle:
 * <ul>
 *   <li>{@code library}: pages of 100, brTPF with maxMpR 100;</li>
 *   <li>{@code small}: pages of 7 and maxMpR 5, so that queries need many chunks and pages;</li>
 *   <li>{@code tpfonly}: brTPF turned off;</li>
 *   <li>{@code preempted}: pages of 7, maxMpR 5, and a preemptive endpoint with a 1 ms quantum and
 *       7 solutions per response, so that queries are suspended again and again.</li>
 * </ul>
 */
public final class TestServer {

    private static FragmentServer server;
    private static Path hdt;
    private static final Map<String, Model> ORACLES = new ConcurrentHashMap<>();

    private TestServer() {}

    public static synchronized String dataset(String name) {
        if (server == null) {
            start();
        }
        return server.uri() + name;
    }

    private static void start() {
        try {
            Path dir = Files.createTempDirectory("ldf-client-test");
            hdt = dir.resolve("library.hdt");
            Path turtle = Path.of("").toAbsolutePath().resolve("../hdt-data/datasets/library.ttl").normalize();
            new RdfToHdt("http://example.org/library/", HdtLoader.MEMORY, ConversionProgress.silent())
                    .convert(List.of(turtle), hdt);
            String file = hdt.toString();
            server = FragmentServer.start(ServerConfig.builder()
                    .title("Client tests").listener("127.0.0.1", 0).cacheMaxAgeSeconds(60)
                    .datasets(List.of(
                            DatasetConfig.builder("library", file)
                                    .pageSize(100).loading(DatasetConfig.Loading.LOAD).maxBindingsPerRequest(100)
                                    .build(),
                            DatasetConfig.builder("small", file)
                                    .pageSize(7).loading(DatasetConfig.Loading.LOAD).maxBindingsPerRequest(5).build(),
                            DatasetConfig.builder("tpfonly", file)
                                    .pageSize(100).loading(DatasetConfig.Loading.LOAD).maxBindingsPerRequest(0).build(),
                            DatasetConfig.builder("preempted", file)
                                    .pageSize(7).loading(DatasetConfig.Loading.LOAD).maxBindingsPerRequest(5)
                                    .preemption(new Preemption(true, 1, 7)).build())).build());
            Runtime.getRuntime().addShutdownHook(new Thread(() -> {
                server.close();
                for (Path temporary : List.of(hdt, HdtFiles.indexFile(hdt), dir)) {
                    temporary.toFile().delete();
                }
            }));
        } catch (Exception e) {
            throw new IllegalStateException("The test server did not start", e);
        }
    }

    /** The library HDT file the test server serves. */
    public static synchronized Path hdtFile() {
        if (server == null) {
            start();
        }
        return hdt;
    }

    /**
     * A blank node as the client gives it: labelled with the Skolem IRI the server sends for it
     * ({@link dev.ldf.client.source.SkolemIris}).
     */
    public static Node asClientSees(Skolemizer skolemizer, Node node) {
        return node.isBlank() ? NodeFactory.createBlankNode(skolemizer.skolemize(node).getURI()) : node;
    }

    public static Triple asClientSees(Skolemizer skolemizer, Triple t) {
        return Triple.create(asClientSees(skolemizer, t.getSubject()), t.getPredicate(), asClientSees(skolemizer, t.getObject()));
    }

    /** The dataset's triples as the client sees them (blank nodes labelled with the server's Skolem IRIs), in memory. */
    public static Model oracle(String name) {
        String url = dataset(name);
        return ORACLES.computeIfAbsent(name, n -> {
            Skolemizer skolemizer = new Skolemizer(url.substring(0, url.length() - n.length()) + ".well-known/genid/" + n + "/");
            Model model = ModelFactory.createDefaultModel();
            try (HDT file = HDTManager.mapIndexedHDT(hdt)) {
                var it = file.search("", "", "");
                while (it.hasNext()) {
                    TripleString t = it.next();
                    model.getGraph().add(asClientSees(skolemizer, Triple.create(HdtTerms.toNode(t.getSubject()),
                            HdtTerms.toNode(t.getPredicate()), HdtTerms.toNode(t.getObject()))));
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            } catch (NotFoundException e) {
                throw new IllegalStateException(e);
            }
            return model;
        });
    }
}
