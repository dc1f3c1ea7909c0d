package dev.ldf.client.preemption;

import org.apache.jena.atlas.io.IndentedWriter;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpExt;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.serializer.SerializationContext;
import org.apache.jena.sparql.util.NodeIsomorphismMap;

import dev.ldf.client.plan.PlanReport;
import dev.ldf.client.source.PreemptiveEndpoint;

/** A part of a query that the dataset's preemptive endpoint evaluates ({@link RemoteEvaluation}). */
final class OpRemote extends OpExt {

    private final Op op;
    private final PreemptiveEndpoint endpoint;
    private final PlanReport plan;

    OpRemote(Op op, PreemptiveEndpoint endpoint, PlanReport plan) {
        super("ldf:preemptive");
        this.op = op;
        this.endpoint = endpoint;
        this.plan = plan;
    }

    @Override
    public Op effectiveOp() {
        return op;
    }

    @Override
    public QueryIterator eval(QueryIterator input, ExecutionContext context) {
        return QueryIterPlainWrapper.create(new RemoteEvaluation(op, endpoint, plan, input, context), context);
    }

    @Override
    public void outputArgs(IndentedWriter out, SerializationContext context) {
        op.output(out, context);
    }

    @Override
    public int hashCode() {
        return op.hashCode() ^ 0x5eed;
    }

    @Override
    public boolean equalTo(Op other, NodeIsomorphismMap labels) {
        return other instanceof OpRemote remote && op.equalTo(remote.op, labels);
    }
}
