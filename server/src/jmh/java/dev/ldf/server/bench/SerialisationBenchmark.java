package dev.ldf.server.bench;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.jena.sparql.core.Var;
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

import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.ServerDescription;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.rdf.ResponseWriter;
import dev.ldf.server.rdf.Writers;

/**
 * Writing one fragment page (a ready page of {@code pageSize} triples with its metadata and
 * controls) in each output format, as the servlet writes a response; the lookup is outside the
 * measurement (see {@link PageLookupBenchmark}).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SerialisationBenchmark {

    private static final String BASE = "http://bench.example/library";

    @Param({"NQUADS", "TRIG", "TURTLE", "NTRIPLES", "JSONLD", "RDFXML", "HTML"})
    public OutputFormat format;

    @Param({"100", "1000"})
    public int pageSize;

    private LibraryFixture fixture;
    private Fragment fragment;
    private ResponseWriter writer;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        fixture = new LibraryFixture(20, true);
        TriplePattern pattern = new TriplePattern(Var.alloc("s"), Var.alloc("p"), Var.alloc("o"));
        FragmentPage page = fixture.source.page(Selector.of(pattern), 0, pageSize);
        DatasetDescription dataset = new DatasetDescription("library", "Library", "", BASE, Map.of(), pageSize, 1000, 1 << 20);
        FragmentRequest request = new FragmentRequest(pattern, null, 1, new FragmentRequest.Input("", "", "", null));
        fragment = new Fragment(new ServerDescription("Bench", "", "http://bench.example/", java.util.List.of()), dataset, request, page,
                new Fragment.PageLinks(BASE, BASE, null, BASE + "?page=2"),
                new Skolemizer("http://bench.example/.well-known/genid/library/"));
        writer = Writers.standard().get(format);
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        fixture.close();
    }

    @Benchmark
    public long write() throws IOException {
        LibraryFixture.CountingStream out = new LibraryFixture.CountingStream();
        writer.writeFragment(fragment, out);
        return out.bytes;
    }
}
