package dev.ldf.server.bench;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

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

import dev.ldf.server.preemption.PreemptableQuery;
import dev.ldf.server.preemption.PreemptiveEngine;

/**
 * One quantum of the preemptive engine that resumes a three-pattern query, produces one solution
 * and suspends again, with the query suspended after few or many solutions before: the cost must
 * not grow with how far the query had got. Library dataset at scale 20, loaded.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms1g", "-Xmx1g"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class SuspendResumeBenchmark {

    /** Every triple of a book with every triple of each of its authors: about 200,000 solutions. */
    private static final String QUERY = "PREFIX schema: <http://schema.org/> "
            + "SELECT * { ?book schema:author ?author . ?author ?q ?x . ?book ?p ?o }";

    /** Solutions produced before the suspension that is resumed. */
    @Param({"1", "1000", "100000"})
    public int before;

    private LibraryFixture fixture;
    private PreemptiveEngine engine;
    private PreemptableQuery query;
    private byte[] state;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        fixture = new LibraryFixture(20, true);
        engine = new PreemptiveEngine(fixture.source.scans());
        query = PreemptableQuery.parse(QUERY);
        PreemptiveEngine.Outcome outcome = engine.run(query, null, Long.MAX_VALUE / 4, before, b -> { });
        if (outcome.complete() || outcome.solutions() < before) {
            throw new IllegalStateException("The query has fewer than " + before + " solutions");
        }
        state = outcome.next();
    }

    @TearDown(Level.Trial)
    public void tearDown() throws IOException {
        fixture.close();
    }

    @Benchmark
    public void resumeOneSolutionSuspend(Blackhole hole) throws Exception {
        PreemptiveEngine.Outcome outcome = engine.run(query, state, 1_000_000_000L, 1, hole::consume);
        hole.consume(outcome.next());
    }
}
