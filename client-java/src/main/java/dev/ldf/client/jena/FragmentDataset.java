package dev.ldf.client.jena;

import org.apache.jena.query.ARQ;
import org.apache.jena.query.Dataset;
import org.apache.jena.query.DatasetFactory;
import org.apache.jena.sparql.ARQConstants;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.engine.main.StageBuilder;
import org.apache.jena.sparql.engine.main.StageGenerator;

import dev.ldf.client.source.Federation;
import dev.ldf.client.source.FragmentSource;

/**
 * A Jena {@link Dataset} whose default graph is a fragment source, so that plain
 * {@code QueryExecution} runs full SPARQL over it: ARQ evaluates everything, and only basic graph
 * patterns (and single patterns of property paths) become fragment requests; with a source in
 * preemptive mode, the parts the dataset's preemptive endpoint runs go there whole.
 *
 * <p>The stage generator and executor factory are set in the dataset's own context, never in
 * ARQ's global one, so other datasets in the same JVM are untouched.
 */
public final class FragmentDataset {

    private FragmentDataset() {}

    public static Dataset of(FragmentSource source) {
        return of(Federation.of(source));
    }

    /**
     * A dataset whose default graph is the merge of the sources' data: each basic graph pattern
     * is evaluated across them ({@link dev.ldf.client.join.BgpExecutor}). With several sources,
     * preemptive mode is not used: a source's endpoint cannot join with the others' data.
     */
    public static Dataset of(Federation sources) {
        DatasetGraph dsg = DatasetGraphFactory.wrap(new FragmentGraph(sources));
        StageGenerator previous = StageBuilder.chooseStageGenerator(ARQ.getContext());
        dsg.getContext().set(ARQ.stageGenerator, new FragmentStageGenerator(previous));
        dsg.getContext().set(ARQConstants.sysOpExecutorFactory, FragmentOpExecutor.FACTORY);
        FragmentQueryEngine.register();
        dsg.getContext().set(FragmentQueryEngine.SOURCE, sources);
        return DatasetFactory.wrap(dsg);
    }
}
