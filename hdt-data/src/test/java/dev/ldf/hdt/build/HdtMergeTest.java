package dev.ldf.hdt.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.exceptions.NotFoundException;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.options.HDTSpecification;
import org.rdfhdt.hdt.triples.IteratorTripleID;
import org.rdfhdt.hdt.triples.IteratorTripleString;
import org.rdfhdt.hdt.triples.TripleID;
import org.rdfhdt.hdt.triples.TripleString;

import dev.ldf.hdt.files.HdtFiles;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

/**
 * A merged file is the file a build of the same triples makes: the same dictionary, the same
 * triples by ID, and the same index, byte for byte. The changes move terms between every pair of
 * sections, drop terms and predicates, and add new ones.
 */
class HdtMergeTest {

    private static final ProgressListener QUIET = (level, message) -> { };
    private static final String EX = "http://ex.org/";

    @TempDir
    Path dir;

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void aMergeIsTheBuildOfTheSameTriples(long seed) throws Exception {
        Random random = new Random(seed);
        Set<TripleString> baseTriples = new LinkedHashSet<>();
        for (int i = 0; i < 6_000; i++) {
            int kind = random.nextInt(4);
            String object = kind == 0 ? "\"" + random.nextInt(400) + "\"" : kind == 1 ? "_:b" + random.nextInt(50)
                    : EX + "s" + random.nextInt(900);
            String subject = random.nextInt(10) == 0 ? "_:b" + random.nextInt(50) : EX + "s" + random.nextInt(600);
            baseTriples.add(new TripleString(subject, EX + "p" + random.nextInt(12), object));
        }
        for (String term : List.of("s7", "s8", "s9")) {
            baseTriples.add(new TripleString(EX + term, EX + "p0", EX + "s1"));
            baseTriples.add(new TripleString(EX + "s2", EX + "p0", EX + term));
        }
        baseTriples.add(new TripleString(EX + "subject-only", EX + "p1", "\"x\""));
        baseTriples.add(new TripleString(EX + "s3", EX + "p1", EX + "s650"));
        Set<String> untouchable = Set.of(EX + "s7", EX + "s8", EX + "s9", EX + "subject-only", EX + "s650");
        Path basePath = save(new ArrayList<>(baseTriples), "base.hdt");

        try (HDT base = HDTManager.mapIndexedHDT(basePath.toString(), QUIET)) {
            Set<TripleString> deleted = new LinkedHashSet<>();
            List<TripleString> all = new ArrayList<>(baseTriples);
            for (TripleString t : all) {
                String s = t.getSubject().toString();
                String o = t.getObject().toString();
                // s7 stops being a subject, s8 an object, s9 both; subject-only and s650 leave; so does p3.
                if (s.equals(EX + "s7") || o.equals(EX + "s8") || s.equals(EX + "s9") || o.equals(EX + "s9")
                        || s.equals(EX + "subject-only") || o.equals(EX + "s650")
                        || t.getPredicate().toString().equals(EX + "p3") || random.nextInt(20) == 0) {
                    deleted.add(t);
                }
            }
            List<TripleString> added = new ArrayList<>();
            Set<TripleString> addedSet = new HashSet<>();
            for (int i = 0; i < 1_500; i++) {
                String subject = switch (random.nextInt(4)) {
                    case 0 -> EX + "new" + random.nextInt(300);
                    case 1 -> EX + "s" + (600 + random.nextInt(300));  // an object only so far
                    default -> EX + "s" + random.nextInt(600);
                };
                String object = switch (random.nextInt(5)) {
                    case 0 -> "\"new " + random.nextInt(100) + "\"@en";
                    case 1 -> EX + "s" + random.nextInt(600);  // a subject, maybe only a subject so far
                    case 2 -> EX + "new" + random.nextInt(300);
                    default -> "\"" + random.nextInt(500) + "\"";
                };
                String predicate = random.nextInt(10) == 0 ? EX + "q" + random.nextInt(3) : EX + "p" + random.nextInt(12);
                TripleString t = new TripleString(subject, predicate, object);
                if (!baseTriples.contains(t) && !untouchable.contains(subject) && !untouchable.contains(object)
                        && !predicate.equals(EX + "p3") && addedSet.add(t)) {
                    added.add(t);
                }
            }
            Set<TripleString> expected = new LinkedHashSet<>(baseTriples);
            expected.removeAll(deleted);
            expected.addAll(added);

            List<TripleID> deletedIds = ids(base, deleted);
            Set<String> moves = new HashSet<>();
            TermChanges changes = TermChanges.of(base, deletedIds, new HashSet<>(deletedIds), added);
            changes.terms.values().forEach(t -> moves.add(t.before + ">" + t.after));
            // The changes exercise every move a term can make.
            for (String move : List.of("SUBJECTS>SHARED", "OBJECTS>SHARED", "SHARED>SUBJECTS", "SHARED>OBJECTS",
                    "SHARED>NONE", "SUBJECTS>NONE", "OBJECTS>NONE", "NONE>SHARED", "NONE>SUBJECTS", "NONE>OBJECTS")) {
                assertTrue(moves.contains(move), move + " in " + moves);
            }
            assertTrue(changes.leavingPredicates().length > 0 && !changes.arrivingPredicates().isEmpty());

            Path merged = dir.resolve("merged.hdt");
            try (HdtBuilder.Built built = HdtMerge.merge(base, deletedIds, added, dir.resolve("work"), EX, QUIET)) {
                built.hdt().saveToHDT(merged.toString(), QUIET);
                built.writeIndex(merged);
            }
            Path rebuilt = save(new ArrayList<>(expected), "rebuilt.hdt");
            assertSameFile(rebuilt, merged);
        }
    }

