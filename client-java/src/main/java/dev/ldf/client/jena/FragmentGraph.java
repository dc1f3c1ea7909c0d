package dev.ldf.client.jena;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.graph.impl.GraphBase;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.util.iterator.ExtendedIterator;
import org.apache.jena.util.iterator.WrappedIterator;

import dev.ldf.client.source.Federation;
import dev.ldf.client.source.FragmentSource;
import dev.ldf.client.join.TripleStream;

/**
 * A read-only Jena graph whose triples come from a fragment source, or from several (their merge). ARQ uses it where it asks
 * single patterns (property paths with {@code *}, {@code +}, {@code ?}; DESCRIBE); basic graph
 * patterns go to {@link FragmentStageGenerator} instead.
 */
public final class FragmentGraph extends GraphBase {

    private final Federation sources;

    public FragmentGraph(FragmentSource source) {
        this(Federation.of(source));
    }

    /** The merge of the sources' data (each triple once). */
    public FragmentGraph(Federation sources) {
        this.sources = sources;
    }

    public Federation sources() {
        return sources;
    }

    @Override
    protected ExtendedIterator<Triple> graphBaseFind(Triple match) {
        Triple pattern = Triple.create(variable(match.getSubject(), "s"), variable(match.getPredicate(), "p"),
                variable(match.getObject(), "o"));
        return WrappedIterator.create(TripleStream.of(sources, pattern));
    }

    /** The fragments' own counts of all triples (summed over sources): no need to read them all. */
    @Override
    protected int graphBaseSize() {
        long count = TripleStream.count(sources, Triple.create(Var.alloc("s"), Var.alloc("p"), Var.alloc("o")));
        return (int) Math.min(Integer.MAX_VALUE, count);
    }

    private static Node variable(Node node, String name) {
        return node == null || node == Node.ANY || node.isVariable() ? Var.alloc(name) : node;
    }
}
