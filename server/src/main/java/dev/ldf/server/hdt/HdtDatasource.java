package dev.ldf.server.hdt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.NoSuchElementException;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.ResultEstimationType;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.TripleString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import com.github.benmanes.caffeine.cache.Cache;
import com.github.benmanes.caffeine.cache.Caffeine;

import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetStatistics;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.TriplePattern;

/**
 * A {@link Datasource} over one HDT file and its index.
 *
 * <p>Pages are read at the level of dictionary identifiers and turned into terms only as a writer
 * consumes them. Counts are exact wherever HDT's are, and for {@code ?P?} (whose HDT estimate
 * counts subject-predicate pairs, not triples) from per-predicate counts taken when the file
 * opens. {@code S?O} and patterns with a repeated variable are counted by scanning when their
 * HDT bound is at most {@code countScanLimit}; above it the bound is reported as an estimate
 * until a page reaches the end, which makes it exact.
 *
 * <p>Deep pages jump with {@code goTo} where HDT supports it ({@code ???}, {@code ?PO},
 * {@code ??O}); for other shapes a bounded cache keeps the cursor where a page stopped, so that
 * the next page continues from there instead of skipping from the start.
 */
public final class HdtDatasource implements Datasource {

    private static final Logger LOG = LoggerFactory.getLogger(HdtDatasource.class);
    private static final String VOID = "http://rdfs.org/ns/void#";

    private final Path file;
    private final HDT hdt;
    private final Dictionary dictionary;
    private final RepeatedVariables repeated;
    private final long[] predicateCounts;
    private final Node[] predicates;
    private final DatasetStatistics statistics;
    private final String version;
    private final long countScanLimit;
    private final Cache<CursorKey, MatchCursor> cursors;
    private final Cache<PatternIds, Long> scannedCounts;

    /** Where a cached cursor stands: the next match it yields is at {@code offset}. */
    private record CursorKey(PatternIds pattern, long offset) {}

    /** Options of one HDT datasource. */
    public record Options(boolean loadIntoMemory, long countScanLimit, int cursorCacheSize,
            Duration cursorIdleTime) {
        public static Options defaults() {
            return new Options(false, 100_000, 1_024, Duration.ofMinutes(2));
        }
    }

    private HdtDatasource(Path file, HDT hdt, Options options) throws IOException {
        this.file = file;
        this.hdt = hdt;
        this.dictionary = hdt.getDictionary();
        this.repeated = new RepeatedVariables(dictionary);
        this.predicateCounts = countPredicates(hdt);
        this.predicates = new Node[predicateCounts.length];
        this.statistics = readStatistics(hdt);
        this.version = fileVersion(file);
        this.countScanLimit = options.countScanLimit();
        this.cursors = Caffeine.newBuilder()
                .maximumSize(options.cursorCacheSize())
                .expireAfterAccess(options.cursorIdleTime())
                .build();
        this.scannedCounts = Caffeine.newBuilder().maximumSize(100_000).build();
    }

    /**
     * Opens {@code file}, memory-mapped or loaded onto the heap, building its index beside it if it
     * is missing.
     *
     * @throws HdtFileException when the file is missing, unreadable or not HDT
     */
    public static HdtDatasource open(Path file, Options options) {
        if (!Files.isRegularFile(file)) {
            throw new HdtFileException("HDT file not found: " + file, null);
        }
        if (!Files.isReadable(file)) {
            throw new HdtFileException("HDT file is not readable: " + file, null);
        }
        long start = System.nanoTime();
        HDT hdt;
        try {
            hdt = options.loadIntoMemory()
                    ? HDTManager.loadIndexedHDT(file, ProgressListener.ignore())
                    : HDTManager.mapIndexedHDT(file, ProgressListener.ignore());
        } catch (IOException | RuntimeException | OutOfMemoryError e) {
            // A corrupt header can make hdt-java allocate absurd arrays: report the file, not the heap.
            throw new HdtFileException("Cannot open HDT file " + file + ": " + describe(e), e);
        }
        try {
            HdtDatasource source = new HdtDatasource(file, hdt, options);
            LOG.info("Opened {} ({} triples, {}) in {} ms", file, source.statistics.triples(),
                    options.loadIntoMemory() ? "loaded" : "mapped", (System.nanoTime() - start) / 1_000_000);
            return source;
        } catch (IOException | RuntimeException e) {
            closeQuietly(hdt);
            throw new HdtFileException("Cannot read HDT file " + file + ": " + describe(e), e);
        }
    }

