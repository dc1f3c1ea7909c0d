package dev.ldf.client.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.ToIntFunction;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.rdf.model.Model;
import org.apache.jena.rdf.model.ModelFactory;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;

/**
 * The bundled library dataset cut into parts, one HDT file each, for tests of federations: its
 * blank nodes are made IRIs, so that parts share them and the merge of the parts is their union.
 */
public final class SplitLibrary {

    public static final String BASE = "http://example.org/library/";

    private SplitLibrary() {}

    /** The whole dataset, blank nodes as IRIs: what a federation of its parts must answer like. */
    public static Model union() {
        Model model = RDFDataMgr.loadModel(
                Path.of("").toAbsolutePath().resolve("../hdt-data/datasets/library.ttl").normalize().toString());
        Model named = ModelFactory.createDefaultModel();
        model.getGraph().find().forEach(t -> named.getGraph().add(Triple.create(named(t.getSubject()),
                t.getPredicate(), named(t.getObject()))));
        return named;
    }

    /** The triples in {@code parts} parts by {@code part}; with {@code overlap}, one in three also in the next part. */
    public static List<List<Triple>> split(List<Triple> triples, int parts, ToIntFunction<Triple> part, boolean overlap) {
        List<List<Triple>> split = new ArrayList<>();
        for (int i = 0; i < parts; i++) {
            split.add(new ArrayList<>());
        }
        int n = 0;
        for (Triple t : triples) {
            int p = part.applyAsInt(t);
            split.get(p).add(t);
            if (overlap && n++ % 3 == 0) {
                split.get((p + 1) % parts).add(t);
            }
        }
        return split;
    }

    /** The triples as {@code dir/name.hdt}. */
    public static Path hdt(Path dir, String name, List<Triple> triples) throws IOException {
        Path nt = dir.resolve(name + ".nt");
        Model model = ModelFactory.createDefaultModel();
        triples.forEach(model.getGraph()::add);
        try (OutputStream out = Files.newOutputStream(nt)) {
            RDFDataMgr.write(out, model, Lang.NTRIPLES);
        }
        Path hdt = dir.resolve(name + ".hdt");
        new RdfToHdt(BASE, HdtLoader.MEMORY, ConversionProgress.silent()).convert(List.of(nt), hdt);
        return hdt;
    }

    private static Node named(Node node) {
        return node.isBlank() ? NodeFactory.createURI(BASE + "node/" + node.getBlankNodeLabel()) : node;
    }
}
