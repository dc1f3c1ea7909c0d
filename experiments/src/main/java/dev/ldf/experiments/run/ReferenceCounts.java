package dev.ldf.experiments.run;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalLong;

import dev.ldf.hdt.jena.HdtGraph;
import dev.ldf.watdiv.workload.ReferenceAnswers;
import dev.ldf.watdiv.workload.Workload;

/**
 * The result count each query must have, from Jena ARQ over the HDT file itself, remembered per
 * query text: what the experiments check every remote result against.
 */
public final class ReferenceCounts implements AutoCloseable {

    private final HdtGraph graph;
    private final ReferenceAnswers answers;
    private final Map<String, OptionalLong> counts = new HashMap<>();

    public ReferenceCounts(Path hdt, Duration timeout) throws IOException {
        this.graph = HdtGraph.open(hdt);
        this.answers = new ReferenceAnswers(graph, timeout);
    }

    /** The query's result count, or empty when ARQ could not count it within the timeout. */
    public synchronized OptionalLong of(Workload.Entry query) {
        return counts.computeIfAbsent(query.sparql(), q -> {
            ReferenceAnswers.Answer a = answers.evaluate(query);
            return a.timedOut() ? OptionalLong.empty() : OptionalLong.of(a.results());
        });
    }

    @Override
    public void close() {
        graph.close();
    }
}
