package dev.ldf.server.bench;

import java.io.IOException;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.QueryFactory;
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
import org.openjdk.jmh.infra.Blackhole;

import dev.ldf.hdt.sample.LibraryDataset;
import dev.ldf.server.fragment.Bindings;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.FragmentRequest;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.ServerDescription;
import dev.ldf.server.fragment.Skolemizer;
import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.rdf.OutputFormat;
import dev.ldf.server.rdf.ResponseWriter;
import dev.ldf.server.rdf.Writers;
import dev.ldf.server.syntax.ValuesBlockParser;

/**
 * The server side of one brTPF request for 1, 30, 100 and 1000 bindings: the pattern
 * {@code ?s schema:author ?o} restricted to that many books, over the library dataset at scale
 * 20 (about 100,000 triples) loaded onto the heap. {@code parse} is the VALUES block alone
 * ({@code parseWithSparqlParser} the same with Jena's SPARQL parser, for comparison),
 * {@code select} the first page (substitution, counts, lookup, terms), and {@code request} all of
 * it plus writing the page as N-Quads, as the servlet does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class BrtpfBenchmark {

    private static final String BASE = "http://bench.example/library";

    @Param({"1", "30", "100", "1000"})
    public int bindings;

    private LibraryFixture fixture;
    private HdtDatasource source;
    private TriplePattern pattern;
    private String values;
    private Selector selector;
    private final ResponseWriter nquads = Writers.standard().get(OutputFormat.NQUADS);

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        fixture = new LibraryFixture(20, true);
        source = fixture.source;
        pattern = new TriplePattern(Var.alloc("s"), NodeFactory.createURI("http://schema.org/author"), Var.alloc("o"));
        StringBuilder block = new StringBuilder("(?s) {");
        for (int i = 1; i <= bindings; i++) {
            block.append(" (<").append(LibraryDataset.NS).append("book/").append(i).append(">)");
        }
        values = block.append(" }").toString();
        selector = Selector.of(pattern, ValuesBlockParser.parse(values, BASE));
        if (source.page(selector, 0, 100).size() == 0) {
            throw new IllegalStateException("the benchmark request has no results");
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        fixture.close();
    }

    @Benchmark
    public Bindings parse() {
        return ValuesBlockParser.parse(values, BASE);
    }

    /** The alternative the server does not use: Jena's full SPARQL parser on the same block. */
    @Benchmark
    public Object parseWithSparqlParser() {
        return QueryFactory.create("SELECT * WHERE {} VALUES " + values, BASE).getValuesData();
    }

    @Benchmark
    public void select(Blackhole hole) {
        FragmentPage page = source.page(selector, 0, 100);
        hole.consume(page.count());
        for (Triple t : page.triples()) {
            hole.consume(t);
        }
    }

    @Benchmark
    public long request() throws IOException {
        Bindings parsed = ValuesBlockParser.parse(values, BASE);
        FragmentPage page = source.page(Selector.of(pattern, parsed), 0, 100);
        DatasetDescription dataset = new DatasetDescription("library", "Library", "", BASE, Map.of(), 100, 1000, 1 << 20);
        FragmentRequest request = new FragmentRequest(pattern, parsed, 1, new FragmentRequest.Input("?s", "", "", values));
        Fragment fragment = new Fragment(new ServerDescription("Bench", "", "http://bench.example/", java.util.List.of()), dataset, request, page,
                new Fragment.PageLinks(BASE + "?values=x", BASE, null, BASE + "?page=2"),
                new Skolemizer("http://bench.example/.well-known/genid/library/"));
        LibraryFixture.CountingStream out = new LibraryFixture.CountingStream();
        nquads.writeFragment(fragment, out);
        return out.bytes;
    }
}
