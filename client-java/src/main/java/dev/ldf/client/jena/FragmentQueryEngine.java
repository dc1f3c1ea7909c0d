package dev.ldf.client.jena;

import java.util.Optional;

import org.apache.jena.query.Query;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.engine.Plan;
import org.apache.jena.sparql.engine.QueryEngineFactory;
import org.apache.jena.sparql.engine.QueryEngineRegistry;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.main.QueryEngineMain;
import org.apache.jena.sparql.util.Context;
import org.apache.jena.sparql.util.Symbol;

import dev.ldf.client.preemption.RemoteParts;
import dev.ldf.client.source.Federation;
import dev.ldf.client.source.PreemptiveEndpoint;
import dev.ldf.client.source.TripleSource;
import dev.ldf.client.source.SkolemIris;

/**
 * ARQ's engine with steps added after its optimiser: the query's constants that are the source's
 * Skolem IRIs become the blank nodes the client gives for them ({@link SkolemIris}), and, in
 * preemptive mode, the parts of the query that the dataset's preemptive endpoint runs are marked
 * for it ({@link RemoteParts}). It serves only datasets whose context names a fragment source under
 * {@link #SOURCE}; every other dataset in the JVM gets ARQ's own engine.
 */
final class FragmentQueryEngine extends QueryEngineMain {

    /** The context key of the dataset's fragment sources (a {@link Federation}). */
    static final Symbol SOURCE = Symbol.create("https://w3id.org/ldf/client#source");

    private static final QueryEngineFactory FACTORY = new Factory();
    private static boolean registered;

    private final Federation sources;

    private FragmentQueryEngine(Query query, DatasetGraph dataset, Binding input, Context context) {
        super(query, dataset, input, context);
        this.sources = sources(dataset, context);
    }

    /** The sources named in the execution's context, or else in the dataset's own. */
    private static Federation sources(DatasetGraph dataset, Context context) {
        Object found = context.get(SOURCE);
        if (found == null && dataset != null) {
            found = dataset.getContext().get(SOURCE);
        }
        return found instanceof Federation sources ? sources : null;
    }

    /** Adds the engine to ARQ's registry, once; it takes only datasets that ask for it. */
    public static synchronized void register() {
        if (!registered) {
            QueryEngineRegistry.addFactory(FACTORY);
            registered = true;
        }
    }

    /** Preemptive parts only with one source: a federation's BGPs join data from several. */
    @Override
    protected Op modifyOp(Op op) {
        Op modified = super.modifyOp(op);
        for (TripleSource source : sources.sources()) {
            modified = source.skolemIris().toBlank(modified);
        }
        Optional<PreemptiveEndpoint> endpoint = sources.isSingle() ? sources.first().preemption() : Optional.empty();
        return endpoint.isPresent() ? RemoteParts.mark(modified, endpoint.get(), sources.plan()) : modified;
    }

    private static final class Factory implements QueryEngineFactory {
        @Override
        public boolean accept(Query query, DatasetGraph dataset, Context context) {
            return sources(dataset, context) != null;
        }

        @Override
        public Plan create(Query query, DatasetGraph dataset, Binding input, Context context) {
            return new FragmentQueryEngine(query, dataset, input, context).getPlan();
        }

        @Override
        public boolean accept(Op op, DatasetGraph dataset, Context context) {
            return false;
        }

        @Override
        public Plan create(Op op, DatasetGraph dataset, Binding input, Context context) {
            throw new UnsupportedOperationException("Algebra is evaluated by ARQ's own engine");
        }
    }
}
