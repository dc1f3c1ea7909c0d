package dev.ldf.server.hdt;

import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashSet;
import java.util.Iterator;
import java.util.List;
import java.util.Set;
import java.util.function.Function;

import org.apache.jena.atlas.iterator.Iter;
import org.apache.jena.graph.Triple;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.TripleString;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

import dev.ldf.hdt.build.HdtMerge;
import dev.ldf.hdt.convert.ConversionSummary;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.server.fragment.Count;
import dev.ldf.server.fragment.DatasetStatistics;
import dev.ldf.server.fragment.Datasource;
import dev.ldf.server.fragment.FragmentPage;
import dev.ldf.server.fragment.PageTriples;
import dev.ldf.server.fragment.PredicateCount;
import dev.ldf.server.fragment.PageTriples.EncodedTripleConsumer;
import dev.ldf.server.fragment.Selector;
import dev.ldf.server.fragment.TriplePattern;

/**
 * A {@link Datasource} over one HDT file and its index.
 *
 * <p>A selector's patterns are read one after the other; a page skips whole patterns by their
 * exact counts ({@link PatternCounts}). Pages are read at the level of dictionary identifiers and
 * turned into terms only as a writer consumes them ({@link TermIds}). Deep pages jump with
 * {@code goTo} where HDT supports it ({@code ???}, {@code ?PO}, {@code ??O}); for other shapes the
 * cursor where a page stopped is kept ({@link CursorCache}) for the next page.
 */
public final class HdtDatasource implements Datasource {

    private static final Logger LOG = LoggerFactory.getLogger(HdtDatasource.class);

    private final HdtFile file;
    private final TermIds terms;
    private final Matches matches;
    private final PatternCounts counts;
    private final CursorCache cursors;
    private final HdtScans scans;
    private final Options options;
    /** Exports reading the file, and whether a close was asked for: guarded by this. */
    private int exporting;
    private boolean closing;

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

    private HdtDatasource(HdtFile file, Options options) {
        this.file = file;
        var dictionary = file.dictionary();
        this.terms = new TermIds(dictionary);
        RepeatedVariables repeated = new RepeatedVariables(dictionary);
        this.matches = new Matches(file.hdt().getTriples(), repeated, Math.toIntExact(dictionary.getNpredicates()));
        this.counts = new PatternCounts(matches, options.countScanLimit());
        this.cursors = new CursorCache(options.cursorCachePatterns(), options.cursorIdleTime());
        this.scans = new HdtScans(matches, terms, repeated, dictionary);
        this.options = options;
    }

    /**
     * Opens {@code file}, memory-mapped or loaded onto the heap, building its index beside it if it
     * is missing (in memory when it cannot be written there, with a warning).
     *
     * @throws HdtFileException when the file is missing, unreadable or not HDT, or its index unusable
     */
    /**
     * Checks, before anything is opened, that {@code path} names a readable HDT file.
     *
     * @throws HdtFileException when it does not, with a message that says what to do
     */
    public static void check(Path path) {
        HdtFile.check(path);
    }

    public static HdtDatasource open(Path path, Options options) {
        long start = System.nanoTime();
        HdtFile file = HdtFile.open(path, options.loadIntoMemory());
        try {
            HdtDatasource source = new HdtDatasource(file, options);
            LOG.info("Opened {} ({} triples, {}) in {} ms", path, file.statistics().triples(),
                    options.loadIntoMemory() ? "loaded" : "mapped", (System.nanoTime() - start) / 1_000_000);
            return source;
        } catch (RuntimeException e) {
            file.close();
            throw HdtFileException.unreadable(path, e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage(), e);
        }
    }