    @Test
    void mergingNothingCopiesTheFile() throws Exception {
        List<TripleString> triples = List.of(new TripleString(EX + "a", EX + "p", EX + "b"),
                new TripleString(EX + "b", EX + "p", "\"x\""));
        Path basePath = save(triples, "base.hdt");
        Path merged = dir.resolve("merged.hdt");
        try (HDT base = HDTManager.mapIndexedHDT(basePath.toString(), QUIET);
                HdtBuilder.Built built = HdtMerge.merge(base, List.of(), List.of(), dir.resolve("work"), EX, QUIET)) {
            built.hdt().saveToHDT(merged.toString(), QUIET);
            built.writeIndex(merged);
        }
        assertSameFile(basePath, merged);
    }

    private Path save(List<TripleString> triples, String name) throws Exception {
        Path file = dir.resolve(name);
        try (HDT hdt = HDTManager.generateHDT(triples.iterator(), EX, new HDTSpecification(), QUIET)) {
            hdt.saveToHDT(file.toString(), QUIET);
        }
        HDTManager.mapIndexedHDT(file.toString(), QUIET).close();
        return file;
    }

    private static List<TripleID> ids(HDT base, Set<TripleString> triples) {
        Dictionary d = base.getDictionary();
        List<TripleID> ids = new ArrayList<>();
        for (TripleString t : triples) {
            ids.add(new TripleID(d.stringToId(t.getSubject(), TripleComponentRole.SUBJECT),
                    d.stringToId(t.getPredicate(), TripleComponentRole.PREDICATE),
                    d.stringToId(t.getObject(), TripleComponentRole.OBJECT)));
        }
        return ids;
    }

    /** The same sections, the same triples by ID and by text, and the same index bytes. */
    private static void assertSameFile(Path expected, Path actual) throws IOException {
        byte[] expectedIndex = Files.readAllBytes(HdtFiles.indexFile(expected));
        byte[] actualIndex = Files.readAllBytes(HdtFiles.indexFile(actual));
        try (HDT want = HDTManager.mapIndexedHDT(expected.toString(), QUIET);
                HDT got = HDTManager.mapIndexedHDT(actual.toString(), QUIET)) {
            Dictionary w = want.getDictionary();
            Dictionary g = got.getDictionary();
            assertEquals(w.getShared().getNumberOfElements(), g.getShared().getNumberOfElements(), "shared");
            assertEquals(w.getSubjects().getNumberOfElements(), g.getSubjects().getNumberOfElements(), "subjects");
            assertEquals(w.getObjects().getNumberOfElements(), g.getObjects().getNumberOfElements(), "objects");
            assertEquals(w.getPredicates().getNumberOfElements(), g.getPredicates().getNumberOfElements(), "predicates");
            assertEquals(strings(want), strings(got));
            assertEquals(ids(want), ids(got));
        } catch (NotFoundException e) {
            throw new AssertionError(e);
        }
        assertArrayEquals(expectedIndex, actualIndex, "the index");
    }

    private static List<String> strings(HDT hdt) throws NotFoundException {
        List<String> triples = new ArrayList<>();
        IteratorTripleString it = hdt.search("", "", "");
        while (it.hasNext()) {
            TripleString t = it.next();
            triples.add(t.getSubject() + " " + t.getPredicate() + " " + t.getObject());
        }
        return triples;
    }

    private static List<String> ids(HDT hdt) {
        List<String> triples = new ArrayList<>();
        IteratorTripleID it = hdt.getTriples().searchAll();
        while (it.hasNext()) {
            TripleID t = it.next();
            triples.add(t.getSubject() + " " + t.getPredicate() + " " + t.getObject());
        }
        return triples;
    }
}
