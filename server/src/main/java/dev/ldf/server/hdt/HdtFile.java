package dev.ldf.server.hdt;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.HexFormat;
import java.util.concurrent.atomic.AtomicBoolean;

import org.apache.commons.codec.digest.DigestUtils;
import org.apache.jena.riot.Lang;
import org.apache.jena.riot.RDFLanguages;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.triples.TripleString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.hdt.build.FileIndex;
import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.files.HdtFiles;
import dev.ldf.hdt.mapped.MappedDictionary;
import dev.ldf.hdt.quiet.QuietOutput;
import dev.ldf.server.fragment.DatasetStatistics;
import dev.ldf.server.rdf.Vocabulary;

/**
 * An open HDT file with its index: the checks that name what is wrong with a file before
 * hdt-java sees it, the VoID sizes from its header, and a version that changes whenever the file
 * does. Closing it releases the file.
 */
final class HdtFile implements AutoCloseable {

    /** How every HDT file begins: its global control information's cookie. */
    private static final byte[] HDT_COOKIE = {'$', 'H', 'D', 'T'};

    private static final Logger LOG = LoggerFactory.getLogger(HdtFile.class);

    private final Path path;
    private final HDT hdt;
    private final Dictionary dictionary;
    private final DatasetStatistics statistics;
    private final String version;
    private final long compactedVersion;

    private HdtFile(Path path, HDT hdt, Dictionary dictionary, DatasetStatistics statistics, String version,
            long compactedVersion) {
        this.path = path;
        this.hdt = hdt;
        this.dictionary = dictionary;
        this.statistics = statistics;
        this.version = version;
        this.compactedVersion = compactedVersion;
    }

    /**
     * Opens {@code file}, memory-mapped or loaded onto the heap, building its index beside it if it
     * is missing. When the index cannot be written there, it is built in memory (and again at the
     * next start), with a warning that says so.
     *
     * @throws HdtFileException when the file is missing, unreadable or not HDT, or its index unusable
     */
    /**
     * Checks that {@code file} is there, readable, and begins as an HDT file does; an RDF file
     * (by its name) is told how to convert it.
     *
     * @throws HdtFileException when it is not
     */
    static void check(Path file) {
        if (!Files.exists(file)) {
            throw HdtFileException.notFound(file);
        }
        if (!Files.isRegularFile(file)) {
            throw HdtFileException.unreadable(file, "it is not a file", null);
        }
        if (!Files.isReadable(file)) {
            throw HdtFileException.unreadable(file, "permission denied (the server's user must be able to read it)", null);
        }
        byte[] start = new byte[HDT_COOKIE.length];
        int read;
        try (InputStream in = Files.newInputStream(file)) {
            read = in.readNBytes(start, 0, start.length);
        } catch (IOException e) {
            throw HdtFileException.unreadable(file, describe(e), e);
        }
        if (read < start.length || !Arrays.equals(start, HDT_COOKIE)) {
            String name = file.getFileName().toString();
            Lang rdf = RDFLanguages.filenameToLang(name.endsWith(".gz") ? name.substring(0, name.length() - 3) : name);
            Path hdt = file.resolveSibling(name.replaceFirst("(\\.[A-Za-z0-9]+)?(\\.gz)?$", "") + ".hdt");
            throw HdtFileException.unreadable(file, rdf != null
                    ? "it is " + rdf.getLabel() + ", not HDT: convert it with bin/ldf-hdt convert -o " + hdt + " "
                            + file + ", then serve " + hdt
                    : "it is not an HDT file (it does not begin with $HDT); ldf-hdt convert makes HDT files from RDF", null);
        }
    }

