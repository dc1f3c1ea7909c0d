package dev.ldf.hdt.build;

import java.io.Closeable;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;

import org.rdfhdt.hdt.dictionary.impl.WriteFourSectionDictionary;
import org.rdfhdt.hdt.dictionary.impl.section.WriteDictionarySection;
import org.rdfhdt.hdt.enums.TripleComponentOrder;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTVersion;
import org.rdfhdt.hdt.hdt.impl.WriteHDTImpl;
import org.rdfhdt.hdt.header.HeaderFactory;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.options.HDTOptions;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.impl.OneReadTempTriples;
import org.rdfhdt.hdt.triples.impl.WriteBitmapTriples;
import org.rdfhdt.hdt.util.io.CloseSuppressPath;

/**
 * Builds an HDT file from triples whose terms are already spelled as HDT stores them, with a heap
 * that does not grow with the input: triples fill a chunk in memory (its terms deduplicated by
 * hashing); a full chunk is sorted and written as a {@link Run} on a second thread while the next
 * one fills; the runs' terms are merged into the dictionary ({@link DictionaryMerge}), their
 * triples mapped to IDs, sorted and merged ({@link IdTriples}) into hdt-java's own writers of
 * dictionary sections and bitmap triples.
 *
 * <p>Not thread-safe: one thread adds triples, then calls {@link #finish}.
 */
public final class HdtBuilder implements AutoCloseable {

    /** The buffers of hdt-java's file writers. */
    private static final int HDT_JAVA_BUFFER = 1 << 16;

    /** How large a chunk is: bytes of distinct terms and triples; two chunks are on the heap at once. */
    public record ChunkSize(int termBytes, int triples) {

        /**
         * Chunks sized so that a build takes at most about half of the heap this JVM may use: two
         * chunks of an eighth each while reading, then the buffers of the sorts after them.
         */
        public static ChunkSize forHeap(long maxHeapBytes) {
            long perChunk = maxHeapBytes / 8;
            int low = 1024;
            int high = 12_000_000;
            while (low < high) {
                int mid = (low + high + 1) >>> 1;
                if (ChunkTerms.footprint(TERM_BYTES * mid, mid) <= perChunk) {
                    low = mid;
                } else {
                    high = mid - 1;
                }
            }
            return new ChunkSize(TERM_BYTES * low, low);
        }
    }

    /** Bytes of distinct terms a chunk holds per triple: room for three new terms of about 40 bytes in most data. */
    private static final int TERM_BYTES = 40;

    private final Path work;
    private final ProgressListener progress;
    private final boolean allowPacked;
    private final int chunkTriples;
    private final ExecutorService writer = Background.threads(1, "ldf-hdt-runs");
    private ChunkTerms filling;
    private ChunkTerms spare;
    private Future<Run> written;
    private final List<Run> runs = new ArrayList<>();

    public HdtBuilder(Path work, ChunkSize size, ProgressListener progress) throws IOException {
        this(work, size, progress, true);
    }

    HdtBuilder(Path work, ChunkSize size, ProgressListener progress, boolean allowPacked) throws IOException {
        this.work = Files.createDirectories(work);
        this.progress = progress;
        this.allowPacked = allowPacked;
        this.chunkTriples = size.triples();
        this.filling = new ChunkTerms(size.termBytes(), size.triples());
        this.spare = new ChunkTerms(size.termBytes(), size.triples());
    }

    /** Adds one triple, its terms given as UTF-8 slices. */
    public void add(byte[] sb, int so, int sl, byte[] pb, int po, int pl, byte[] ob, int oo, int ol) throws IOException {
        int bytes = sl + pl + ol;
        if (!filling.fits(bytes)) {
            flush();
            if (!filling.fits(bytes)) {
                throw new IllegalArgumentException(String.format(Locale.ROOT,
                        "a triple of %,d bytes is larger than a chunk", bytes));
            }
        }
        filling.add(sb, so, sl, pb, po, pl, ob, oo, ol);
    }

    /** Adds one triple whose terms are strings. */
    public void add(String s, String p, String o) throws IOException {
        byte[] sb = s.getBytes(StandardCharsets.UTF_8);
        byte[] pb = p.getBytes(StandardCharsets.UTF_8);
        byte[] ob = o.getBytes(StandardCharsets.UTF_8);
        add(sb, 0, sb.length, pb, 0, pb.length, ob, 0, ob.length);
    }

    private void flush() throws IOException {
        if (filling.isEmpty()) {
            return;
        }
        awaitWritten();
        ChunkTerms full = filling;
        filling = spare;
        spare = full;
        int number = runs.size() + (written == null ? 0 : 1);
        written = writer.submit(() -> Run.write(full, number, work));
        filling.clear();
    }

    private void awaitWritten() throws IOException {
        if (written == null) {
            return;
        }
        try {
            runs.add(Background.await(written, "writing a run"));
        } finally {
            written = null;
        }
    }

    /**
     * What {@link #finish} built: the HDT, file-backed (its parts in the work directory) and ready
     * to be saved with {@link HDT#saveToHDT}, and its index, to be written once the file is saved.
     */
    public static final class Built implements Closeable {
        private final HDT hdt;
        private final TriplesIndex index;
        private final ProgressListener progress;

        Built(HDT hdt, TriplesIndex index, ProgressListener progress) {
            this.hdt = hdt;
            this.index = index;
            this.progress = progress;
        }

        public HDT hdt() {
            return hdt;
        }

        /** Writes the {@code .index.v1-1} file of {@code hdtFile}, the HDT saved from {@link #hdt()}, beside it. */
        public void writeIndex(Path hdtFile) throws IOException {
            index.write(hdtFile.resolveSibling(hdtFile.getFileName() + HDTVersion.get_index_suffix("-")),
                    progress);
        }

