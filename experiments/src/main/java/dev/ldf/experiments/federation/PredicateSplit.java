package dev.ldf.experiments.federation;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;

import org.apache.jena.atlas.iterator.Iter;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.hdt.convert.ConversionProgress;
import dev.ldf.hdt.convert.HdtLoader;
import dev.ldf.hdt.convert.RdfToHdt;
import dev.ldf.hdt.files.HdtFiles;

/**
 * A dataset split over {@code parts} sources by predicate, with overlap: the predicates, sorted by
 * IRI, are dealt out in turn (the i-th to part {@code i mod parts}), and every {@code overlapEvery}-th
 * one also goes to the next part, so that its triples are in two sources. The union of the parts
 * is the dataset; a query's patterns spread over all parts, and some can be answered by two.
 */
public record PredicateSplit(int parts, int overlapEvery) {

    public PredicateSplit {
        if (parts < 2 || overlapEvery < 1) {
            throw new IllegalArgumentException("a split needs at least 2 parts and overlapEvery >= 1");
        }
    }

    /** One part as written: its file, predicates and triples. */
    public record Part(int number, Path hdt, List<String> predicates, long triples) {}

    /** The parts (numbered from 1) that hold the predicate at {@code index} of the sorted list. */
    List<Integer> partsOf(int index) {
        int home = index % parts;
        return index % overlapEvery == 0 ? List.of(home + 1, (home + 1) % parts + 1) : List.of(home + 1);
    }

    /** How the README and the summary describe this split. */
    public String describe() {
        return String.format(Locale.ROOT, "by predicate over %d sources: the predicates, sorted by IRI, dealt out in "
                + "turn; every %s predicate also in the next source", parts, ordinal(overlapEvery));
    }

    /**
     * Writes the parts of {@code hdt} into {@code dir} (named after it, {@code -part<n>.hdt}, with
     * their indexes), or reads them where an earlier run left them.
     */
    public List<Part> write(Path hdt, Path dir, PrintStream progress) throws IOException {
        Files.createDirectories(dir);
        String stem = hdt.getFileName().toString().replaceFirst("\\.hdt$", "");
        List<Part> written = new ArrayList<>();
        try (HDT source = HDTManager.mapIndexedHDT(hdt.toString())) {
            List<String> predicates = predicates(source);
            String baseUri = source.getBaseURI();
            for (int part = 1; part <= parts; part++) {
                List<String> mine = new ArrayList<>();
                for (int i = 0; i < predicates.size(); i++) {
                    if (partsOf(i).contains(part)) {
                        mine.add(predicates.get(i));
                    }
                }
                Path file = dir.resolve(stem + "-part" + part + "-of-" + parts + "-overlap" + overlapEvery + ".hdt");
                if (!Files.exists(file) || !Files.exists(HdtFiles.indexFile(file))) {
                    progress.printf(Locale.ROOT, "writing source %d of %d (%d predicates): %s%n", part, parts, mine.size(),
                            file);
                    ConversionProgress lines = ConversionProgress.toLines(progress::println, Duration.ofSeconds(10));
                    new RdfToHdt(baseUri, HdtLoader.MEMORY, lines).reproducible()
                            .write(triples(source, mine), "source " + part, file, List.of());
                }
                written.add(new Part(part, file, List.copyOf(mine), count(file)));
            }
        }
        return written;
    }

    private static List<String> predicates(HDT hdt) {
        List<String> predicates = new ArrayList<>();
        long n = hdt.getDictionary().getNpredicates();
        for (long id = 1; id <= n; id++) {
            predicates.add(hdt.getDictionary().idToString(id, TripleComponentRole.PREDICATE).toString());
        }
        predicates.sort(null);
        return predicates;
    }

    /** The triples with one of {@code predicates}, copied: hdt-java reuses the strings of its iterator. */
    private static Iterator<TripleString> triples(HDT hdt, List<String> predicates) {
        return Iter.flatMap(predicates.iterator(), p -> {
            try {
                return Iter.map(hdt.search("", p, ""), t -> new TripleString(t.getSubject().toString(),
                        t.getPredicate().toString(), t.getObject().toString()));
            } catch (NotFoundException e) {
                return Iter.nullIterator();
            }
        });
    }

    private static long count(Path file) throws IOException {
        try (HDT part = HDTManager.mapHDT(file.toString())) {
            return part.getTriples().getNumberOfElements();
        }
    }

    private static String ordinal(int n) {
        return switch (n) {
            case 1 -> "";
            case 2 -> "second";
            case 3 -> "third";
            default -> n + "th";
        };
    }
}
