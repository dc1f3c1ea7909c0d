package dev.ldf.client.jena;

import org.apache.jena.graph.Graph;
import org.apache.jena.sparql.core.BasicPattern;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.main.StageGenerator;

import dev.ldf.client.join.BgpExecutor;

/**
 * Sends every basic graph pattern over a {@link FragmentGraph} to the fragment engine, with the
 * bindings that reach it from earlier operators as its input; any other graph goes to the
 * generator that was there before.
 */
final class FragmentStageGenerator implements StageGenerator {

    private final StageGenerator previous;

    FragmentStageGenerator(StageGenerator previous) {
        this.previous = previous;
    }

    @Override
    public QueryIterator execute(BasicPattern pattern, QueryIterator input, ExecutionContext context) {
        Graph graph = context.getActiveGraph();
        if (!(graph instanceof FragmentGraph fragments)) {
            return previous.execute(pattern, input, context);
        }
        return new ResultIterator(new BgpExecutor(fragments.sources()).execute(pattern.getList(), input), input, context);
    }
}
