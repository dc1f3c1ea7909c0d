package dev.ldf.watdiv.generate;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

class WatDivGeneratorTest {

    private static final String WSDBM = "http://db.uwaterloo.ca/~galuc/wsdbm/";

    /** Scale factor 10 (about 1.1M triples), counted in memory: predicates, subjects, degrees. */
    private static final Map<String, Long> PREDICATES = new TreeMap<>();
    private static final Map<String, Set<Integer>> SUBJECT_IDS = new HashMap<>();
    private static final Map<String, Map<String, Integer>> OUT_DEGREE = new HashMap<>();
    private static final Map<String, Map<String, Integer>> IN_DEGREE = new HashMap<>();
    private static long total;
    private static WatDivGenerator sf10;

    @BeforeAll
    static void generateScaleFactor10() throws IOException {
        sf10 = new WatDivGenerator(Model.watdiv(), 10, 1);
        Set<String> tracked = Set.of(WSDBM + "friendOf", "http://ogp.me/ns#tag", WSDBM + "hasGenre",
                "http://purl.org/dc/terms/Location", WSDBM + "gender");
        total = sf10.generate((s, p, o, literal) -> {
            PREDICATES.merge(p, 1L, Long::sum);
            String local = s.substring(s.lastIndexOf('/') + 1);
            String type = local.replaceAll("[0-9]+$", "");
            SUBJECT_IDS.computeIfAbsent(type, t -> new HashSet<>()).add(Integer.parseInt(local.substring(type.length())));
            if (tracked.contains(p)) {
                OUT_DEGREE.computeIfAbsent(p, x -> new HashMap<>()).merge(s, 1, Integer::sum);
                IN_DEGREE.computeIfAbsent(p, x -> new HashMap<>()).merge(o, 1, Integer::sum);
            }
        });
    }

