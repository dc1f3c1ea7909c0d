package dev.ldf.server.http;

import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;

import org.eclipse.jetty.util.UrlEncoded;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * Decoding the query string of a brTPF request with 30 bindings (WatDiv-like IRIs, about 3.5 KB
 * percent-encoded, as clients send it): {@link FormDecoding} against Jetty's
 * {@link UrlEncoded#decodeUtf8To}, which it replaced on the request path.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(value = 1, jvmArgs = {"-Xms256m", "-Xmx256m"})
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class FormDecodingBenchmark {

    private String query;

    @Setup
    public void setUp() {
        StringBuilder values = new StringBuilder("(?s) {");
        for (int i = 0; i < 30; i++) {
            values.append(" (<http://db.uwaterloo.ca/~galuc/wsdbm/Offer").append(1000 + i * 977).append(">)");
        }
        values.append(" }");
        query = "subject=" + encode("?s") + "&predicate=" + encode("http://purl.org/goodrelations/includes")
                + "&object=" + encode("http://db.uwaterloo.ca/~galuc/wsdbm/Product12") + "&values=" + encode(values.toString());
    }

    private static String encode(String s) {
        // Spaces as %20, as browsers and our client send them in query strings.
        return URLEncoder.encode(s, StandardCharsets.UTF_8).replace("+", "%20");
    }

    @Benchmark
    public void ours(Blackhole hole) {
        FormDecoding.decode(query, (name, value) -> hole.consume(value));
    }

    @Benchmark
    public void jetty(Blackhole hole) {
        UrlEncoded.decodeUtf8To(query, 0, query.length(), (name, value) -> hole.consume(value));
    }
}
