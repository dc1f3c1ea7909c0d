package dev.ldf.server.live;

import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertDoesNotThrow;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

/** The decision before a patch is logged, over a heap whose use the test sets. */
class PatchAdmissionTest {

    private static final long MB = 1 << 20;

    @Test
    void aPatchThatFitsIsAdmittedWithoutACollection() {
        AtomicInteger collections = new AtomicInteger();
        PatchAdmission admission = new PatchAdmission(1024 * MB, () -> 100 * MB, collections::incrementAndGet);
        assertDoesNotThrow(() -> admission.admit(500 * MB, 0));
        assertEquals(0, collections.get());
    }

    @Test
    void aPatchNoHeapOfThisSizeCouldApplyIs413() {
        PatchAdmission admission = new PatchAdmission(1024 * MB, () -> 0, () -> {});
        PatchAdmission.Refused refused = assertThrows(PatchAdmission.Refused.class, () -> admission.admit(800 * MB, 0));
        assertEquals(413, refused.status());
        assertTrue(refused.getMessage().contains("send it in parts"), refused.getMessage());
    }

    @Test
    void garbageIsCollectedBeforeAPatchIsRefused() {
        AtomicLong used = new AtomicLong(700 * MB);
        PatchAdmission admission = new PatchAdmission(1024 * MB, used::get, () -> used.set(100 * MB));
        assertDoesNotThrow(() -> admission.admit(500 * MB, 0));
        assertEquals(100 * MB, used.get(), "one full collection told what is live");
    }

    @Test
    void aPatchThatDoesNotFitBesideTheOverlayIs503AndAsksForACompaction() {
        AtomicInteger collections = new AtomicInteger();
        PatchAdmission admission = new PatchAdmission(1024 * MB, () -> 700 * MB, collections::incrementAndGet);
        PatchAdmission.Refused refused = assertThrows(PatchAdmission.Refused.class,
                () -> admission.admit(300 * MB, 1_234_567));
        assertEquals(503, refused.status());
        assertTrue(refused.retryAfterSeconds() > 0);
        assertTrue(refused.getMessage().contains("1,234,567 triples") && refused.getMessage().contains("compaction"),
                refused.getMessage());
        assertEquals(1, collections.get());
    }

    @Test
    void termsAreLookedUpOnlyWhenEveryTermNewWouldNotFit() {
        AtomicInteger lookups = new AtomicInteger();
        PatchAdmission admission = new PatchAdmission(1024 * MB, () -> 100 * MB, () -> {});
        admission.admit(1_000, () -> lookups.incrementAndGet(), 0);
        assertEquals(0, lookups.get(), "1,000 triples fit even with three new terms each");
        admission.admit(1_000_000, () -> {
            lookups.incrementAndGet();
            return 10_000;
        }, 0);
        assertEquals(1, lookups.get(), "a million triples with three new terms each would not: counted");
    }

    @Test
    void theCostGrowsWithTriplesAndNewTerms() {
        // Measured: 300,000 rows of two new blank nodes each needed between 256 and 290 MB of heap in all.
        long cost = PatchAdmission.cost(300_000, 600_000);
        assertTrue(cost > 200 * MB && cost < 290 * MB, Long.toString(cost >> 20));
    }
}
