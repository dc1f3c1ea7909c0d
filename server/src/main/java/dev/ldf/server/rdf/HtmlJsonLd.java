package dev.ldf.server.rdf;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.List;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.CharacterEscapes;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.system.StreamRDFBase;

import dev.ldf.server.fragment.Fragment;

/**
 * A fragment page's statements inside its HTML, as a JSON-LD data block, for programs that read
 * the pages people see: the same statements, metadata and controls included, as the page in
 * N-Triples. Written in JSON-LD's expanded form, one node object per statement, so that it needs
 * no context and streams; {@code <}, {@code >} and {@code &} are escaped so that no term can end
 * the block or open markup.
 */
final class HtmlJsonLd extends StreamRDFBase {

    private static final JsonFactory JSON = new JsonFactory();
    private static final CharacterEscapes HTML_SAFE = new HtmlSafe();
    private static final String XSD_STRING = Vocabulary.XSD + "string";

    private final JsonGenerator json;

    private HtmlJsonLd(JsonGenerator json) {
        this.json = json;
    }

    /** Writes the block: the fragment's metadata and controls, then {@code data}, the page's triples as shown. */
    static void write(Writer w, Fragment fragment, List<Triple> data) throws IOException {
        w.write("<script type=\"application/ld+json\">\n");
        try (JsonGenerator json = JSON.createGenerator(w)) {
            json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            json.setCharacterEscapes(HTML_SAFE);
            json.writeStartArray();
            HtmlJsonLd sink = new HtmlJsonLd(json);
            RdfStatements.metadata(fragment, sink, null, RdfStatements.BlockEmitter.DIRECT);
            data.forEach(sink::triple);
            json.writeEndArray();
        } catch (UncheckedIOException e) {
            throw e.getCause();
        }
        w.write("\n</script>\n");
    }

    @Override
    public void triple(Triple t) {
        try {
            json.writeStartObject();
            json.writeStringField("@id", id(t.getSubject()));
            json.writeArrayFieldStart(t.getPredicate().getURI());
            json.writeStartObject();
            Node o = t.getObject();
            if (o.isLiteral()) {
                json.writeStringField("@value", o.getLiteralLexicalForm());
                String lang = o.getLiteralLanguage();
                if (lang != null && !lang.isEmpty()) {
                    json.writeStringField("@language", lang);
                } else if (!XSD_STRING.equals(o.getLiteralDatatypeURI())) {
                    json.writeStringField("@type", o.getLiteralDatatypeURI());
                }
            } else {
                json.writeStringField("@id", id(o));
            }
            json.writeEndObject();
            json.writeEndArray();
            json.writeEndObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String id(Node node) {
        // Hex keeps every label distinct whatever characters it has.
        return node.isBlank() ? "_:b" + HexFormat.of().formatHex(node.getBlankNodeLabel().getBytes(StandardCharsets.UTF_8))
                : node.getURI();
    }

    /** JSON's escapes plus {@code <}, {@code >} and {@code &}: the text of a script element must not hold them. */
    private static final class HtmlSafe extends CharacterEscapes {
        private static final long serialVersionUID = 1L;
        private final int[] escapes;

        HtmlSafe() {
            escapes = CharacterEscapes.standardAsciiEscapesForJSON();
            escapes['<'] = CharacterEscapes.ESCAPE_STANDARD;
            escapes['>'] = CharacterEscapes.ESCAPE_STANDARD;
            escapes['&'] = CharacterEscapes.ESCAPE_STANDARD;
        }

        @Override
        public int[] getEscapeCodesForAscii() {
            return escapes;
        }

        @Override
        public SerializableString getEscapeSequence(int ch) {
            return null;
        }
    }
}
