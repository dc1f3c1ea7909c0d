package dev.ldf.server.hdt;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.HexFormat;
import java.util.Iterator;
import java.util.List;
import java.util.NoSuchElementException;
import java.util.Set;

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

import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.quiet.QuietOutput;
import dev.ldf.hdt.term.HdtTerms;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetStatistics;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.TriplePattern;

/**
 * A {@link Datasource} over one HDT file and its index.
 *
 * <p>A selector's patterns are read one after the other; a page skips whole patterns by their
 * exact counts. Pages are read at the level of dictionary identifiers and turned into terms only as a writer
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
    private final Cache<CursorKey, SelectorCursor> cursors;
    /** Exact counts learnt by scanning or by reaching the end: {@link PartKey} or {@link TotalKey}. */
    private final Cache<Object, Long> scannedCounts;

    /** Where a cached cursor stands: the next match it yields is at {@code offset}. */
    private record CursorKey(List<PatternIds> patterns, long offset) {}

    /** The matches of {@code pattern} that none of {@code earlier} yields. */
    private record PartKey(PatternIds pattern, List<PatternIds> earlier) {}

    /** The whole fragment of a selector's patterns. */
    private record TotalKey(List<PatternIds> patterns) {}

    /**
     * Options of one HDT datasource.
     *
     * @param cursorCachePatterns how many patterns the cached cursors may hold together: a TPF
     *                            cursor holds one, a brTPF cursor one per bound pattern
     * @param cursorIdleTime      how long an unused cursor stays cached
     */
    public record Options(boolean loadIntoMemory, long countScanLimit, int cursorCachePatterns,
            Duration cursorIdleTime) {
        public static Options defaults() {
            return new Options(false, 100_000, 16_384, Duration.ofMinutes(2));
        }
    }

    /** How many patterns the learnt counts may name together (a few MB at most). */
    private static final long COUNT_CACHE_PATTERNS = 200_000;

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
        // Bounded by the patterns held, not the entries: a brTPF entry may hold maxMpR patterns.
        this.cursors = Caffeine.newBuilder()
                .maximumWeight(options.cursorCachePatterns())
                .weigher((CursorKey key, SelectorCursor cursor) -> key.patterns().size())
                .expireAfterAccess(options.cursorIdleTime())
                .build();
        this.scannedCounts = Caffeine.newBuilder()
                .maximumWeight(COUNT_CACHE_PATTERNS)
                .weigher((Object key, Long count) -> key instanceof TotalKey t ? t.patterns().size()
                        : 1 + ((PartKey) key).earlier().size())
                .build();
    }

    /**
     * Opens {@code file}, memory-mapped or loaded onto the heap, building its index beside it if it
     * is missing. When the index cannot be written there, it is built in memory (and again at the
     * next start), with a warning that says so.
     *
     * @throws HdtFileException when the file is missing, unreadable or not HDT, or its index unusable
     */
    public static HdtDatasource open(Path file, Options options) {
        if (!Files.exists(file)) {
            throw HdtFileException.notFound(file);
        }
        if (!Files.isRegularFile(file)) {
            throw HdtFileException.unreadable(file, "it is not a file", null);
        }
        if (!Files.isReadable(file)) {
            throw HdtFileException.unreadable(file, "permission denied (the server's user must be able to read it)", null);
        }
        Path index = RdfToHdt.indexFile(file);
        boolean indexed = Files.exists(index);
        if (indexed && !Files.isRegularFile(index)) {
            throw HdtFileException.badIndex(index, "it is not a file");
        }
        if (indexed && !Files.isReadable(index)) {
            throw HdtFileException.badIndex(index, "permission denied");
        }
        long start = System.nanoTime();
        HDT hdt;
        try {
            hdt = QuietOutput.call(() -> options.loadIntoMemory()
                    ? HDTManager.loadIndexedHDT(file, ProgressListener.ignore())
                    : HDTManager.mapIndexedHDT(file, ProgressListener.ignore()));
        } catch (Exception | OutOfMemoryError e) {
            // A corrupt header can make hdt-java allocate absurd arrays: report the file, not the heap.
            throw HdtFileException.unreadable(file, "it is not a valid HDT file (" + describe(e)
                    + "); convert the RDF again with ldf-hdt convert", e);
        }
        if (!indexed && !Files.isRegularFile(index)) {
            LOG.warn("Cannot write the HDT index {}: it was built in memory and will be built again at every start. "
                    + "Let the server write to {} once, or build the index with 'ldf-hdt index' and place it there.",
                    index, index.toAbsolutePath().getParent());
        }
        try {
            HdtDatasource source = new HdtDatasource(file, hdt, options);
            LOG.info("Opened {} ({} triples, {}) in {} ms", file, source.statistics.triples(),
                    options.loadIntoMemory() ? "loaded" : "mapped", (System.nanoTime() - start) / 1_000_000);
            return source;
        } catch (IOException | RuntimeException e) {
            closeQuietly(hdt);
            throw HdtFileException.unreadable(file, describe(e), e);
        }
    }

    @Override
    public FragmentPage page(Selector selector, long offset, int limit) {
        List<Part> parts = parts(selector);
        if (parts.isEmpty()) {
            return FragmentPage.empty(Count.ZERO);
        }
        List<PatternIds> patterns = parts.stream().map(Part::pattern).toList();
        TotalKey total = new TotalKey(patterns);
        Count count = total(total, parts);
        if (count.exact() && offset >= count.value()) {
            return FragmentPage.empty(count);
        }
        SelectorCursor cursor = cursors.asMap().remove(new CursorKey(patterns, offset));
        if (cursor == null) {
            cursor = new SelectorCursor(parts, this::search);
            long skipped = cursor.skip(offset);
            if (skipped < offset) {
                // Ran out before the page: now the fragment's size is known.
                return FragmentPage.empty(remember(total, skipped));
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
        if (more && !(parts.size() == 1 && cursor.canJump())) {
            cursors.put(new CursorKey(patterns, offset + size), cursor);
        }
        if (!more && !count.exact()) {
            count = remember(total, offset + size);
        } else if (more && count.value() <= offset + size) {
            // An estimate below what the data already shows (not expected from HDT's bounds).
            count = Count.estimate(offset + size + 1);
        }
        return new FragmentPage(count, size, more, new PageTriples(page, size));
    }

    /**
     * The selector's patterns in identifiers, each with the earlier patterns it may overlap and
     * its count. Patterns with a term the dataset lacks, and repeats of an earlier pattern (two
     * spellings of one literal), match nothing new and are left out.
     */
    private List<Part> parts(Selector selector) {
        List<Part> parts = new ArrayList<>(selector.patterns().size());
        Set<PatternIds> seen = new HashSet<>();
        Set<Integer> shapes = new HashSet<>();
        for (TriplePattern pattern : selector.patterns()) {
            PatternIds ids = resolve(pattern);
            if (ids == null || !seen.add(ids)) {
                continue;
            }
            List<PatternIds> earlier = List.of();
            // Distinct patterns of the same shape never overlap: only compare across shapes.
            if (!shapes.isEmpty() && !(shapes.size() == 1 && shapes.contains(ids.shape()))) {
                earlier = parts.stream().map(Part::pattern)
                        .filter(e -> e.shape() != ids.shape() && e.mayOverlap(ids)).toList();
            }
            shapes.add(ids.shape());
            parts.add(new Part(ids, earlier, count(ids, earlier)));
        }
        return parts;
    }

    /** The selector's count: the sum of its parts', or the exact size once a page reached the end. */
    private Count total(TotalKey key, List<Part> parts) {
        if (parts.size() == 1 && parts.get(0).count().exact()) {
            return parts.get(0).count();
        }
        Long known = scannedCounts.getIfPresent(key);
        if (known != null) {
            return Count.exact(known);
        }
        long sum = 0;
        boolean exact = true;
        for (Part part : parts) {
            sum += part.count().value();
            exact &= part.count().exact();
        }
        return exact || sum == 0 ? Count.exact(sum) : Count.estimate(sum);
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

    /** The number of matches of {@code ids} that none of {@code earlier} yields. */
    private Count count(PatternIds ids, List<PatternIds> earlier) {
        Count bound = unfilteredCount(ids);
        if (bound.exact() && !ids.filtered() && earlier.isEmpty()) {
            return bound;
        }
        if (bound.value() == 0) {
            return Count.ZERO;
        }
        PartKey key = new PartKey(ids, earlier);
        Long scanned = scannedCounts.getIfPresent(key);
        if (scanned != null) {
            return Count.exact(scanned);
        }
        if (bound.value() <= countScanLimit) {
            return remember(key, search(ids, earlier).skip(Long.MAX_VALUE));
        }
        if (bound.exact() && !ids.filtered()) {
            // Too large to scan, but what smaller earlier patterns take away from it can be counted.
            Long overlap = overlap(ids, earlier);
            if (overlap != null) {
                return remember(key, bound.value() - overlap);
            }
        }
        return Count.estimate(bound.value());
    }

    /**
     * How many matches of {@code ids} the {@code earlier} patterns yield (each counted once), or
     * null when reading all of their matches would exceed the scan limit.
     */
    private Long overlap(PatternIds ids, List<PatternIds> earlier) {
        long budget = countScanLimit;
        for (PatternIds e : earlier) {
            budget -= unfilteredCount(e).value();
            if (budget < 0) {
                return null;
            }
        }
        long overlap = 0;
        for (int j = 0; j < earlier.size(); j++) {
            overlap += search(earlier.get(j), earlier.subList(0, j)).countAlsoMatching(ids);
        }
        return overlap;
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

    private Count remember(Object key, long exact) {
        scannedCounts.put(key, exact);
        return Count.exact(exact);
    }

    private MatchCursor search(Part part) {
        return search(part.pattern(), part.earlier());
    }

    private MatchCursor search(PatternIds pattern, List<PatternIds> earlier) {
        return new MatchCursor(hdt.getTriples().search(pattern.toTripleId()), repeated, pattern, earlier);
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
