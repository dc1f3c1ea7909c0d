package dev.ldf.server.hdt;

import java.util.List;

import dev.ldf.server.fragment.Count;

/**
 * One pattern of a selector as the datasource reads it: its matches, minus those that an earlier
 * pattern of the selector already yields ({@code earlier}), and how many that leaves.
 */
record Part(PatternIds pattern, List<PatternIds> earlier, Count count) {
}