    @Override
    public FragmentPage page(Selector selector, long offset, int limit) {
        List<Part> parts = parts(selector);
        if (parts.isEmpty()) {
            return FragmentPage.empty(Count.ZERO);
        }
        List<PatternIds> patterns = parts.stream().map(Part::pattern).toList();
        Count count = counts.total(parts);
        if (count.exact() && offset >= count.value()) {
            return FragmentPage.empty(count);
        }
        SelectorCursor cursor = cursors.take(patterns, offset);
        if (cursor == null) {
            cursor = new SelectorCursor(parts, matches::of);
            long skipped = cursor.skip(offset);
            if (skipped < offset) {
                // Ran out before the page: now the fragment's size is known.
                return FragmentPage.empty(counts.learnTotal(parts, skipped));
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
            cursors.put(patterns, offset + size, cursor);
        }
        if (!more && !count.exact()) {
            count = counts.learnTotal(parts, offset + size);
        } else if (more && count.value() <= offset + size) {
            // An estimate below what the data already shows (not expected from HDT's bounds).
            count = Count.estimate(offset + size + 1);
        }
        return new FragmentPage(count, size, more, new IdPage(terms, page, size));
    }

    /** Streams the pattern's whole fragment; a {@link #close} meanwhile waits for it to end. */
    @Override
    public void export(TriplePattern pattern, EncodedTripleConsumer consumer) throws IOException {
        synchronized (this) {
            if (closing) {
                throw new IllegalStateException(this + " is closed");
            }
            exporting++;
        }
        try {
            List<Part> parts = parts(Selector.of(pattern));
            SelectorCursor cursor = new SelectorCursor(parts, matches::of);
            IdDecoder decoder = new IdDecoder(terms);
            long[] ids = new long[3];
            while (cursor.hasNext()) {
                cursor.next(ids, 0);
                decoder.send(ids[0], ids[1], ids[2], consumer);
            }
        } finally {
            boolean last;
            synchronized (this) {
                last = --exporting == 0 && closing;
            }
            if (last) {
                closeFile();
            }
        }
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
        TermIds.Lookup lookup = terms.lookup();
        for (TriplePattern pattern : selector.patterns()) {
            PatternIds ids = lookup.resolve(pattern);
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
            // ?P? is counted from the predicate table and read with its own jumping cursor.
            IteratorTripleID search = ids.predicateOnly() ? null : matches.search(ids);
            parts.add(new Part(ids, earlier, counts.part(ids, earlier, search), search));
        }
        return parts;
    }

    /** Whether the file holds {@code triple} (its terms as the dictionary spells them). */
    public boolean contains(Triple triple) {
        return identify().apply(triple) != null;
    }

    /**
     * A lookup, for one batch of triples (a patch), of the file's identifiers of a triple: null
     * when the file does not hold it. Each term is looked up in the dictionary once, however often
     * the batch repeats it. Not thread-safe.
     */
    public Function<Triple, TripleID> identify() {
        TermIds.Lookup lookup = terms.lookup();
        return triple -> {
            PatternIds ids = lookup.resolve(new TriplePattern(triple.getSubject(), triple.getPredicate(),
                    triple.getObject()));
            // A term the dictionary lacks: no triple has it. Else one lookup, without counts or cursors.
            return ids != null && matches.search(ids).hasNext()
                    ? new TripleID(ids.subject(), ids.predicate(), ids.object()) : null;
        };
    }

    /**
     * The identifiers of up to {@code limit} of the selector's matches from position
     * {@code offset}, three per triple, with the fragment's count and whether more follow: for a
     * reader that passes some triples over by their identifiers ({@link #triplesOf}).
     */
    public IdRun idRun(Selector selector, long offset, int limit) {
        FragmentPage page = page(selector, offset, limit);
        long[] ids = page.triples() instanceof IdPage read ? read.ids() : new long[0];
        return new IdRun(ids, page.size(), page.hasNextPage(), page.count());
    }

    /** Identifiers of matches, three per triple ({@code ids[3 * i]} the subject of the i-th). */
    public record IdRun(long[] ids, int size, boolean more, Count count) {}

    /** The triples of this file with the identifiers {@code ids}, three per triple, written as pages are. */
    public PageTriples triplesOf(long[] ids, int size) {
        return new IdPage(terms, ids, size);
    }

    /**
     * Every triple of the file but {@code excluded}, in the file's order and spelled as its
     * dictionary spells them: the input of a live dataset's compaction. Excluded triples are
     * matched by identifier, so any spelling of a literal the file holds excludes it.
     */
    public Iterator<TripleString> triplesExcept(Collection<Triple> excluded) {
        Set<TripleID> skip = new HashSet<>(ids(excluded));
        Dictionary dictionary = file.dictionary();
        IteratorTripleID all = file.hdt().getTriples().searchAll();
        return Iter.map(Iter.filter(all, id -> skip.isEmpty() || !skip.contains(id)), id -> new TripleString(
                dictionary.idToString(id.getSubject(), TripleComponentRole.SUBJECT),
                dictionary.idToString(id.getPredicate(), TripleComponentRole.PREDICATE),
                dictionary.idToString(id.getObject(), TripleComponentRole.OBJECT)));
    }

    /** Whether {@link #writeMerged} can write this file's next version: its dictionary and order allow a merge. */
    public boolean mergeable() {
        return HdtMerge.canMerge(file.hdt());
    }

    /**
     * Writes this file less {@code deleted} plus {@code added} (spelled as the file spells terms,
     * none of them in the file) into {@code output}, with its index and {@code header}, by merging
     * the changes into the file ({@link RdfToHdt#merge}): the next base of a live dataset. Deleted
     * triples are matched by identifier, as {@link #triplesExcept} matches them.
     */
    public ConversionSummary writeMerged(RdfToHdt writer, Collection<Triple> deleted, Collection<TripleString> added,
            Path output, List<TripleString> header) throws IOException {
        return writer.merge(file.hdt(), ids(deleted), added, output, header);
    }

    /** The identifiers of those of {@code triples} the file's dictionary has every term of. */
    private List<TripleID> ids(Collection<Triple> triples) {
        List<TripleID> ids = new ArrayList<>(triples.size());
        TermIds.Lookup lookup = terms.lookup();
        for (Triple t : triples) {
            PatternIds found = lookup.resolve(new TriplePattern(t.getSubject(), t.getPredicate(), t.getObject()));
            if (found != null) {
                ids.add(new TripleID(found.subject(), found.predicate(), found.object()));
            }
        }
        return ids;
    }

    /** The base URI the file was made with. */
    public String baseUri() {
        return file.hdt().getBaseURI();
    }

    public Path path() {
        return file.path();
    }

    public Options options() {
        return options;
    }

    /** The last patch a live dataset's compaction folded into this file; 0 for a file never compacted. */
    public long compactedVersion() {
        return file.compactedVersion();
    }

    /** From the predicate index's exact counts; only the predicates listed are decoded. */
    @Override
    public List<PredicateCount> predicates(int limit) {
        int n = Math.toIntExact(file.dictionary().getNpredicates());
        long[] triples = new long[n + 1];
        List<Integer> ids = new ArrayList<>(n);
        for (int p = 1; p <= n; p++) {
            triples[p] = matches.predicates().triples(p);
            ids.add(p);
        }
        ids.sort((a, b) -> Long.compare(triples[b], triples[a]));
        List<PredicateCount> listed = new ArrayList<>();
        for (int p : ids.subList(0, Math.min(limit, n))) {
            listed.add(new PredicateCount(terms.predicate(p), triples[p]));
        }
        listed.sort(PredicateCount.MOST_USED_FIRST);
        return listed;
    }

    /** Scans that suspend and resume, for the preemptive engine. */
    public HdtScans scans() {
        return scans;
    }

    @Override
    public DatasetStatistics statistics() {
        return file.statistics();
    }

    @Override
    public String version() {
        return file.version();
    }

    /**
     * Closes the file, or, while exports read it, lets the last of them close it: a mapped file is
     * unmapped on close, and a dump of a large file outlasts the minutes a replaced live base is
     * kept for the reads begun on it.
     */
    @Override
    public void close() {
        synchronized (this) {
            if (closing) {
                return;
            }
            closing = true;
            if (exporting > 0) {
                return;
            }
        }
        closeFile();
    }

    private void closeFile() {
        cursors.clear();
        file.close();
    }

    @Override
    public String toString() {
        return "HdtDatasource[" + file.path() + "]";
    }
}