    static HdtFile open(Path file, boolean load) {
        check(file);
        Path index = HdtFiles.indexFile(file);
        boolean indexed = Files.exists(index);
        if (indexed && !Files.isRegularFile(index)) {
            throw HdtFileException.badIndex(index, "it is not a file");
        }
        if (indexed && !Files.isReadable(index)) {
            throw HdtFileException.badIndex(index, "permission denied");
        }
        // One log for both builders: hdt-java's, when ours could not, does not announce the index again.
        ProgressListener building = indexed ? ProgressListener.ignore() : indexingLog(file, index);
        if (!indexed) {
            indexed = indexBeside(file, building);
        }
        ProgressListener listener = indexed ? ProgressListener.ignore() : building;
        HDT hdt;
        try {
            hdt = QuietOutput.call(() -> load
                    ? HDTManager.loadIndexedHDT(file, listener)
                    : HDTManager.mapIndexedHDT(file, listener));
        } catch (Exception | OutOfMemoryError e) {
            // A corrupt header can make hdt-java allocate absurd arrays: report the file, not the heap.
            throw HdtFileException.unreadable(file, "it is not a valid HDT file (" + describe(e)
                    + "); convert the RDF again with ldf-hdt convert", e);
        }
        if (!indexed && !Files.isRegularFile(index) && HdtFiles.hasIndex(hdt)) {
            LOG.warn("Cannot write the HDT index {}: it was built in memory and will be built again at every start. "
                    + "Let the server write to {} once, or build the index with 'ldf-hdt index' and place it there.",
                    index, index.toAbsolutePath().getParent());
        }
        Dictionary dictionary = hdt.getDictionary();
        try {
            // hdt-java's mapped dictionary decodes terms several times slower than a loaded one.
            dictionary = load ? dictionary : MappedDictionary.over(file, dictionary);
            return new HdtFile(file, hdt, dictionary, readStatistics(hdt), fileVersion(file),
                    headerNumber(hdt, Vocabulary.COMPACTED_VERSION, 0));
        } catch (IOException | RuntimeException e) {
            closeQuietly(hdt, dictionary);
            throw HdtFileException.unreadable(file, describe(e), e);
        }
    }

    /**
     * Builds a missing index beside the file with the conversion's bounded sorts, whose heap does
     * not grow with the file. False when that failed (a directory the server cannot write to, a file
     * that is not HDT): hdt-java then builds it, or names what is wrong with the file.
     */
    private static boolean indexBeside(Path file, ProgressListener listener) {
        try {
            return FileIndex.write(file, Runtime.getRuntime().maxMemory(), listener);
        } catch (IOException | RuntimeException e) {
            LOG.debug("The bounded index builder could not index {}", file, e);
            return false;
        }
    }

    /**
     * Log lines while the server builds a missing index: minutes for a large file, which the log
     * should show moving. The first line waits for hdt-java's first report, so that a file that is
     * not HDT at all is not announced as being indexed.
     */
    private static ProgressListener indexingLog(Path file, Path index) {
        ConversionProgress lines = ConversionProgress.toLines(
                line -> LOG.info("Indexing {}: {}", file.getFileName(), line), Duration.ofSeconds(10));
        AtomicBoolean started = new AtomicBoolean();
        return (level, message) -> {
            if (started.compareAndSet(false, true)) {
                LOG.info("Building the HDT index {} (once; 'ldf-hdt index' builds it ahead of time)", index);
            }
            lines.notifyProgress(level, message);
        };
    }

    HDT hdt() {
        return hdt;
    }

    /** The file's dictionary: hdt-java's when loaded, read in place when mapped. */
    Dictionary dictionary() {
        return dictionary;
    }

    Path path() {
        return path;
    }

    DatasetStatistics statistics() {
        return statistics;
    }

    /** Changes when the file is replaced or rewritten. */
    String version() {
        return version;
    }

    /** The last patch a live dataset's compaction folded into this file; 0 for a file never compacted. */
    long compactedVersion() {
        return compactedVersion;
    }

    @Override
    public void close() {
        closeQuietly(hdt, dictionary);
    }

    private static DatasetStatistics readStatistics(HDT hdt) {
        Dictionary d = hdt.getDictionary();
        return new DatasetStatistics(
                headerNumber(hdt, Vocabulary.VOID + "triples", hdt.getTriples().getNumberOfElements()),
                headerNumber(hdt, Vocabulary.VOID + "properties", d.getNpredicates()),
                headerNumber(hdt, Vocabulary.VOID + "distinctSubjects", d.getNsubjects()),
                headerNumber(hdt, Vocabulary.VOID + "distinctObjects", d.getNobjects()));
    }

    /** A number from the HDT header, or {@code fallback} when it has none. */
    private static long headerNumber(HDT hdt, String property, long fallback) {
        try {
            var it = hdt.getHeader().search("", property, "");
            while (it.hasNext()) {
                TripleString t = it.next();
                String value = t.getObject().toString().replace("\"", "");
                int end = value.indexOf('^');
                return Long.parseLong(end < 0 ? value : value.substring(0, end));
            }
        } catch (NotFoundException | RuntimeException e) {
            LOG.debug("No usable {} in the HDT header", property, e);
        }
        return fallback;
    }

    private static String fileVersion(Path file) throws IOException {
        String stamp = file.toAbsolutePath() + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file).toMillis();
        return HexFormat.of().formatHex(DigestUtils.sha256(stamp), 0, 8);
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    private static void closeQuietly(HDT hdt, Dictionary dictionary) {
        try {
            if (dictionary != hdt.getDictionary()) {
                dictionary.close();
            }
            hdt.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Closing HDT failed", e);
        }
    }
}
