package dev.ldf.server.http;

import org.junit.jupiter.api.Test;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

class EntityTagsTest {

    @Test
    void tagsDependOnEveryPart() {
        assertNotEquals(EntityTags.of("v1", "TRIG"), EntityTags.of("v1", "NQUADS"));
        assertNotEquals(EntityTags.of("v1", "TRIG"), EntityTags.of("v2", "TRIG"));
        assertNotEquals(EntityTags.of("a", "bc"), EntityTags.of("ab", "c"));
    }

    @Test
    void ifNoneMatchUsesWeakComparisonAndListsAndStar() {
        String tag = EntityTags.of("v1", "TRIG");
        assertTrue(EntityTags.matches(tag, tag));
        assertTrue(EntityTags.matches("W/" + tag, tag));
        assertTrue(EntityTags.matches("\"other\", " + tag, tag));
        assertTrue(EntityTags.matches("*", tag));
        assertTrue(EntityTags.matches(tag.substring(0, tag.length() - 1) + "--gzip\"", tag));
        assertFalse(EntityTags.matches("\"other\"", tag));
        assertFalse(EntityTags.matches(null, tag));
    }
}
