package dev.ldf.server.bench;

import java.io.IOException;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
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
import org.rdfhdt.hdt.enums.TripleComponentRole;

import dev.ldf.server.hdt.HdtScans;
import dev.ldf.server.preemption.ResumableScan;

/**
 * What resuming a suspended scan costs, by pattern shape and by how far the scan had got: open at
 * a position and read one match. Resuming must not cost more deep in a fragment than at its
 * start (Web preemption's rule: suspend and resume in logarithmic time), so the scores of one
 * shape at positions 0, half and almost all of its fragment should be alike. The library dataset
 * at scale 20 (about 100,000 triples); the object is the most common class and the subject one of
 * its instances, so that {@code ?PO} and {@code ??O} are large fragments, and {@code ?P?} is
 * {@code rdf:type}.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ResumeBenchmark {

    @Param({"S??", "?P?", "??O", "SP?", "?PO", "S?O", "???"})
    public String shape;

    /** How far into the fragment's rows the scan resumes, in percent. */
    @Param({"0", "50", "99"})
    public int depth;

    private LibraryFixture fixture;
    private HdtScans scans;
    private long[] ids;
    private long position;

    @Setup(Level.Trial)
    public void setUp() throws IOException {
        fixture = new LibraryFixture(20, true);
        scans = fixture.source.scans();
        Node type = NodeFactory.createURI("http://www.w3.org/1999/02/22-rdf-syntax-ns#type");
        // The most common class as the object, so that ?PO and ??O are large fragments; one of its
        // instances as the subject.
        long typeId = scans.id(type, TripleComponentRole.PREDICATE);
        Map<Long, Long> instances = new HashMap<>();
        ResumableScan types = scans.open(0, typeId, 0, 0, 0);
        long[] spo = new long[3];
        while (types.next(spo, () -> true) == ResumableScan.Step.MATCH) {
            instances.merge(spo[2], 1L, Long::sum);
        }
        long classId = instances.entrySet().stream().max(Map.Entry.comparingByValue()).orElseThrow().getKey();
        ResumableScan members = scans.open(0, typeId, classId, 0, 0);
        members.next(spo, () -> true);
        ids = new long[] {
            shape.charAt(0) == 'S' ? spo[0] : 0,
            shape.charAt(1) == 'P' ? typeId : 0,
            shape.charAt(2) == 'O' ? classId : 0};
        // The fragment's rows, counted by reading them all once.
        ResumableScan all = scans.open(ids[0], ids[1], ids[2], 0, 0);
        long matches = 0;
        while (all.next(spo, () -> true) == ResumableScan.Step.MATCH) {
            matches++;
        }
        long rows = all.position();
        System.err.printf("%s: %,d rows, %,d matches; resuming at row %,d%n", shape, rows, matches,
                Math.min(rows - 1, rows * depth / 100));
        position = Math.min(rows - 1, rows * depth / 100);
    }


    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        fixture.close();
    }

    @Benchmark
    public void resumeAndReadOne(Blackhole hole) {
        ResumableScan scan = scans.open(ids[0], ids[1], ids[2], 0, position);
        long[] spo = new long[3];
        hole.consume(scan.next(spo, () -> true));
        hole.consume(spo[2]);
    }
}