        @Override
        public void close() throws IOException {
            try {
                hdt.close();
            } finally {
                index.close();
            }
        }
    }

    /** Builds the HDT and the makings of its index from everything added; the caller closes what it gets. */
    public Built finish(String baseUri) throws IOException {
        flush();
        awaitWritten();
        filling = null;
        spare = null;
        long runTerms = 0;
        for (Run run : runs) {
            runTerms += run.termCount();
        }
        long total = Math.max(1, runTerms);
        progress.notifyProgress(0, String.format(Locale.ROOT, "merging the %,d terms of %,d runs", runTerms, runs.size()));
        DictionaryMerge.Sections sections = DictionaryMerge.merge(runs, work, n -> progress.notifyProgress(100f * n / total,
                "merging the terms of the runs"));
        WriteDictionarySection shared = section("shared", sections.shared(), sections.sharedCount());
        WriteDictionarySection subjects = section("subjects", sections.subjects(), sections.subjectCount());
        WriteDictionarySection predicates = section("predicates", sections.predicates(), sections.predicateCount());
        WriteDictionarySection objects = section("objects", sections.objects(), sections.objectCount());
        WriteFourSectionDictionary dictionary = new WriteFourSectionDictionary(HDTOptions.of(), subjects, predicates, objects,
                shared);

        IdTriples ids = new IdTriples(sections.sharedCount(),
                sections.sharedCount() + sections.subjectCount() + sections.objectCount(),
                sections.predicateCount(), allowPacked);
        List<IdTriples.Sorted> sorted = sortRuns(ids);
        long upperBound = 0;
        for (IdTriples.Sorted s : sorted) {
            upperBound += s.count();
        }
        Built built = write(work, dictionary, sections.sharedCount() + sections.objectCount(), sections.predicateCount(),
                IdTriples.merged(sorted), upperBound, 3 * chunkTriples, allowPacked, baseUri, progress);
        for (IdTriples.Sorted s : sorted) {
            Files.deleteIfExists(s.file());
        }
        return built;
    }

    /**
     * Writes {@code spo}, triples of IDs in {@code dictionary} sorted subject, predicate, object and
     * without duplicates, as the file's triples, noting them for its index as they go by; the HDT
     * gets its header. {@code objects}: the IDs an object can have; {@code buffered}: the pairs
     * the index's sorts hold in memory.
     */
    static Built write(Path work, WriteFourSectionDictionary dictionary, long objects, long predicates,
            Iterator<TripleID> spo, long upperBound, int buffered, boolean allowPacked,
            String baseUri, ProgressListener progress) throws IOException {
        HDTOptions spec = HDTOptions.of();
        CloseSuppressPath dir = CloseSuppressPath.of(work);
        progress.notifyProgress(0, String.format(Locale.ROOT, "writing %,d triples", upperBound));
        TriplesIndex index = new TriplesIndex(work, objects, predicates, upperBound, buffered, allowPacked);
        WriteBitmapTriples bitmapTriples = new WriteBitmapTriples(spec, dir.resolve("triples"), HDT_JAVA_BUFFER);
        try {
            bitmapTriples.load(new OneReadTempTriples(index.observing(spo), TripleComponentOrder.SPO, upperBound), progress);
        } catch (RuntimeException | Error e) {
            index.close();
            throw e;
        }
        WriteHDTImpl hdt = new WriteHDTImpl(spec, dir.resolve("hdt"), dictionary, bitmapTriples, HeaderFactory.createHeader(spec));
        hdt.setBaseUri(baseUri);
        hdt.populateHeaderStructure(baseUri);
        return new Built(hdt, index, progress);
    }

    /** A dictionary section written from {@code terms}, sorted and {@code count} of them, into the work directory. */
    static WriteDictionarySection section(Path work, String name, Iterator<? extends CharSequence> terms,
            long count, ProgressListener progress) {
        progress.notifyProgress(0, String.format(Locale.ROOT, "writing the %s section: %,d terms", name, count));
        WriteDictionarySection section = new WriteDictionarySection(HDTOptions.of(), CloseSuppressPath.of(work).resolve(name),
                HDT_JAVA_BUFFER);
        section.load(terms, Math.max(1, count), progress);
        return section;
    }

    private WriteDictionarySection section(String name, Path terms, long count) throws IOException {
        WriteDictionarySection section;
        try (SortedTerms.Reader reader = new SortedTerms.Reader(terms, false, count)) {
            section = section(work, name, SortedTerms.strings(reader), count, progress);
        }
        Files.deleteIfExists(terms);
        return section;
    }

    private List<IdTriples.Sorted> sortRuns(IdTriples ids) throws IOException {
        int threads = Math.max(1, Math.min(runs.size(), Runtime.getRuntime().availableProcessors()));
        ExecutorService sorters = Background.threads(threads, "ldf-hdt-sort");
        try {
            List<Future<IdTriples.Sorted>> futures = new ArrayList<>();
            for (Run run : runs) {
                futures.add(sorters.submit(() -> {
                    IdTriples.Sorted s = ids.sort(run, work.resolve("run-" + run.number() + ".sorted"));
                    run.delete();
                    return s;
                }));
            }
            List<IdTriples.Sorted> sorted = new ArrayList<>();
            for (int i = 0; i < futures.size(); i++) {
                sorted.add(Background.await(futures.get(i), "sorting triples"));
                progress.notifyProgress(0, String.format(Locale.ROOT, "sorted the triples of %,d of %,d runs",
                        i + 1, futures.size()));
            }
            return sorted;
        } finally {
            sorters.shutdownNow();
        }
    }

    @Override
    public void close() {
        writer.shutdownNow();
    }
}
