package dev.ldf.hdt.convert;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.concurrent.atomic.AtomicLong;
import org.apache.jena.atlas.iterator.IteratorCloseable;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.AsyncParser;
import org.apache.jena.sparql.core.Quad;
import org.rdfhdt.hdt.triples.TripleString;
import dev.ldf.hdt.term.HdtTerms;

/** The triples of all sources in order, as hdt-java's input iterator. */
final class SourceTriples implements Iterator<TripleString>, AutoCloseable {
    private final List<RdfSource> sources;
    private final String baseUri;
    private final ConversionProgress progress;
    private int nextSource;
    private RdfSource current;
    private InputStream currentStream;
    private IteratorCloseable<Quad> quads;
    private TripleString pending;
    long read;
    long skipped;
    /** For progress: the inputs' size, what finished inputs took of it, and the current one's bytes read. */
    private final long totalBytes;
    private long bytesBefore;
    private final AtomicLong currentBytes = new AtomicLong();
    private String currentName;

    SourceTriples(List<RdfSource> sources, String baseUri, ConversionProgress progress) throws IOException {
        this.sources = sources;
        this.baseUri = baseUri;
        this.progress = progress;
        long total = 0;
        for (RdfSource source : sources) {
            total += Files.size(source.path());
        }
        this.totalBytes = Math.max(1, total);
    }

    @Override
    public boolean hasNext() {
        while (pending == null) {
            if (quads == null && !openNext()) {
                return false;
            }
            if (!advance()) {
                closeCurrent();
            }
        }
        return true;
    }

    @Override
    public TripleString next() {
        if (!hasNext()) {
            throw new NoSuchElementException();
        }
        TripleString t = pending;
        pending = null;
        return t;
    }

    private boolean advance() {
        try {
            while (quads.hasNext()) {
                Quad quad = quads.next();
                if (!quad.isTriple() && !quad.isDefaultGraph()) {
                    skipped++;
                    continue;
                }
                pending = new TripleString(HdtTerms.toHdt(quad.getSubject()),
                        HdtTerms.toHdt(quad.getPredicate()), HdtTerms.toHdt(quad.getObject()));
                read++;
                progress.parsed(currentName, read, (bytesBefore + currentBytes.get()) / (double) totalBytes);
                return true;
            }
            return false;
        } catch (RiotException e) {
            throw new IllegalArgumentException("Cannot parse " + current.path() + ": " + e.getMessage(), e);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("Unsupported term in " + current.path() + ": " + e.getMessage(), e);
        }
    }

    private boolean openNext() {
        if (nextSource >= sources.size()) {
            return false;
        }
        current = sources.get(nextSource++);
        currentName = current.path().getFileName().toString();
        currentBytes.set(0);
        try {
            currentStream = current.open(currentBytes);
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot open " + current.path(), e);
        }
        quads = AsyncParser.of(current.parser(currentStream, baseUri)).asyncParseQuads();
        return true;
    }

    private void closeCurrent() {
        if (quads != null) {
            quads.close();
            quads = null;
        }
        if (currentStream != null) {
            try {
                currentStream.close();
            } catch (IOException e) {
                // Already fully read; nothing depends on the close.
            }
            currentStream = null;
            bytesBefore += currentBytes.getAndSet(0);
        }
    }

    @Override
    public void close() {
        closeCurrent();
    }
}
