package dev.ldf.client.http;

import java.io.ByteArrayInputStream;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.Locale;
import java.util.zip.GZIPInputStream;

import org.apache.jena.graph.Node;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.apache.jena.sparql.graph.GraphFactory;

import dev.ldf.client.page.Vocabulary;

/** Reading a server's response bodies: counted as they arrive, gzip undone, an error's explanation. */
final class ResponseBodies {

    private ResponseBodies() {}

    /** Whether the response body is gzip-encoded. */
    static boolean gzipped(HttpResponse<?> response) {
        return response.headers().firstValue("Content-Encoding").map(v -> v.toLowerCase(Locale.ROOT).contains("gzip"))
                .orElse(false);
    }

    /** The server's explanation: a {@code hydra:description} in RDF, else the start of the text. */
    static String errorMessage(HttpResponse<InputStream> response) throws IOException {
        byte[] bytes;
        try (InputStream in = gzipped(response) ? new GZIPInputStream(response.body()) : response.body()) {
            bytes = in.readNBytes(16_384);
        }
        String contentType = response.headers().firstValue("Content-Type").orElse("").split(";")[0].trim();
        // Jena reads text/plain as N-Triples; an error in plain text is a sentence, not RDF.
        Lang lang = contentType.equalsIgnoreCase("text/plain") ? null : RDFLanguages.contentTypeToLang(contentType);
        if (lang != null && lang != Lang.RDFNULL) {
            try {
                var graph = GraphFactory.createGraphMem();
                RDFParser.create().source(new ByteArrayInputStream(bytes)).lang(lang)
                        .errorHandler(ErrorHandlerFactory.errorHandlerStrictNoLogging).parse(graph);
                var found = graph.find(Node.ANY, Vocabulary.HYDRA_DESCRIPTION, Node.ANY).toList();
                if (!found.isEmpty()) {
                    return found.get(0).getObject().getLiteralLexicalForm();
                }
            } catch (RiotException e) {
                // Not RDF after all: fall back to the text.
            }
        }
        String text = new String(bytes, StandardCharsets.UTF_8).strip();
        text = text.replaceAll("<[^>]*>", " ").replaceAll("\\s+", " ").strip();
        return text.isEmpty() ? "(no message)" : text.length() > 300 ? text.substring(0, 297) + "..." : text;
    }

    /**
     * Counts the bytes that arrive on the wire, and keeps the failure of the connection: the
     * parser reports a broken stream only as a syntax error, without its cause.
     */
    static final class CountingStream extends FilterInputStream {
        long count;
        IOException failure;

        CountingStream(InputStream in) {
            super(in);
        }

        @Override
        public int read() throws IOException {
            try {
                int b = super.read();
                if (b >= 0) {
                    count++;
                }
                return b;
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                int n = super.read(b, off, len);
                if (n > 0) {
                    count += n;
                }
                return n;
            } catch (IOException e) {
                failure = e;
                throw e;
            }
        }
    }
}
