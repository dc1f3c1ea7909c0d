package dev.ldf.server.rdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;

import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.fragment.DatasetDescription;
import dev.ldf.server.fragment.Fragment;
import dev.ldf.server.fragment.PageTriples;
import dev.ldf.server.fragment.Skolemizer;

/**
 * N-Triples and N-Quads fragments written as bytes: the data straight from the dictionary's
 * spelling of each term, the metadata from nodes, one statement per line. These are the formats
 * TPF clients ask for first, and going through RIOT's writers cost most of a page's time
 * (character by character output with indentation checks). The bytes are RIOT's all the same;
 * the index and errors, rare and small, go through {@link RdfWriter}.
 */
final class LineWriter implements ResponseWriter {
    private static final byte[] END = {' ', '.', '\n'};
    /** IRIs from this length on are kept as bytes while a page's metadata is written. */
    private static final int LONG_IRI = 32;
    /** The bytes of every term of {@link Vocabulary}: the predicates and classes of every page's metadata. */
    private static final Map<Node, byte[]> VOCABULARY_BYTES = vocabularyBytes();

    /** Dataset blocks kept; more only comes from clients varying the Host header, which is not worth keeping. */
    private static final int MAX_BLOCKS = 256;

    private final OutputFormat format;
    private final RdfWriter riot;
    /**
     * The dataset blocks by the dataset's URL as served (one URL names one dataset; the rest of
     * its description is fixed for the server's life, and hashing it whole showed in profiles).
     */
    private final Map<String, List<byte[]>[]> blocks = new ConcurrentHashMap<>();

    LineWriter(OutputFormat format) {
        if (format != OutputFormat.NTRIPLES && format != OutputFormat.NQUADS) {
            throw new IllegalArgumentException(format + " is not a line-based format");
        }
        this.format = format;
        this.riot = new RdfWriter(format);
    }

