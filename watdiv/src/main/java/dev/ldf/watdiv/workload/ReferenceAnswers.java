package dev.ldf.watdiv.workload;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

import org.apache.jena.graph.Graph;
import org.apache.jena.query.QueryCancelledException;
import org.apache.jena.query.QueryExecution;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;

/**
 * Result counts of workload queries evaluated by ARQ straight over a local graph (an HDT file in
 * practice): the reference that remote execution is checked against, and the way to see how a
 * workload's result sizes are distributed.
 */
public final class ReferenceAnswers {

    /** One query's outcome; {@code results} is what was counted before a timeout, if one struck. */
    public record Answer(String name, long results, long nanos, boolean timedOut) {}

    private final Model model;
    private final Duration timeout;

    public ReferenceAnswers(Graph graph, Duration timeout) {
        this.model = ModelFactory.createModelForGraph(graph);
        this.timeout = timeout;
    }

    public Answer evaluate(Workload.Entry query) {
        long start = System.nanoTime();
        long[] rows = new long[1];
        try (QueryExecution exec = QueryExecution.create().query(query.sparql()).model(model)
                .timeout(timeout.toMillis(), TimeUnit.MILLISECONDS).build()) {
            exec.execSelect().forEachRemaining(row -> rows[0]++);
            return new Answer(query.name(), rows[0], System.nanoTime() - start, false);
        } catch (QueryCancelledException e) {
            return new Answer(query.name(), rows[0], System.nanoTime() - start, true);
        }
    }
}