    private static byte[] ntriples(int scale, long seed) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (Writer out = new OutputStreamWriter(bytes, StandardCharsets.UTF_8)) {
            new WatDivGenerator(Model.watdiv(), scale, seed).generate(new NTriplesSink(out));
        }
        return bytes.toByteArray();
    }

    @Test
    void theSameSeedGivesTheSameBytes() throws IOException {
        byte[] first = ntriples(1, 7);
        assertArrayEquals(first, ntriples(1, 7));
        assertFalse(Arrays.equals(first, ntriples(1, 8)));
        assertTrue(first.length > 5_000_000, "about 110k triples at scale factor 1");
    }

    @Test
    void instanceCountsMatchTheModelExactly() {
        Map<String, Integer> expected = Map.of("User", 10_000, "Purchase", 15_000, "Review", 15_000, "Offer", 9_000,
                "Product", 2_500, "Website", 500, "Retailer", 120, "City", 240, "SubGenre", 145);
        expected.forEach((type, count) -> {
            Set<Integer> ids = SUBJECT_IDS.get(type);
            assertEquals(count, ids.size(), type + ": every instance has a property of probability 1");
            assertEquals(count - 1, ids.stream().mapToInt(Integer::intValue).max().orElseThrow(), type + " ids are 0.." + (count - 1));
        });
        assertEquals(86, PREDICATES.size(), "the model's 86 predicates");
    }

    @Test
    void everyPredicateCountsWithinTenPercentOfTheModelAtScaleFactor10() {
        Map<String, ExpectedCounts.Expected> expected = ExpectedCounts.of(sf10);
        assertEquals(expected.keySet(), PREDICATES.keySet());
        StringBuilder outside = new StringBuilder();
        expected.forEach((predicate, e) -> {
            long observed = PREDICATES.get(predicate);
            if (!e.contains(observed, 0.10)) {
                outside.append(predicate).append(": ").append(observed).append(" against ").append(e).append('\n');
            }
        });
        assertEquals("", outside.toString(), "predicates outside 10% of the model");
        expected.forEach((predicate, e) -> {
            if (e.low() == e.high()) {
                assertEquals(e.high(), PREDICATES.get(predicate), e.high() * 0.10, predicate);
            }
        });
    }

    @Test
    void publishedFiguresOfTheOfficialGeneratorAreMet() {
        // Sizes of WatDiv's own output at scale factor 10 (shared notes).
        Map<String, Long> published = Map.of(WSDBM + "friendOf", 444_000L, WSDBM + "follows", 326_000L,
                "http://purl.org/goodrelations/price", 24_000L, "http://schema.org/eligibleRegion", 23_000L,
                "http://ogp.me/ns#tag", 16_000L);
        published.forEach((predicate, count) -> assertEquals(count, PREDICATES.get(predicate), count * 0.10, predicate));
        assertEquals(1_085_000, total, 1_085_000 * 0.10, "about 1.09M lines, 1.08M distinct triples");
    }

    @Test
    void productCategoriesHaveWatDivsShares() {
        // One category per product, uniform over 15 the way WatDiv maps a draw to an index:
        // category 0 (concerts) half a share, category 14 one and a half, each exactly.
        assertEquals(83, sf10.classSize(WSDBM + "ProductCategory0"), 1);
        for (int c = 1; c < 14; c++) {
            assertEquals(167, sf10.classSize(WSDBM + "ProductCategory" + c), 1, "ProductCategory" + c);
        }
        assertEquals(250, sf10.classSize(WSDBM + "ProductCategory14"), 1);
    }

    /**
     * Counts of WatDiv v0.6's own output at scale factor 10 (one run of its generator, from the
     * issue that reported the product sub-types off), each with the spread that generator has from
     * run to run: it draws every product's category and every group independently, so a count
     * {@code c} of a row that gives subjects {@code k} objects each varies with a standard
     * deviation of about sqrt(c * E[k^2] / E[k]). A count must be within 10% of WatDiv's, or,
     * where one run's chance alone moves WatDiv's own count by more than that, within three of
     * those deviations.
     */
    @Test
    void predicateCountsMatchWatDivsOwnDataWithinItsSpread() {
        String sorg = "http://schema.org/";
        String mo = "http://purl.org/ontology/mo/";
        // predicate, WatDiv's count, E[k^2]/E[k] of the objects per subject (1 for single values)
        Object[][] watdiv = {
                {sorg + "actor", 1_713, 14.1}, {sorg + "director", 148, 1.0}, {sorg + "producer", 94, 1.0},
                {sorg + "bookEdition", 93, 1.0}, {sorg + "award", 62, 1.0}, {sorg + "trailer", 33, 2.1},
                {sorg + "employee", 100, 7.0}, {mo + "opus", 70, 1.0}, {mo + "movement", 70, 1.0},
                {mo + "record_number", 69, 1.0}, {mo + "producer", 67, 1.0},
                {mo + "conductor", 37, 1.0}, {mo + "performer", 48, 1.0}, {mo + "performed_in", 48, 1.0},
                {WSDBM + "composer", 48, 1.0},
                {WSDBM + "friendOf", 444_000, 120.0}, {WSDBM + "follows", 326_000, 80.0},
                {"http://purl.org/goodrelations/price", 24_000, 1.0}, {sorg + "eligibleRegion", 23_000, 5.0},
                {"http://ogp.me/ns#tag", 16_000, 10.0},
        };
        StringBuilder outside = new StringBuilder();
        for (Object[] row : watdiv) {
            String predicate = (String) row[0];
            double theirs = ((Integer) row[1]).doubleValue();
            double deviation = Math.sqrt(theirs * (Double) row[2]);
            long ours = PREDICATES.get(predicate);
            if (Math.abs(ours - theirs) > Math.max(0.10 * theirs, 3 * deviation)) {
                outside.append(predicate).append(": ").append(ours).append(" against WatDiv's ").append(row[1])
                        .append(" (deviation ").append(Math.round(deviation)).append(")\n");
            }
        }
        assertEquals("", outside.toString(), "counts outside WatDiv's own spread");
    }

    @Test
    void degreeDistributionsHaveTheirShapes() {
        // friendOf: 225 times a normal draw (mean 0.5, deviation 1/6) per taking part user.
        int[] friends = OUT_DEGREE.get(WSDBM + "friendOf").values().stream().mapToInt(Integer::intValue).toArray();
        double mean = Arrays.stream(friends).average().orElseThrow();
        double within = Arrays.stream(friends).filter(d -> Math.abs(d - 112.5) <= 37.5).count() / (double) friends.length;
        assertEquals(112.5, mean, 4, "normal count: mean 225/2");
        assertEquals(0.68, within, 0.05, "normal count: two thirds within one deviation");

        // dc:Location: zipfian over cities, frequency about 1/rank.
        List<Integer> cities = IN_DEGREE.get("http://purl.org/dc/terms/Location").values().stream()
                .sorted((a, b) -> b - a).toList();
        assertEquals(2.0, cities.get(0) / (double) cities.get(1), 0.6, "zipfian: rank 1 twice rank 2");
        assertEquals(10.0, cities.get(0) / (double) cities.get(9), 4.0, "zipfian: rank 1 ten times rank 10");

        // wsdbm:gender: uniform over two genders as WatDiv maps a draw to an index (rounded, the
        // top folded onto the last): Gender0 gets a quarter, Gender1 three quarters.
        Map<String, Integer> genders = IN_DEGREE.get(WSDBM + "gender");
        assertEquals(3.0, genders.get(WSDBM + "Gender1") / (double) genders.get(WSDBM + "Gender0"), 0.2,
                "uniform over two, WatDiv's way: shares 1:3");

        // wsdbm:hasGenre: normal over 145 subgenres, two thirds in the middle third.
        Map<String, Integer> genres = IN_DEGREE.get(WSDBM + "hasGenre");
        long middle = genres.entrySet().stream().filter(e -> {
            int id = Integer.parseInt(e.getKey().substring((WSDBM + "SubGenre").length()));
            return id >= 145 / 3 && id < 2 * 145 / 3;
        }).mapToLong(Map.Entry::getValue).sum();
        long all = genres.values().stream().mapToLong(Integer::longValue).sum();
        assertEquals(0.68, middle / (double) all, 0.06, "normal objects: two thirds within one deviation of the middle");

        // og:tag of subgenres: 6 times a uniform draw, mean 3, every count from 0 to 6.
        Map<String, Integer> tags = OUT_DEGREE.get("http://ogp.me/ns#tag");
        double subgenreMean = tags.entrySet().stream().filter(e -> e.getKey().contains("SubGenre"))
                .mapToInt(Map.Entry::getValue).average().orElseThrow();
        assertEquals(3.0, subgenreMean, 0.5, "uniform count: mean 6/2");
    }
}