    @Override
    public FragmentPage page(TriplePattern pattern, long offset, int limit) {
        PatternIds ids = resolve(pattern);
        if (ids == null) {
            return FragmentPage.empty(Count.ZERO);
        }
        Count count = count(ids);
        if (count.exact() && offset >= count.value()) {
            return FragmentPage.empty(count);
        }
        MatchCursor cursor = cursors.asMap().remove(new CursorKey(ids, offset));
        if (cursor == null) {
            cursor = search(ids);
            if (offset > 0) {
                if (cursor.canJump()) {
                    cursor.jumpTo(offset);
                } else {
                    long skipped = cursor.skip(offset);
                    if (skipped < offset) {
                        // Ran out before the page: now the fragment's size is known.
                        return FragmentPage.empty(remember(ids, skipped));
                    }
                }
            }
        }
        int capacity = (int) (count.exact() ? Math.min(limit, count.value() - offset) : limit);
        long[] page = new long[3 * capacity];
        int size = 0;
        while (size < capacity && cursor.hasNext()) {
            cursor.next(page, 3 * size);
            size++;
        }
        boolean more = cursor.hasNext();
        if (more && !cursor.canJump()) {
            cursors.put(new CursorKey(ids, offset + size), cursor);
        }
        if (!more && !count.exact()) {
            count = remember(ids, offset + size);
        } else if (more && count.value() <= offset + size) {
            // An estimate below what the data already shows (not expected from HDT's bounds).
            count = Count.estimate(offset + size + 1);
        }
        return new FragmentPage(count, size, more, new PageTriples(page, size));
    }

    /** The identifiers of the pattern's terms, or null when a term is not in the dataset. */
    private PatternIds resolve(TriplePattern pattern) {
        long s = id(pattern.subject(), TripleComponentRole.SUBJECT);
        long p = id(pattern.predicate(), TripleComponentRole.PREDICATE);
        long o = id(pattern.object(), TripleComponentRole.OBJECT);
        if (s < 0 || p < 0 || o < 0) {
            return null;
        }
        return new PatternIds(s, p, o, RepeatedVariables.of(pattern));
    }

    /** 0 for a variable, -1 for a term the dataset does not hold in that role. */
    private long id(Node node, TripleComponentRole role) {
        if (TriplePattern.isVariable(node)) {
            return 0;
        }
        if (node.isLiteral() && role != TripleComponentRole.OBJECT) {
            return -1;
        }
        long id = dictionary.stringToId(HdtTerms.toHdt(node), role);
        if (id <= 0 && node.isLiteral()) {
            id = alternativeLiteralId(node, role);
        }
        return id > 0 ? id : -1;
    }

    /**
     * Literals that other HDT generators spell differently: an explicit {@code xsd:string}
     * datatype, or a language tag in its original case.
     */
    private long alternativeLiteralId(Node literal, TripleComponentRole role) {
        String lex = literal.getLiteralLexicalForm();
        String lang = literal.getLiteralLanguage();
        if (lang != null && !lang.isEmpty()) {
            return dictionary.stringToId('"' + lex + "\"@" + lang, role);
        }
        String datatype = literal.getLiteralDatatypeURI();
        if (datatype == null || datatype.equals(org.apache.jena.vocabulary.XSD.xstring.getURI())) {
            return dictionary.stringToId('"' + lex + "\"^^<" + org.apache.jena.vocabulary.XSD.xstring.getURI() + '>', role);
        }
        return -1;
    }

    private Count count(PatternIds ids) {
        Long scanned = scannedCounts.getIfPresent(ids);
        if (scanned != null) {
            return Count.exact(scanned);
        }
        Count bound = unfilteredCount(ids);
        if (bound.exact() && !ids.filtered()) {
            return bound;
        }
        if (bound.value() == 0) {
            return Count.ZERO;
        }
        if (bound.value() <= countScanLimit) {
            MatchCursor cursor = search(ids);
            return remember(ids, cursor.skip(Long.MAX_VALUE));
        }
        return Count.estimate(bound.value());
    }

    /** HDT's count of the pattern without repeated-variable restriction; exact or an upper bound. */
    private Count unfilteredCount(PatternIds ids) {
        if (ids.predicateOnly()) {
            return Count.exact(predicateCounts[(int) ids.predicate()]);
        }
        IteratorTripleID it = hdt.getTriples().search(ids.unfiltered().toTripleId());
        long estimate = it.estimatedNumResults();
        if (it.numResultEstimation() == ResultEstimationType.EXACT && !ids.subjectAndObjectOnly()) {
            return Count.exact(estimate);
        }
        // S?O reports the subject's triple count: an upper bound, never exact.
        return estimate <= 0 ? Count.ZERO : Count.estimate(estimate);
    }

