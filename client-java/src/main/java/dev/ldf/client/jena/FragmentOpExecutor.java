package dev.ldf.client.jena;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.TreeMap;
import java.util.function.Function;

import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.datatypes.xsd.XSDDatatype;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.sparql.algebra.Op;
import org.apache.jena.sparql.algebra.op.OpBGP;
import org.apache.jena.sparql.algebra.op.OpConditional;
import org.apache.jena.sparql.core.Var;
import org.apache.jena.sparql.engine.ExecutionContext;
import org.apache.jena.sparql.engine.QueryIterator;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.engine.binding.BindingBuilder;
import org.apache.jena.sparql.engine.iterator.QueryIterPlainWrapper;
import org.apache.jena.sparql.engine.main.OpExecutor;
import org.apache.jena.sparql.engine.main.OpExecutorFactory;
import org.apache.jena.sparql.engine.main.QC;

import dev.ldf.client.join.BgpExecutor;
import dev.ldf.client.preemption.RemoteParts;

/**
 * Evaluates {@code OPTIONAL { ... }} for blocks of left-hand rows at once, when its right side is
 * a basic graph pattern over fragments or a part the preemptive endpoint runs. ARQ's own executor
 * evaluates the right side once per left row, already substituted: one or more requests per row.
 * Here a block of rows is the input of one bind-join pipeline (or of VALUES blocks sent to the
 * endpoint), and each row is then given its extensions, or itself when it has none.
 *
 * <p>Stateless, as ARQ creates an executor for every sub-execution.
 */
final class FragmentOpExecutor extends OpExecutor {

    static final OpExecutorFactory FACTORY = FragmentOpExecutor::new;

    /** Left rows evaluated together. */
    private static final int BLOCK = 1_000;
    /** Marks each left row so its extensions can be found again; no SPARQL variable has a space. */
    private static final Var ROW = Var.alloc("ldf row");

    private FragmentOpExecutor(ExecutionContext context) {
        super(context);
    }

    @Override
    protected QueryIterator execute(OpConditional conditional, QueryIterator input) {
        if (!(execCxt.getActiveGraph() instanceof FragmentGraph graph)) {
            return super.execute(conditional, input);
        }
        Op right = conditional.getRight();
        Function<Iterator<Binding>, IteratorCloseable<Binding>> extensions;
        if (right instanceof OpBGP bgp) {
            BgpExecutor executor = new BgpExecutor(graph.sources());
            extensions = rows -> executor.execute(bgp.getPattern().getList(), rows);
        } else if (RemoteParts.takesRowsInBlocks(right)) {
            extensions = rows -> QC.execute(right, QueryIterPlainWrapper.create(rows, execCxt), execCxt);
        } else {
            return super.execute(conditional, input);
        }
        QueryIterator left = exec(conditional.getLeft(), input);
        return new ResultIterator(new OptionalBlocks(left, extensions), left, execCxt);
    }

    /** Left rows in blocks, each with its extensions by the right-hand pattern or else itself. */
    private static final class OptionalBlocks implements IteratorCloseable<Binding> {
        private final Iterator<Binding> left;
        private final Function<Iterator<Binding>, IteratorCloseable<Binding>> right;
        private Iterator<Binding> ready = Collections.emptyIterator();
        private IteratorCloseable<Binding> running;

        OptionalBlocks(Iterator<Binding> left, Function<Iterator<Binding>, IteratorCloseable<Binding>> right) {
            this.left = left;
            this.right = right;
        }

        @Override
        public boolean hasNext() {
            while (!ready.hasNext()) {
                if (!left.hasNext()) {
                    return false;
                }
                ready = nextBlock().iterator();
            }
            return true;
        }

        @Override
        public Binding next() {
            if (!hasNext()) {
                throw new NoSuchElementException();
            }
            return ready.next();
        }

        private List<Binding> nextBlock() {
            List<Binding> rows = new ArrayList<>();
            while (rows.size() < BLOCK && left.hasNext()) {
                rows.add(left.next());
            }
            List<Binding> tagged = new ArrayList<>(rows.size());
            for (int i = 0; i < rows.size(); i++) {
                tagged.add(BindingBuilder.create(rows.get(i))
                        .add(ROW, NodeFactory.createLiteralDT(Integer.toString(i), XSDDatatype.XSDinteger)).build());
            }
            Map<Integer, List<Binding>> extensions = new TreeMap<>();
            running = right.apply(tagged.iterator());
            try {
                while (running.hasNext()) {
                    Binding result = running.next();
                    int row = Integer.parseInt(result.get(ROW).getLiteralLexicalForm());
                    extensions.computeIfAbsent(row, r -> new ArrayList<>()).add(untagged(result));
                }
            } finally {
                running.close();
                running = null;
            }
            List<Binding> block = new ArrayList<>();
            for (int i = 0; i < rows.size(); i++) {
                block.addAll(extensions.getOrDefault(i, List.of(rows.get(i))));
            }
            return block;
        }

        private static Binding untagged(Binding binding) {
            BindingBuilder builder = BindingBuilder.create();
            binding.forEach((v, n) -> {
                if (!v.equals(ROW)) {
                    builder.add(v, n);
                }
            });
            return builder.build();
        }

        @Override
        public void close() {
            if (running != null) {
                running.close();
            }
        }
    }
}
