package dev.ldf.server.hdt;

import java.util.List;

import org.rdfhdt.hdt.triples.IteratorTripleID;

import dev.ldf.server.fragment.Count;

/**
 * One pattern of a selector as the datasource reads it: its matches, minus those that an earlier
 * pattern of the selector already yields ({@code earlier}), and how many that leaves.
 *
 * @param search HDT's iterator over the pattern's matches, opened for counting and not yet read;
 *               the cursor that reads the part starts from it instead of searching again (a brTPF
 *               request has one part per binding). Null where none was opened. Read at most once.
 */
record Part(PatternIds pattern, List<PatternIds> earlier, Count count, IteratorTripleID search) {
}
