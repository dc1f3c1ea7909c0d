package dev.ldf.server.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
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

import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.TriplePattern;

/**
 * One page of 100 triples (lookup, count, terms; no serialisation) for each pattern shape, at the
 * start of the fragment and deep in it, over the library dataset at scale 20 (about 100,000
 * triples), loaded or memory-mapped. The constants come from the data: the predicate is
 * {@code rdf:type} (the largest), the subject and object those of its first triple, so that every
 * shape has matches; a page beyond a fragment's end measures the cost of finding that out.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class PageLookupBenchmark {

    @Param({"S??", "?P?", "??O", "SP?", "?PO", "S?O", "???"})
    public String shape;

    /** Offset of the page: 0 is the first page, 5000 the fifty-first. */
    @Param({"0", "5000"})
    public long offset;

    @Param({"load", "map"})
    public String loading;

    private LibraryFixture fixture;
    private Selector selector;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        fixture = new LibraryFixture(20, loading.equals("load"));
        Node type = NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
        Triple first = fixture.source.page(Selector.of(new TriplePattern(Var.alloc("s"), type, Var.alloc("o"))), 0, 1)
                .triples().iterator().next();
        Node s = shape.charAt(0) == 'S' ? first.getSubject() : Var.alloc("s");
        Node p = shape.charAt(1) == 'P' ? type : Var.alloc("p");
        Node o = shape.charAt(2) == 'O' ? first.getObject() : Var.alloc("o");
        selector = Selector.of(new TriplePattern(s, p, o));
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        fixture.close();
    }

    @Benchmark
    public void page(Blackhole hole) {
        FragmentPage page = fixture.source.page(selector, offset, 100);
        hole.consume(page.count());
        for (Triple t : page.triples()) {
            hole.consume(t);
        }
    }
}
