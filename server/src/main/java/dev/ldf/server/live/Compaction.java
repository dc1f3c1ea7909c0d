package dev.ldf.server.live;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.AbstractCollection;
import java.util.Iterator;
import java.util.List;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.triples.TripleString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.Directories;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.hdt.HdtDatasource;
import dev.ldf.server.rdf.Vocabulary;

/**
 * Writes a live dataset's next base: the base's triples less the deleted ones, plus the added
 * ones, as a new HDT file whose header names the version it holds, then puts it in the old one's
 * place.
 *
 * <p>The changes are merged into the base file ({@link RdfToHdt#merge}): one pass over its
 * dictionary and triples, with the heap holding the changes, not the base. A base whose
 * dictionary cannot be merged into is built again by the bounded loader, which sorts in chunks
 * beside the file. The new file and index are written under
 * temporary names and renamed into place in an order that a crash at any point leaves a usable
 * pair: the old index is removed first (a file without an index gets it built at start), then the
 * new file replaces the old one atomically, then the new index follows. The version in the new
 * file's header tells the next start which logged patches it already holds.
 */
final class Compaction {

    private static final Logger LOG = LoggerFactory.getLogger(Compaction.class);
    private static final String SUFFIX = ".compacting";

    private Compaction() {
    }

    /** Where the next base of {@code hdt} is written before it replaces it. */
    static Path nextFile(Path hdt) {
        return hdt.resolveSibling(hdt.getFileName() + SUFFIX);
    }

    /**
     * Writes {@code snapshot} as a new HDT file at {@link #nextFile}; returns its path. The changes
     * are merged into the base when its dictionary allows it, else the file is built again.
     */
    static Path write(LiveDatasource.Snapshot snapshot, String dataset) throws IOException {
        HdtDatasource base = snapshot.base();
        Path next = nextFile(base.path().toAbsolutePath());
        ConversionProgress progress = ConversionProgress.toLines(line -> LOG.info("Compacting {}: {}", dataset, line),
                Duration.ofSeconds(5));
        String baseUri = base.baseUri();
        TripleString version = new TripleString(baseUri == null || baseUri.isEmpty() ? "urn:ldf:dataset" : baseUri,
                Vocabulary.COMPACTED_VERSION, "\"" + snapshot.version() + "\"");
        RdfToHdt writer = new RdfToHdt(baseUri, HdtLoader.BOUNDED, progress);
        if (base.mergeable()) {
            // Spelled as the merge reads them, so that a million added triples do not sit on the heap twice.
            List<Triple> added = snapshot.added();
            base.writeMerged(writer, snapshot.deleted(), new AbstractCollection<>() {
                @Override
                public Iterator<TripleString> iterator() {
                    return spelled(added);
                }

                @Override
                public int size() {
                    return added.size();
                }
            }, next, List.of(version));
        } else {
            LOG.info("Compacting {}: its dictionary cannot be merged into; the file is built again", dataset);
            writer.write(Iter.concat(base.triplesExcept(snapshot.deleted()), spelled(snapshot.added())), dataset, next,
                    List.of(version));
        }
        return next;
    }

    /** Puts {@code next} and its index in the place of {@code hdt} and its index. */
    static void replace(Path hdt, Path next) throws IOException {
        Files.deleteIfExists(HdtFiles.indexFile(hdt));
        Files.move(next, hdt, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        // An empty file has no index (HdtFiles.hasIndex).
        if (Files.exists(HdtFiles.indexFile(next))) {
            Files.move(HdtFiles.indexFile(next), HdtFiles.indexFile(hdt), StandardCopyOption.ATOMIC_MOVE,
                    StandardCopyOption.REPLACE_EXISTING);
        }
        Directories.force(hdt.toAbsolutePath().getParent());
    }

    /** Where a follower puts a copy of its primary's file while it arrives. */
    static Path downloadFile(Path hdt) {
        return hdt.toAbsolutePath().resolveSibling(hdt.getFileName() + ".download");
    }

    /** Removes what a compaction or a download cut short (by a crash or a failure) left beside {@code hdt}. */
    static void removeLeftovers(Path hdt) throws IOException {
        Files.deleteIfExists(downloadFile(hdt));
        Path next = nextFile(hdt.toAbsolutePath());
        Files.deleteIfExists(next);
        Files.deleteIfExists(HdtFiles.indexFile(next));
        Files.deleteIfExists(next.resolveSibling(next.getFileName() + ".part"));
        try (DirectoryStream<Path> work = Files.newDirectoryStream(next.getParent(), next.getFileName() + ".work*")) {
            for (Path dir : work) {
                LOG.info("Removing {}, left by an interrupted compaction", dir);
                Directories.deleteRecursively(dir);
            }
        }
    }

    private static Iterator<TripleString> spelled(List<Triple> triples) {
        return Iter.map(triples.iterator(), t -> new TripleString(HdtTerms.toHdt(t.getSubject()),
                HdtTerms.toHdt(t.getPredicate()), HdtTerms.toHdt(t.getObject())));
    }
}
