package dev.ldf.hdt.convert;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.UUID;
import java.util.concurrent.atomic.AtomicLong;
import java.util.zip.GZIPInputStream;

import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RDFParserBuilder;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.ErrorHandlerFactory;
import org.slf4j.LoggerFactory;

/**
 * One RDF input file: its syntax (from the file name, {@code .gz} allowed) and a parser over it.
 *
 * <p>Blank node labels are scoped to the file, as RDF requires, but derived from the file's
 * position and name instead of a random seed, so that converting the same input twice gives the
 * same HDT.
 */
record RdfSource(Path path, Lang lang, boolean gzipped, int position) {

    static RdfSource of(Path path, int position) {
        String name = path.getFileName().toString();
        boolean gzipped = name.toLowerCase(Locale.ROOT).endsWith(".gz");
        String plainName = gzipped ? name.substring(0, name.length() - 3) : name;
        Lang lang = RDFLanguages.filenameToLang(plainName);
        if (lang == null || !RDFLanguages.isTriples(lang) && !RDFLanguages.isQuads(lang)) {
            throw new IllegalArgumentException("Cannot tell the RDF syntax of " + path
                    + " from its name; use .nt, .ttl, .nq, .trig, .rdf (optionally .gz)");
        }
        return new RdfSource(path, lang, gzipped, position);
    }
    /** The file's content, decompressed; {@code bytesRead} counts the bytes read from the file itself. */
    InputStream open(AtomicLong bytesRead) throws IOException {
        InputStream in = new BufferedInputStream(new CountingInputStream(Files.newInputStream(path), bytesRead), 1 << 16);
        return gzipped ? new GZIPInputStream(in, 1 << 16) : in;
    }

    RDFParserBuilder parser(InputStream in, String baseUri) {
        return parser(baseUri, labels()).source(in);
    }

    /** A parser of {@code text}, a part of this file, that labels blank nodes with {@code labels}. */
    RDFParserBuilder parser(String text, String baseUri, LabelToNode labels) {
        return parser(baseUri, labels).fromString(text);
    }

    private RDFParserBuilder parser(String baseUri, LabelToNode labels) {
        return RDFParser.create()
                .lang(lang)
                // An error ends the conversion with one line that names the file (the caller's); only warnings are logged.
                .errorHandler(ErrorHandlerFactory.errorHandlerWarnOrExceptions(LoggerFactory.getLogger(RdfSource.class)))
                .base(baseUri)
                .labelToNode(labels);
    }

    /**
     * The file's blank node labels: a function of the label and the file's position and name, kept
     * nowhere, so that one file read in parts labels its blank nodes alike.
     */
    LabelToNode labels() {
        UUID scope = UUID.nameUUIDFromBytes((position + ":" + path.getFileName())
                .getBytes(StandardCharsets.UTF_8));
        return LabelToNode.createScopeByDocumentHash(scope);
    }
}
