package dev.ldf.client.conformance;

import java.nio.file.Path;
import java.util.List;

/**
 * One query-evaluation test of the W3C SPARQL test suite.
 *
 * @param name       the manifest's directory and the test's local name, as {@code algebra#opt-filter-1}
 * @param query      the query file
 * @param data       the default graph's files (none: the empty graph)
 * @param result     the expected result's file
 * @param lax        REDUCED's lax cardinality: duplicates may or may not be removed
 * @param skipReason why the test is out of scope here, null when it runs
 */
record W3cTest(String name, Path query, List<Path> data, Path result, boolean lax, String skipReason) {

    boolean inScope() {
        return skipReason == null;
    }
}
