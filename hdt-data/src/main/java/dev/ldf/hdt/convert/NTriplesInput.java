package dev.ldf.hdt.convert;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.LongToDoubleFunction;

import org.apache.jena.graph.Triple;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFParser;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.RiotParseException;
import org.apache.jena.riot.lang.LabelToNode;
import org.apache.jena.riot.system.StreamRDFBase;

import dev.ldf.hdt.build.HdtBuilder;
import dev.ldf.hdt.term.HdtTerms;

/**
 * An N-Triples file read line by line into a {@link HdtBuilder}: {@link NTriplesLine} reads the
 * lines written the common way, RIOT the others (and reports their errors), both giving blank
 * nodes the labels of the file's one {@link LabelToNode}.
 */
final class NTriplesInput {

    private static final int BLOCK = 1 << 20;

    private final RdfSource source;
    private final String baseUri;
    private final ConversionProgress progress;
    private final LabelToNode labels;
    private final NTriplesLine line = new NTriplesLine();
    private long lineNumber;
    long read;

    /** {@code readBefore}: triples read from the files before this one, where the count goes on. */
    NTriplesInput(RdfSource source, String baseUri, ConversionProgress progress, long readBefore) {
        this.read = readBefore;
        this.source = source;
        this.baseUri = baseUri;
        this.progress = progress;
        this.labels = source.labels();
    }

    /**
     * Adds the file's triples to {@code builder}; {@code bytesRead} counts the file's bytes as
     * they are read, for {@code share} (the part of all inputs read before and including them).
     */
    void readInto(HdtBuilder builder, AtomicLong bytesRead, LongToDoubleFunction share) throws IOException {
        String name = source.path().getFileName().toString();
        try (InputStream in = source.open(bytesRead); LineBlocks blocks = new LineBlocks(in, BLOCK, name)) {
            LineBlocks.Block block;
            while ((block = blocks.take()) != null) {
                byte[] b = block.bytes();
                int end = block.length();
                int start = 0;
                while (start < end) {
                    int feed = start;
                    while (feed < end && b[feed] != '\n') {
                        feed++;
                    }
                    lineNumber++;
                    int result = line.parse(b, start, feed);
                    if (result == NTriplesLine.TRIPLE) {
                        add(builder);
                        progress.parsed(name, read, share.applyAsDouble(bytesRead.get()));
                    } else if (result == NTriplesLine.OTHER) {
                        parseWithRiot(new String(b, start, feed - start, StandardCharsets.UTF_8), builder);
                    }
                    start = feed + 1;
                }
                blocks.recycle(block);
            }
        }
    }

    private void add(HdtBuilder builder) throws IOException {
        NTriplesLine l = line;
        byte[] b = l.line;
        byte[] sb = b;
        int so = l.subjectStart;
        int sl = l.subjectEnd - l.subjectStart;
        if (l.subjectBlank) {
            sb = blank(b, l.subjectStart, l.subjectEnd);
            so = 0;
            sl = sb.length;
        }
        byte[] ob = b;
        int oo = l.objectStart;
        int ol = l.objectEnd - l.objectStart;
        if (l.objectBlank) {
            ob = blank(b, l.objectStart, l.objectEnd);
            oo = 0;
            ol = ob.length;
        } else if (l.objectCopy != null) {
            ob = l.objectCopy;
            oo = 0;
            ol = l.objectCopyLength;
        }
        builder.add(sb, so, sl, b, l.predicateStart, l.predicateEnd - l.predicateStart, ob, oo, ol);
        read++;
    }

    private byte[] blank(byte[] b, int from, int to) {
        String label = new String(b, from, to - from, StandardCharsets.US_ASCII);
        return HdtTerms.toHdt(labels.get(null, label)).getBytes(StandardCharsets.UTF_8);
    }

    private void parseWithRiot(String text, HdtBuilder builder) throws IOException {
        List<Triple> triples = new ArrayList<>(1);
        try {
            source.parser(text, baseUri, labels).lang(Lang.NTRIPLES).parse(new StreamRDFBase() {
                @Override
                public void triple(Triple triple) {
                    triples.add(triple);
                }
            });
        } catch (RiotParseException e) {
            throw new IllegalArgumentException(String.format(Locale.ROOT, "Cannot parse %s: [line: %d, col: %d] %s",
                    source.path(), lineNumber, e.getCol(), e.getOriginalMessage()), e);
        } catch (RiotException e) {
            // RIOT's message starts with the position in the one line it was given: made the file's.
            String message = String.valueOf(e.getMessage()).replaceFirst("^\\[line: 1,", "[line: " + lineNumber + ",");
            throw new IllegalArgumentException("Cannot parse " + source.path() + ": " + message, e);
        }
        for (Triple t : triples) {
            try {
                builder.add(HdtTerms.toHdt(t.getSubject()), HdtTerms.toHdt(t.getPredicate()), HdtTerms.toHdt(t.getObject()));
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("Unsupported term in " + source.path() + ": line " + lineNumber + ": "
                        + e.getMessage(), e);
            }
            read++;
        }
    }
}
