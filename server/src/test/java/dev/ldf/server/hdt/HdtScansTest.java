package dev.ldf.server.hdt;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;

import org.apache.jena.graph.Node;
import org.apache.jena.graph.Triple;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.rdfhdt.hdt.enums.TripleComponentRole;

import dev.ldf.server.fragment.TriplePattern;
import dev.ldf.server.preemption.ResumableScan;
import dev.ldf.server.testing.TestData;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A scan opened at any position it reported continues exactly as the uninterrupted scan, for
 * every pattern shape, repeated variables included, on mapped and loaded files.
 */
class HdtScansTest {

    private static HdtDatasource mapped;
    private static HdtDatasource loaded;

    @BeforeAll
    static void open() {
        mapped = HdtDatasource.open(TestData.libraryHdt(), HdtDatasource.Options.defaults());
        loaded = HdtDatasource.open(TestData.libraryHdt(), new HdtDatasource.Options(true, 100_000, 64, Duration.ofMinutes(1)));
    }

    @AfterAll
    static void close() {
        mapped.close();
        loaded.close();
    }

    @Test
    void readsEveryShapeAsHdtDoes() {
        for (HdtDatasource source : List.of(mapped, loaded)) {
            for (TriplePattern pattern : HdtDatasourceTest.patterns()) {
                List<Triple> read = decode(source.scans(), readAll(source.scans(), pattern, 0).matches);
                assertEquals(TestData.expected(pattern), read, pattern.toString());
            }
        }
    }

    @Test
    void resumesAtEveryReportedPosition() {
        SplittableRandom random = new SplittableRandom(3);
        for (HdtDatasource source : List.of(mapped, loaded)) {
            HdtScans scans = source.scans();
            for (TriplePattern pattern : HdtDatasourceTest.patterns()) {
                Read whole = readAll(scans, pattern, 0);
                for (int m = 0; m < whole.positions.size(); m += 1 + random.nextInt(1 + whole.positions.size() / 8)) {
                    Read rest = readAll(scans, pattern, whole.positions.get(m));
                    assertEquals(whole.matches.subList(m + 1, whole.matches.size()).size(), rest.matches.size(),
                            pattern + " from match " + m);
                    for (int i = 0; i < rest.matches.size(); i++) {
                        assertTrue(Arrays.equals(whole.matches.get(m + 1 + i), rest.matches.get(i)),
                                pattern + " from match " + m + ", row " + i);
                    }
                }
            }
        }
    }

    @Test
    void stopsWhereTheBudgetEndsAndGoesOnFromThere() {
        HdtScans scans = loaded.scans();
        for (TriplePattern pattern : HdtDatasourceTest.patterns()) {
            List<long[]> whole = readAll(scans, pattern, 0).matches;
            List<long[]> pieces = new ArrayList<>();
            long position = 0;
            int stops = 0;
            while (true) {
                ResumableScan scan = open(scans, pattern, position);
                long[] left = {3};
                long[] spo = new long[3];
                ResumableScan.Step step;
                while ((step = scan.next(spo, () -> left[0]-- > 0)) == ResumableScan.Step.MATCH) {
                    pieces.add(spo.clone());
                }
                if (step == ResumableScan.Step.END) {
                    break;
                }
                stops++;
                position = scan.position();
            }
            assertEquals(whole.size(), pieces.size(), pattern + " after " + stops + " stops");
            for (int i = 0; i < whole.size(); i++) {
                assertTrue(Arrays.equals(whole.get(i), pieces.get(i)), pattern + ", row " + i);
            }
        }
    }

    private record Read(List<long[]> matches, List<Long> positions) {}

    private static Read readAll(HdtScans scans, TriplePattern pattern, long from) {
        ResumableScan scan = open(scans, pattern, from);
        List<long[]> matches = new ArrayList<>();
        List<Long> positions = new ArrayList<>();
        long[] spo = new long[3];
        while (scan.next(spo, () -> true) == ResumableScan.Step.MATCH) {
            matches.add(spo.clone());
            positions.add(scan.position());
        }
        return new Read(matches, positions);
    }

    private static ResumableScan open(HdtScans scans, TriplePattern pattern, long position) {
        return scans.open(id(scans, pattern.subject(), TripleComponentRole.SUBJECT),
                id(scans, pattern.predicate(), TripleComponentRole.PREDICATE),
                id(scans, pattern.object(), TripleComponentRole.OBJECT), RepeatedVariables.of(pattern), position);
    }

    private static long id(HdtScans scans, Node node, TripleComponentRole role) {
        return TriplePattern.isVariable(node) ? 0 : scans.id(node, role);
    }

    private static List<Triple> decode(HdtScans scans, List<long[]> ids) {
        return ids.stream().map(t -> Triple.create(scans.node(t[0], TripleComponentRole.SUBJECT),
                scans.node(t[1], TripleComponentRole.PREDICATE), scans.node(t[2], TripleComponentRole.OBJECT))).toList();
    }
}
