package dev.ldf.hdt.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Iterator;
import java.util.Locale;

import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentOrder;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.Triples;

import dev.ldf.hdt.files.Directories;
import dev.ldf.hdt.files.HdtFiles;

/**
 * The index of an HDT file already written, built with the external sorts a conversion builds it
 * with ({@link TriplesIndex}) from one pass over the mapped file: the heap stays bounded whatever
 * the file's size, where hdt-java's own builder holds the index's arrays on the heap (a billion
 * triples need more than a small machine has). The file is the one hdt-java writes, byte for byte.
 */
public final class FileIndex {

    private static final long PROGRESS_EVERY = 10_000_000;

    private FileIndex() {
    }

    /**
     * Writes the {@code .index.v1-1} file of {@code hdtFile} beside it (replacing one that is
     * there), its sorts' temporary files in a directory beside it, within about half of
     * {@code maxHeapBytes}. A file without triples needs no index, and gets none.
     *
     * @return false when the file has no triples
     * @throws IOException when the file cannot be read, is not in subject-predicate-object order,
     *     or the index cannot be written
     */
    public static boolean write(Path hdtFile, long maxHeapBytes, ProgressListener progress) throws IOException {
        Path absolute = hdtFile.toAbsolutePath();
        try (HDT hdt = HDTManager.mapHDT(absolute.toString(), ProgressListener.ignore())) {
            Triples triples = hdt.getTriples();
            long count = triples.getNumberOfElements();
            if (count == 0) {
                return false;
            }
            IteratorTripleID all = triples.searchAll();
            if (all.getOrder() != TripleComponentOrder.SPO) {
                throw new IOException(hdtFile + " keeps its triples in " + all.getOrder()
                        + " order; the index is built from subject-predicate-object order");
            }
            Dictionary d = hdt.getDictionary();
            Path work = Files.createTempDirectory(absolute.getParent(), absolute.getFileName() + ".index-work");
            try (TriplesIndex index = new TriplesIndex(work, d.getNshared() + d.getNobjects(), d.getNpredicates(), count,
                    3 * HdtBuilder.ChunkSize.forHeap(maxHeapBytes).triples(), true)) {
                Iterator<TripleID> seen = index.observing(all);
                for (long read = 1; seen.hasNext(); read++) {
                    seen.next();
                    if (read % PROGRESS_EVERY == 0) {
                        progress.notifyProgress(100f * read / count,
                                String.format(Locale.ROOT, "index: read %,d of %,d triples", read, count));
                    }
                }
                index.write(destination(HdtFiles.indexFile(absolute)), progress);
            } finally {
                Directories.deleteRecursively(work);
            }
        }
        return true;
    }

    /** Where the index goes: through a symbolic link an operator put in its place, never over the link. */
    private static Path destination(Path index) throws IOException {
        return Files.isSymbolicLink(index) ? index.resolveSibling(Files.readSymbolicLink(index)) : index;
    }
}
