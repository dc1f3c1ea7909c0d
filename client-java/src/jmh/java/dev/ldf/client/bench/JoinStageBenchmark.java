package dev.ldf.client.bench;

import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingFactory;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import dev.ldf.client.ClientOptions;
import dev.ldf.client.http.ClientListener;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.join.BgpExecutor;
import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.Directories;
import dev.ldf.hdt.sample.LibraryDataset;
import dev.ldf.server.FragmentServer;
import dev.ldf.server.config.DatasetConfig;
import dev.ldf.server.config.ServerConfig;

/**
 * The client's join stages end to end: the four-pattern BGP of {@code queries/authors-birthplaces.rq}
 * (books, their authors' names and birthplaces, the places' labels) evaluated by
 * {@link BgpExecutor} against a real server on loopback (in this JVM, library dataset at scale 5),
 * as TPF and as brTPF pipelines with 30 and 100 mappings per request. The time includes the
 * server's work and HTTP; the requests per operation are what the network-load experiment counts.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 5)
@Measurement(iterations = 5, time = 5)
public class JoinStageBenchmark {

    @Param({"TPF", "brTPF-30", "brTPF-100"})
    public String client;

    private Path dir;
    private FragmentServer server;
    private FragmentSource source;
    private List<Triple> bgp;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        dir = Files.createTempDirectory("ldf-client-bench");
        Path turtle = dir.resolve("library.ttl");
        try (OutputStream out = Files.newOutputStream(turtle)) {
            LibraryDataset.writeTurtle(out, LibraryDataset.DEFAULT_SEED, 5);
        }
        Path hdt = dir.resolve("library.hdt");
        new RdfToHdt(LibraryDataset.NS, HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(turtle), hdt);
        server = FragmentServer.start(ServerConfig.builder()
                .title("Bench").listener("127.0.0.1", 0).cacheMaxAgeSeconds(60)
                .datasets(List.of(
                        DatasetConfig.builder("library", hdt.toString())
                                .pageSize(100).loading(DatasetConfig.Loading.LOAD).maxBindingsPerRequest(100).build()))
                .build());
        ClientOptions options = client.equals("TPF") ? ClientOptions.defaults().withMode(dev.ldf.client.Mode.TPF)
                : ClientOptions.defaults().withMode(dev.ldf.client.Mode.BRTPF)
                        .withMaxBindingsPerRequest(Integer.parseInt(client.substring("brTPF-".length())));
        source = FragmentSource.connect(server.uri() + "library", options, new ClientListener() {});
        Var book = Var.alloc("book");
        Var person = Var.alloc("person");
        Var place = Var.alloc("place");
        bgp = List.of(
                Triple.create(book, NodeFactory.createURI("http://schema.org/author"), person),
                Triple.create(person, NodeFactory.createURI("http://xmlns.com/foaf/0.1/name"), Var.alloc("name")),
                Triple.create(person, NodeFactory.createURI("http://schema.org/birthPlace"), place),
                Triple.create(place, NodeFactory.createURI("http://www.w3.org/2000/01/rdf-schema#label"), Var.alloc("city")));
        if (solutions() == 0) {
            throw new IllegalStateException("the benchmark query has no results");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        source.close();
        server.close();
        Directories.deleteRecursively(dir);
    }

    @Benchmark
    public long solutions() {
        source.forgetPages(); // every evaluation starts cold; pages are remembered within it only
        long n = 0;
        IteratorCloseable<Binding> results = new BgpExecutor(source)
                .execute(bgp, Collections.singletonList(BindingFactory.empty()).iterator());
        try {
            while (results.hasNext()) {
                results.next();
                n++;
            }
        } finally {
            results.close();
        }
        return n;
    }
}
