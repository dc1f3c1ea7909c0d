package dev.ldf.hdt.convert;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.apache.jena.riot.RiotException;
import org.apache.jena.riot.system.StreamRDFBase;
import org.apache.jena.sparql.core.Quad;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.triples.IteratorTripleString;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.hdt.term.HdtTerms;

/**
 * Checks an HDT file against the RDF it was converted from, independently of the converter: Jena
 * RIOT reads the input again, and for a sample of subjects (chosen by a hash of the subject, so
 * every one of a subject's triples is in the sample) the file's fragment {@code s ? ?} must hold
 * exactly the input's triples of that subject. The file may hold fewer triples than the input
 * read, by the duplicates in it; never more.
 */
public final class ConversionCheck {

    /** What was compared and what differed (at most ten differences are kept). */
    public record Result(long inputTriples, long fileTriples, long subjectsChecked, long triplesCompared,
            List<String> differences) {

        public boolean passed() {
            return differences.isEmpty() && fileTriples <= inputTriples;
        }

        public String describe() {
            return String.format(Locale.ROOT, "%s: %,d subjects, %,d triples compared with the input; the file holds %,d "
                    + "triples, the input %,d%s", passed() ? "the same" : "DIFFERENT", subjectsChecked, triplesCompared,
                    fileTriples, inputTriples, differences.isEmpty() ? "" : "; " + String.join("; ", differences));
        }
    }

    private static final int KEPT = 10;

    private ConversionCheck() {
    }

    /**
     * Compares {@code hdtFile} with {@code inputs} (in the order they were converted, with the
     * same base IRI), sampling {@code perMillion} subjects in a million.
     */
    public static Result check(Path hdtFile, List<Path> inputs, String baseUri, int perMillion, ConversionProgress progress)
            throws IOException {
        Map<String, Set<String>> expected = new HashMap<>();
        long read = 0;
        for (int i = 0; i < inputs.size(); i++) {
            RdfSource source = RdfSource.of(inputs.get(i), i);
            read += sample(source, baseUri, perMillion, expected, progress, read);
        }
        progress.message(String.format(Locale.ROOT, "read %,d triples; comparing the fragments of %,d subjects",
                read, expected.size()));
        List<String> differences = new ArrayList<>();
        long compared = 0;
        try (HDT hdt = HDTManager.mapIndexedHDT(hdtFile.toString())) {
            for (Map.Entry<String, Set<String>> subject : expected.entrySet()) {
                Set<String> found = new HashSet<>();
                try {
                    IteratorTripleString it = hdt.search(subject.getKey(), "", "");
                    while (it.hasNext()) {
                        TripleString t = it.next();
                        found.add(t.getPredicate() + " " + t.getObject());
                    }
                } catch (NotFoundException e) {
                    // Not in the file's dictionary: nothing found.
                }
                compared += subject.getValue().size();
                if (!found.equals(subject.getValue()) && differences.size() < KEPT) {
                    Set<String> missing = new HashSet<>(subject.getValue());
                    missing.removeAll(found);
                    Set<String> extra = new HashSet<>(found);
                    extra.removeAll(subject.getValue());
                    differences.add(String.format(Locale.ROOT, "subject %s: %,d triples missing (%s), %,d not in the input (%s)",
                            subject.getKey(), missing.size(), first(missing), extra.size(), first(extra)));
                }
            }
            return new Result(read, hdt.getTriples().getNumberOfElements(), expected.size(), compared, differences);
        }
    }

    private static String first(Set<String> set) {
        return set.isEmpty() ? "none" : set.iterator().next();
    }

    private static long sample(RdfSource source, String baseUri, int perMillion, Map<String, Set<String>> expected,
            ConversionProgress progress, long before) throws IOException {
        String name = source.path().getFileName().toString();
        AtomicLong bytes = new AtomicLong();
        long[] read = {0};
        try (InputStream in = source.open(bytes)) {
            source.parser(in, baseUri).parse(new StreamRDFBase() {
                @Override
                public void triple(Triple triple) {
                    add(triple.getSubject(), triple.getPredicate(), triple.getObject());
                }

                @Override
                public void quad(Quad quad) {
                    if (quad.isTriple() || quad.isDefaultGraph()) {
                        add(quad.getSubject(), quad.getPredicate(), quad.getObject());
                    }
                }

                private void add(Node s, Node p, Node o) {
                    read[0]++;
                    progress.parsed(name, before + read[0], -1);
                    String subject = HdtTerms.toHdt(s);
                    if (sampled(subject, perMillion)) {
                        expected.computeIfAbsent(subject, k -> new HashSet<>()).add(HdtTerms.toHdt(p) + " " + HdtTerms.toHdt(o));
                    }
                }
            });
        } catch (RiotException e) {
            throw new IllegalArgumentException("Cannot parse " + source.path() + ": " + e.getMessage(), e);
        }
        return read[0];
    }

    /** Whether {@code subject} is in the sample: a mixed hash, so that neighbouring IRIs are not all in or all out. */
    static boolean sampled(String subject, int perMillion) {
        long h = subject.hashCode() * 0x9E3779B97F4A7C15L;
        h ^= h >>> 31;
        return Math.floorMod(h, 1_000_000L) < perMillion;
    }
}