    @Override
    public void writeFragment(Fragment fragment, OutputStream out) throws IOException {
        ByteOutput bytes = new ByteOutput(out);
        Lines lines = new Lines(bytes);
        Node graph = format.quads() ? NodeFactory.createURI(fragment.links().self() + "#metadata") : null;
        try {
            RdfStatements.metadata(fragment, lines, graph, this::emitBlock);
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        fragment.page().triples().forEachEncoded(dataLines(fragment.skolemizer(), bytes));
        bytes.drain();
    }

    /**
     * Writes triples as the dictionary spells them, one N-Triples line each (in N-Quads, the
     * default graph's line is the same), blank nodes as Skolem IRIs.
     */
    static PageTriples.EncodedTripleConsumer dataLines(Skolemizer skolemizer, ByteOutput bytes) {
        byte[] skolemPrefix = skolemizer.prefix().getBytes(StandardCharsets.UTF_8);
        return (s, sLength, p, pLength, o, oLength) -> {
            LineTerms.writeDictionaryTerm(s, sLength, skolemPrefix, bytes);
            bytes.write(' ');
            LineTerms.writeDictionaryTerm(p, pLength, skolemPrefix, bytes);
            bytes.write(' ');
            LineTerms.writeDictionaryTerm(o, oLength, skolemPrefix, bytes);
            bytes.write(END);
        };
    }

    /** A dataset block from its kept lines, each line put into the emitter's graph. */
    private void emitBlock(RdfStatements.DatasetBlock block, RdfStatements.Emitter e, DatasetDescription d) {
        List<byte[]>[] kept = blocks.get(d.url());
        if (kept == null) {
            kept = renderAll(d);
            if (blocks.size() < MAX_BLOCKS) {
                blocks.put(d.url(), kept);
            }
        }
        ((Lines) e.sink()).lines(kept[block.ordinal()], e.graph());
    }

    /** Every block of a dataset, by {@link RdfStatements.DatasetBlock#ordinal()}. */
    @SuppressWarnings("unchecked")
    private static List<byte[]>[] renderAll(DatasetDescription d) {
        RdfStatements.DatasetBlock[] all = RdfStatements.DatasetBlock.values();
        List<byte[]>[] rendered = new List[all.length];
        for (RdfStatements.DatasetBlock block : all) {
            rendered[block.ordinal()] = render(block, d);
        }
        return rendered;
    }

    /** The block's statements, each as "s p o" without the graph and the final " .". */
    private static List<byte[]> render(RdfStatements.DatasetBlock block, DatasetDescription d) {
        List<byte[]> lines = new ArrayList<>();
        block.emit(new RdfStatements.Emitter(new StreamRDFBase() {
            @Override
            public void triple(Triple t) {
                byte[] subject = LineTerms.toBytes(t.getSubject());
                byte[] predicate = LineTerms.toBytes(t.getPredicate());
                byte[] object = LineTerms.toBytes(t.getObject());
                ByteArrayOutputStream line = new ByteArrayOutputStream(subject.length + predicate.length + object.length + 2);
                line.writeBytes(subject);
                line.write(' ');
                line.writeBytes(predicate);
                line.write(' ');
                line.writeBytes(object);
                lines.add(line.toByteArray());
            }
        }, null), d);
        return List.copyOf(lines);
    }

    private static Map<Node, byte[]> vocabularyBytes() {
        Map<Node, byte[]> bytes = new HashMap<>();
        for (Field field : Vocabulary.class.getDeclaredFields()) {
            if (Modifier.isStatic(field.getModifiers()) && field.getType() == Node.class) {
                try {
                    Node node = (Node) field.get(null);
                    bytes.put(node, LineTerms.toBytes(node));
                } catch (IllegalAccessException e) {
                    throw new IllegalStateException(e); // the same package's constants
                }
            }
        }
        return Map.copyOf(bytes);
    }


    @Override
    public void writeCatalog(Catalog catalog, OutputStream out) throws IOException {
        riot.writeCatalog(catalog, out);
    }

    @Override
    public void writeError(ErrorView error, OutputStream out) throws IOException {
        riot.writeError(error, out);
    }

    /** Statements from nodes, as lines; RIOT's stream interface so {@link RdfStatements} can feed it. */
    private static final class Lines extends StreamRDFBase {
        private final ByteOutput out;
        /**
         * The last few long IRIs and graph names written, as bytes: the page URL, a link and the
         * metadata graph recur in most lines.
         */
        private final Node[] recentIris = new Node[3];
        private final byte[][] recentBytes = new byte[3][];
        private int replace;

        Lines(ByteOutput out) {
            this.out = out;
        }

        @Override
        public void triple(Triple triple) {
            line(triple.getSubject(), triple.getPredicate(), triple.getObject(), null);
        }

        @Override
        public void quad(Quad quad) {
            line(quad.getSubject(), quad.getPredicate(), quad.getObject(),
                    quad.isDefaultGraph() ? null : quad.getGraph());
        }

        /** Rendered statements, put into {@code graph} unless it is null. */
        void lines(List<byte[]> lines, Node graph) {
            try {
                byte[] suffix = graph == null ? null : remembered(graph);
                for (byte[] line : lines) {
                    out.write(line);
                    if (suffix != null) {
                        out.write(' ');
                        out.write(suffix);
                    }
                    out.write(END);
                }
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }

        private void node(Node node) throws IOException {
            byte[] known = node.isURI() ? VOCABULARY_BYTES.get(node) : null;
            if (known != null) {
                out.write(known);
            } else if (node.isURI() && node.getURI().length() >= LONG_IRI) {
                out.write(remembered(node));
            } else {
                LineTerms.writeNode(node, out);
            }
        }

        private byte[] remembered(Node node) {
            for (int i = 0; i < recentIris.length; i++) {
                if (node.equals(recentIris[i])) {
                    return recentBytes[i];
                }
            }
            byte[] bytes = LineTerms.toBytes(node);
            recentIris[replace] = node;
            recentBytes[replace] = bytes;
            replace = (replace + 1) % recentIris.length;
            return bytes;
        }

        private void line(Node s, Node p, Node o, Node graph) {
            try {
                node(s);
                out.write(' ');
                node(p);
                out.write(' ');
                node(o);
                if (graph != null) {
                    out.write(' ');
                    out.write(remembered(graph));
                }
                out.write(END);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
    }
}
