package dev.ldf.hdt.mapped;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rdfhdt.hdt.dictionary.Dictionary;
import org.rdfhdt.hdt.enums.TripleComponentRole;
import org.rdfhdt.hdt.hdt.HDT;
import org.rdfhdt.hdt.hdt.HDTManager;
import org.rdfhdt.hdt.listener.ProgressListener;
import org.rdfhdt.hdt.options.HDTSpecification;
import org.rdfhdt.hdt.triples.TripleString;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The dictionary read in place answers as hdt-java's own does, term by term, in every role. */
class MappedDictionaryTest {

    private static final TripleComponentRole[] ROLES = {
        TripleComponentRole.SUBJECT, TripleComponentRole.PREDICATE, TripleComponentRole.OBJECT};

    @TempDir
    static Path dir;
    static Path file;

    /**
     * Thousands of terms of every kind: IRIs with long shared prefixes (front coding), subjects
     * that are also objects (the shared section), blank nodes, literals empty, long (past the
     * decoding buffer), non-ASCII and with language tags and datatypes.
     */
    @BeforeAll
    static void hdt() throws Exception {
        List<TripleString> triples = new ArrayList<>();
        Random random = new Random(5);
        for (int i = 0; i < 3000; i++) {
            String subject = i % 7 == 0 ? "_:b" + i : "http://example.org/resource/with/a/long/path/" + i;
            String predicate = "http://example.org/p" + (i % 23);
            String object = switch (i % 6) {
                case 0 -> "http://example.org/resource/with/a/long/path/" + random.nextInt(3000);
                case 1 -> "\"" + "long literal ".repeat(1 + random.nextInt(60)) + i + "\"";
                case 2 -> "\"Αθήνα 📚 " + i + "\"@el";
                case 3 -> "\"" + i + "\"^^<http://www.w3.org/2001/XMLSchema#integer>";
                case 4 -> "\"\"";
                default -> "_:o" + random.nextInt(500);
            };
            triples.add(new TripleString(subject, predicate, object));
        }
        file = dir.resolve("terms.hdt");
        try (HDT hdt = HDTManager.generateHDT(triples.iterator(), "http://example.org/", new HDTSpecification(),
                ProgressListener.ignore())) {
            hdt.saveToHDT(file.toString(), ProgressListener.ignore());
        }
    }

    @Test
    void answersAsHdtJavasDictionary() throws IOException {
        // One mapping per section, and mappings of 1 KB (most blocks, and long literals, alone in one).
        for (long chunk : new long[] {MappedPfcSection.CHUNK_BYTES, 1024}) {
            try (HDT hdt = HDTManager.mapHDT(file.toString(), ProgressListener.ignore());
                    Dictionary mapped = MappedDictionary.over(file, hdt.getDictionary(), chunk)) {
                assertInstanceOf(MappedDictionary.class, mapped);
                Dictionary reference = hdt.getDictionary();
                assertTrue(reference.getNshared() > 0, "the data has shared terms");
                for (TripleComponentRole role : ROLES) {
                    long count = count(reference, role);
                    for (long id = 0; id <= count + 2; id++) {
                        CharSequence expected = reference.idToString(id, role);
                        CharSequence read = mapped.idToString(id, role);
                        assertEquals(expected == null ? null : expected.toString(), read == null ? null : read.toString(),
                                role + " " + id);
                        if (expected != null) {
                            assertEquals(id, mapped.stringToId(expected.toString(), role), role + " " + expected);
                            assertEquals(id, mapped.stringToId(read, role), role + " " + expected);
                        }
                    }
                }
            }
        }
    }

    @Test
    void termsItLacksAreNotFound() throws IOException {
        try (HDT hdt = HDTManager.mapHDT(file.toString(), ProgressListener.ignore());
                Dictionary mapped = MappedDictionary.over(file, hdt.getDictionary())) {
            Dictionary reference = hdt.getDictionary();
            List<String> missing = List.of("http://example.org/resource/with/a/long/path/",
                    "http://example.org/resource/with/a/long/path/30000", "http://example.org/resource/with/a/long/path/1x",
                    "http://example.org/p", "http://example.org/p230", "\"long literal \"", "\"Αθήνα\"@el", "_:b",
                    "_:b1", "!", "\u00ff\u00ff", "zzz", "\"\"@en");
            for (TripleComponentRole role : ROLES) {
                for (String term : missing) {
                    assertEquals(reference.stringToId(term, role), mapped.stringToId(term, role), role + " " + term);
                }
                assertEquals(0, mapped.stringToId("", role));
            }
            assertEquals(-1, mapped.stringToId("\"\"", TripleComponentRole.SUBJECT), "literals are never subjects");
        }
    }

    @Test
    void readerDecodesInAnyOrder() throws IOException {
        try (HDT hdt = HDTManager.mapHDT(file.toString(), ProgressListener.ignore());
                Dictionary mapped = MappedDictionary.over(file, hdt.getDictionary(), 1024)) {
            Dictionary reference = hdt.getDictionary();
            MappedDictionary.Reader reader = ((MappedDictionary) mapped).reader();
            for (TripleComponentRole role : ROLES) {
                List<Long> ids = new ArrayList<>();
                for (long id = 1; id <= count(reference, role); id++) {
                    ids.add(id);
                }
                List<Long> descending = new ArrayList<>(ids);
                Collections.reverse(descending);
                List<Long> shuffled = new ArrayList<>(ids);
                Collections.shuffle(shuffled, new Random(3));
                for (List<Long> order : List.of(ids, descending, shuffled)) {
                    for (long id : order) {
                        assertTrue(reader.decode(id, role));
                        assertEquals(reference.idToString(id, role).toString(),
                                new String(Arrays.copyOf(reader.bytes(), reader.length()), StandardCharsets.UTF_8),
                                role + " " + id);
                    }
                }
                assertFalse(reader.decode(count(reference, role) + 1, role));
                assertNull(mapped.idToString(0, role));
            }
        }
    }

    private static long count(Dictionary d, TripleComponentRole role) {
        return switch (role) {
            case SUBJECT -> d.getNsubjects();
            case PREDICATE -> d.getNpredicates();
            default -> d.getNobjects();
        };
    }
}
