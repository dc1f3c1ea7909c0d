package dev.ldf.server.rdf;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.util.Map;
import java.util.function.BiConsumer;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.NodeFactory;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RDFDataMgr;
import org.apache.jena.riot.system.StreamRDF;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.riot.system.StreamRDFWriter;
import org.apache.jena.shared.JenaException;
import org.apache.jena.sparql.core.DatasetGraph;
import org.apache.jena.sparql.core.DatasetGraphFactory;
import org.apache.jena.sparql.core.Quad;
import org.apache.jena.vocabulary.RDF;

import dev.ldf.server.fragment.Catalog;
import dev.ldf.server.fragment.Fragment;

import static dev.ldf.server.rdf.Vocabulary.*;

/**
 * Writes answers in one RDF format through Jena RIOT ({@link RdfStatements} says what).
 *
 * <p>Streaming formats write statement by statement into the response. Quad formats put a
 * fragment's metadata in the graph {@code <pageUrl#metadata>}, which holds
 * {@code <pageUrl#metadata> foaf:primaryTopic <pageUrl>}, and the data in the default graph.
 * JSON-LD and RDF/XML, which RIOT cannot stream, are written from one buffered page, and only
 * once it is known that the format can express it.
 */
final class RdfWriter implements ResponseWriter {

    private static final Map<String, String> STANDARD_PREFIXES = Map.of(
            "rdf", RDF.getURI(), "rdfs", RDFS, "xsd", XSD, "hydra", HYDRA, "void", VOID,
            "dcterms", DCTERMS, "foaf", FOAF, "brtpf", BRTPF);

    private final OutputFormat format;

    RdfWriter(OutputFormat format) {
        if (!format.isRdf()) {
            throw new IllegalArgumentException(format + " is not an RDF format");
        }
        this.format = format;
    }

    @Override
    public void writeFragment(Fragment fragment, OutputStream out) throws IOException {
        Node graph = format.quads() ? NodeFactory.createURI(fragment.links().self() + "#metadata") : null;
        write(out, fragment.dataset().prefixes(), sink -> RdfStatements.fragment(fragment, sink, graph));
    }

    @Override
    public void writeCatalog(Catalog catalog, OutputStream out) throws IOException {
        write(out, Map.of(), sink -> RdfStatements.catalog(catalog, sink));
    }

    @Override
    public void writeError(ErrorView error, OutputStream out) throws IOException {
        write(out, Map.of(), sink -> RdfStatements.error(error, sink));
    }

    /** Statements for a sink. */
    private interface Content {
        void send(StreamRDF sink);
    }

    private void write(OutputStream out, Map<String, String> prefixes, Content content) throws IOException {
        if (format.streaming()) {
            StreamRDF sink = StreamRDFWriter.getWriterStream(out, format.rdfFormat());
            sink.start();
            declarePrefixes(sink::prefix, prefixes);
            content.send(sink);
            sink.finish();
            return;
        }
        DatasetGraph buffer = DatasetGraphFactory.createGeneral();
        declarePrefixes(buffer.prefixes()::add, prefixes);
        content.send(new StreamRDFBase() {
            @Override
            public void triple(Triple triple) {
                buffer.getDefaultGraph().add(triple);
            }

            @Override
            public void quad(Quad quad) {
                buffer.add(quad);
            }
        });
        ByteArrayOutputStream bytes = new ByteArrayOutputStream(8192);
        try {
            if (format.quads()) {
                RDFDataMgr.write(bytes, buffer, format.rdfFormat());
            } else {
                RDFDataMgr.write(bytes, buffer.getDefaultGraph(), format.rdfFormat());
            }
        } catch (JenaException e) {
            throw new UnrepresentableException(format, e);
        }
        bytes.writeTo(out);
    }

    private static void declarePrefixes(BiConsumer<String, String> declare, Map<String, String> prefixes) {
        STANDARD_PREFIXES.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .forEach(p -> declare.accept(p.getKey(), p.getValue()));
        prefixes.forEach((prefix, iri) -> {
            if (!STANDARD_PREFIXES.containsKey(prefix)) {
                declare.accept(prefix, iri);
            }
        });
    }
}
