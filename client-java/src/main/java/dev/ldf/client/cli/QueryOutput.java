package dev.ldf.client.cli;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.LongConsumer;
import java.util.function.UnaryOperator;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;

import org.apache.jena.graph.Graph;
import org.apache.jena.graph.Triple;
import org.apache.jena.query.Query;
import org.apache.jena.query.ResultSet;
import org.apache.jena.query.ResultSetFormatter;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.RDFFormat;
import org.apache.jena.riot.ResultSetMgr;
import org.apache.jena.riot.resultset.ResultSetLang;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.sparql.engine.binding.Binding;
import org.apache.jena.sparql.graph.GraphFactory;
import org.apache.jena.sparql.graph.NodeTransformLib;
import org.apache.jena.sparql.exec.QueryExec;
import org.apache.jena.sparql.exec.RowSet;
import org.apache.jena.sparql.exec.RowSetStream;

import dev.ldf.client.source.Federation;
import dev.ldf.client.source.SkolemIris;
import dev.ldf.client.jena.FragmentDataset;

/** Runs a query over a fragment source and writes its results as they come, in the chosen format. */
final class QueryOutput {

    /** Output formats: result formats for SELECT and ASK, RDF syntaxes for CONSTRUCT and DESCRIBE. */
    enum Format {
        TABLE(null, null), JSON(ResultSetLang.RS_JSON, null), CSV(ResultSetLang.RS_CSV, null),
        TSV(ResultSetLang.RS_TSV, null), XML(ResultSetLang.RS_XML, null),
        TURTLE(null, RDFFormat.TURTLE_BLOCKS), NTRIPLES(null, RDFFormat.NTRIPLES), NQUADS(null, RDFFormat.NQUADS),
        TRIG(null, RDFFormat.TRIG_BLOCKS), JSONLD(null, RDFFormat.JSONLD11), RDFXML(null, RDFFormat.RDFXML_PLAIN);

        final Lang results;
        final RDFFormat graph;

        Format(Lang results, RDFFormat graph) {
            this.results = results;
            this.graph = graph;
        }

        boolean forResults() {
            return graph == null;
        }

        /** Whether a graph in this format is written triple by triple; JSON-LD and RDF/XML need the whole graph first. */
        boolean streams() {
            return graph == null || graph.getLang() != Lang.JSONLD11 && graph.getLang() != Lang.RDFXML;
        }
    }

    private QueryOutput() {}

    /**
     * Runs the query and writes its results; {@code onResults} hears how many results arrive.
     * {@code skolemIris}: the server's blank nodes as the IRIs it sent them as.
     */
    static void write(Query query, Federation source, Format chosen, boolean skolemIris, OutputStream output,
            LongConsumer onResults) throws IOException {
        try (QueryExec exec = QueryExec.dataset(FragmentDataset.of(source).asDatasetGraph()).query(query).build()) {
            write(query, exec, chosen, skolemIris, output, onResults);
        }
    }

    /** Runs {@code exec}, the execution of {@code query} (its owner closes it), and writes its results. */
    static void write(Query query, QueryExec exec, Format chosen, boolean skolemIris, OutputStream output,
            LongConsumer onResults) throws IOException {
        // Result writers give blank nodes short labels of their own; RDF writers keep a node's label,
        // which for the server's blank nodes is a whole IRI: those get short ones here.
        UnaryOperator<Node> terms = skolemIris ? SkolemIris::asSkolemIri
                : query.isSelectType() || query.isAskType() ? UnaryOperator.identity() : shortLabels();
        if (query.isSelectType()) {
            RowSet rows = exec.select();
            Iterator<Binding> timed = counting(Iter.map(rows, b -> SkolemIris.mapValues(b, terms)), onResults);
            ResultSet resultSet = ResultSet.adapt(RowSetStream.create(rows.getResultVars(), timed));
            if (chosen == Format.TABLE) {
                ResultSetFormatter.out(output, resultSet);
            } else {
                ResultSetMgr.write(output, resultSet, chosen.results);
            }
        } else if (query.isAskType()) {
            boolean answer = exec.ask();
            onResults.accept(1);
            if (chosen == Format.TABLE) {
                output.write((answer + "\n").getBytes(StandardCharsets.UTF_8));
            } else {
                ResultSetMgr.write(output, answer, chosen.results);
            }
        } else if (query.isConstructType() && chosen.streams()) {
            StreamRDF writer = StreamRDFWriter.getWriterStream(output, chosen.graph);
            writer.start();
            query.getPrefixMapping().getNsPrefixMap().forEach(writer::prefix);
            Iterator<Triple> triples = exec.constructTriples();
            while (triples.hasNext()) {
                writer.triple(map(triples.next(), terms));
                onResults.accept(1);
            }
            writer.finish();
        } else {
            Graph graph = query.isConstructType() ? exec.construct() : exec.describe();
            Graph mapped = GraphFactory.createGraphMem();
            graph.find().forEach(t -> mapped.add(map(t, terms)));
            graph = mapped;
            graph.getPrefixMapping().setNsPrefixes(query.getPrefixMapping());
            onResults.accept(graph.size());
            RDFDataMgr.write(output, graph, chosen.graph);
        }
    }

    /** The server's blank nodes (labelled with their Skolem IRIs) as {@code b0}, {@code b1}, … in order of appearance. */
    private static UnaryOperator<Node> shortLabels() {
        Map<Node, Node> labels = new HashMap<>();
        return node -> node.isBlank() && SkolemIris.asSkolemIri(node) != node
                ? labels.computeIfAbsent(node, n -> NodeFactory.createBlankNode("b" + labels.size())) : node;
    }

    private static Triple map(Triple t, UnaryOperator<Node> terms) {
        return NodeTransformLib.transform(terms::apply, t);
    }


    private static Iterator<Binding> counting(Iterator<Binding> rows, LongConsumer onResults) {
        return new Iterator<>() {
            @Override
            public boolean hasNext() {
                return rows.hasNext();
            }

            @Override
            public Binding next() {
                Binding b = rows.next();
                onResults.accept(1);
                return b;
            }
        };
    }
}
