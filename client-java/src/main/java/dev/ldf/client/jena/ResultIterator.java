package dev.ldf.client.jena;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.atlas.io.IndentedWriter;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.iterator.QueryIter;
import org.apache.jena.sparql.serializer.SerializationContext;

/** Bindings from the fragment engine as an ARQ query iterator; closing it stops the engine's work. */
final class ResultIterator extends QueryIter {

    private final IteratorCloseable<Binding> results;
    private final QueryIterator input;

    ResultIterator(IteratorCloseable<Binding> results, QueryIterator input, ExecutionContext context) {
        super(context);
        this.results = results;
        this.input = input;
    }

    @Override
    protected boolean hasNextBinding() {
        return results.hasNext();
    }

    @Override
    protected Binding moveToNextBinding() {
        return results.next();
    }

    @Override
    protected void closeIterator() {
        results.close();
        input.close();
    }

    @Override
    protected void requestCancel() {
        results.close();
        input.cancel();
    }

    @Override
    public void output(IndentedWriter out, SerializationContext context) {
        out.print("ResultIterator[fragments]");
    }
}
