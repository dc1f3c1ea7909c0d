package dev.ldf.server.syntax;

import java.util.concurrent.TimeUnit;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import dev.ldf.server.fragment.Bindings;

/**
 * Reading the VALUES block of a brTPF request as bind joins send it (WatDiv-like IRIs, one
 * variable): {@link PlainValuesScanner}, which the server tries first, against RIOT's tokenizer,
 * which reads every other block.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms256m", "-Xmx256m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class ValuesBlockBenchmark {

    private static final String BASE = "http://bench.example/watdiv";

    @Param({"30", "100"})
    public int bindings;

    private String block;

    @Setup
    public void setUp() {
        StringBuilder values = new StringBuilder("(?s) {");
        for (int i = 0; i < bindings; i++) {
            values.append(" (<http://db.uwaterloo.ca/~galuc/wsdbm/Offer").append(1000 + i * 977).append(">)");
        }
        block = values.append(" }").toString();
        if (PlainValuesScanner.scan(block) == null) {
            throw new IllegalStateException("the benchmark's block is not plain");
        }
    }

    @Benchmark
    public Bindings scanner() {
        return ValuesBlockParser.parse(block, BASE);
    }

    @Benchmark
    public Bindings tokenizer() {
        return ValuesBlockParser.tokenized(block, BASE);
    }
}
