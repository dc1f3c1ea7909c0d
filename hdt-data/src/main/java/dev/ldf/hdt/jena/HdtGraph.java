package dev.ldf.hdt.jena;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;

import dev.ldf.hdt.files.HdtFiles;

import dev.ldf.hdt.term.HdtTerms;
import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.graph.impl.GraphBase;
import org.apache.jena.util.iterator.ExtendedIterator;
import org.apache.jena.util.iterator.NullIterator;
import org.apache.jena.util.iterator.WrappedIterator;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;

/**
 * A read-only Jena graph over an HDT file, so that ARQ can evaluate whole queries locally: the
 * reference answer that remote query execution is checked against.
 *
 * <p>Finds go through HDT's ID-level search; an unknown constant short-cuts to an empty result
 * instead of a search.
 */
public final class HdtGraph extends GraphBase implements AutoCloseable {

    private final HDT hdt;
    private final Dictionary dictionary;

    private HdtGraph(HDT hdt) {
        this.hdt = hdt;
        this.dictionary = hdt.getDictionary();
    }

    /** Maps an HDT file and its index (built next to it if missing). */
    public static HdtGraph open(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new NoSuchFileException(file.toString());
        }
        try {
            return new HdtGraph(HDTManager.mapIndexedHDT(file.toString(), ProgressListener.ignore()));
        } catch (IOException | RuntimeException e) {
            throw HdtFiles.unreadable(file, e);
        }
    }

    @Override
    protected ExtendedIterator<Triple> graphBaseFind(Triple pattern) {
        long s = id(pattern.getSubject(), TripleComponentRole.SUBJECT);
        long p = id(pattern.getPredicate(), TripleComponentRole.PREDICATE);
        long o = id(pattern.getObject(), TripleComponentRole.OBJECT);
        if (s < 0 || p < 0 || o < 0) {
            return NullIterator.instance();
        }
        IteratorTripleID matches = hdt.getTriples().search(new TripleID(s, p, o));
        return WrappedIterator.create(matches).mapWith(this::toTriple);
    }

    @Override
    protected int graphBaseSize() {
        return (int) Math.min(Integer.MAX_VALUE, hdt.getTriples().getNumberOfElements());
    }

    /** The dictionary ID of a concrete node, 0 for a wildcard, -1 for a term the data lacks. */
    private long id(Node node, TripleComponentRole role) {
        if (node == null || !node.isConcrete()) {
            return 0;
        }
        long id = dictionary.stringToId(HdtTerms.toHdt(node), role);
        return id > 0 ? id : -1;
    }

    private Triple toTriple(TripleID t) {
        return Triple.create(
                HdtTerms.toNode(dictionary.idToString(t.getSubject(), TripleComponentRole.SUBJECT)),
                HdtTerms.toNode(dictionary.idToString(t.getPredicate(), TripleComponentRole.PREDICATE)),
                HdtTerms.toNode(dictionary.idToString(t.getObject(), TripleComponentRole.OBJECT)));
    }

    @Override
    public void close() {
        try {
            hdt.close();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            super.close();
        }
    }
}