    private Count remember(PatternIds ids, long exact) {
        scannedCounts.put(ids, exact);
        return Count.exact(exact);
    }

    private MatchCursor search(PatternIds ids) {
        return new MatchCursor(hdt.getTriples().search(ids.toTripleId()), repeated, ids.repeats());
    }

    @Override
    public DatasetStatistics statistics() {
        return statistics;
    }

    @Override
    public String version() {
        return version;
    }

    @Override
    public void close() {
        cursors.invalidateAll();
        closeQuietly(hdt);
    }

    @Override
    public String toString() {
        return "HdtDatasource[" + file + "]";
    }

    private Node predicate(long id) {
        Node node = predicates[(int) id];
        if (node == null) {
            // Benign race: terms are immutable and equal whichever thread builds them.
            node = HdtTerms.toNode(dictionary.idToString(id, TripleComponentRole.PREDICATE));
            predicates[(int) id] = node;
        }
        return node;
    }

    /** The triples of one page, turned into Jena terms as they are read. */
    private final class PageTriples implements Iterable<Triple> {
        private final long[] ids;
        private final int size;

        PageTriples(long[] ids, int size) {
            this.ids = ids;
            this.size = size;
        }

        @Override
        public Iterator<Triple> iterator() {
            return new Iterator<>() {
                private int next;

                @Override
                public boolean hasNext() {
                    return next < size;
                }

                @Override
                public Triple next() {
                    if (next >= size) {
                        throw new NoSuchElementException();
                    }
                    int i = 3 * next++;
                    return Triple.create(
                            HdtTerms.toNode(dictionary.idToString(ids[i], TripleComponentRole.SUBJECT)),
                            predicate(ids[i + 1]),
                            HdtTerms.toNode(dictionary.idToString(ids[i + 2], TripleComponentRole.OBJECT)));
                }
            };
        }
    }

    /**
     * Triples per predicate, in one pass over the data. HDT's own {@code ?P?} estimate counts
     * subject-predicate pairs, which undercounts whenever a subject has several objects.
     */
    private static long[] countPredicates(HDT hdt) {
        long start = System.nanoTime();
        long[] counts = new long[Math.toIntExact(hdt.getDictionary().getNpredicates()) + 1];
        IteratorTripleID all = hdt.getTriples().searchAll();
        while (all.hasNext()) {
            counts[(int) all.next().getPredicate()]++;
        }
        LOG.debug("Counted triples per predicate in {} ms", (System.nanoTime() - start) / 1_000_000);
        return counts;
    }

    private static DatasetStatistics readStatistics(HDT hdt) {
        Dictionary d = hdt.getDictionary();
        return new DatasetStatistics(
                headerNumber(hdt, "triples", hdt.getTriples().getNumberOfElements()),
                headerNumber(hdt, "properties", d.getNpredicates()),
                headerNumber(hdt, "distinctSubjects", d.getNsubjects()),
                headerNumber(hdt, "distinctObjects", d.getNobjects()));
    }

    /** A {@code void:} number from the HDT header, or {@code fallback} when it has none. */
    private static long headerNumber(HDT hdt, String property, long fallback) {
        try {
            var it = hdt.getHeader().search("", VOID + property, "");
            while (it.hasNext()) {
                TripleString t = it.next();
                String value = t.getObject().toString().replace("\"", "");
                int end = value.indexOf('^');
                return Long.parseLong(end < 0 ? value : value.substring(0, end));
            }
        } catch (org.rdfhdt.hdt.exceptions.NotFoundException | RuntimeException e) {
            LOG.debug("No usable void:{} in the HDT header", property, e);
        }
        return fallback;
    }

    /** Changes when the file is replaced or rewritten. */
    private static String fileVersion(Path file) throws IOException {
        String stamp = file.toAbsolutePath() + "|" + Files.size(file) + "|" + Files.getLastModifiedTime(file).toMillis();
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(stamp.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest, 0, 8);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    private static String describe(Throwable e) {
        String message = e.getMessage();
        return message == null || message.isBlank() ? e.getClass().getSimpleName() : message;
    }

    private static void closeQuietly(HDT hdt) {
        try {
            hdt.close();
        } catch (IOException | RuntimeException e) {
            LOG.warn("Closing HDT failed", e);
        }
    }
}
