package dev.ldf.hdt.build;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What one chunk leaves on disk: its distinct terms in byte order with their roles, front-coded
 * ({@link SortedTerms}), and its triples as ranks in that order; after the dictionary merge, also
 * the global IDs of its terms.
 */
record Run(int number, Path terms, Path triples, Path ids, int termCount, int tripleCount) {

    /** Sorts {@code chunk}'s terms and writes the run numbered {@code number} into {@code dir}. */
    static Run write(ChunkTerms chunk, int number, Path dir) throws IOException {
        int[] order = chunk.sortedTerms();
        int[] rank = new int[order.length];
        Path terms = dir.resolve("run-" + number + ".terms");
        try (SortedTerms.Writer out = new SortedTerms.Writer(terms, true)) {
            byte[] arena = chunk.arena();
            for (int r = 0; r < order.length; r++) {
                int t = order[r];
                rank[t] = r;
                out.add(arena, chunk.start(t), chunk.length(t), chunk.role(t));
            }
        }
        Path triples = dir.resolve("run-" + number + ".triples");
        try (RunOutput out = new RunOutput(triples)) {
            for (int i = 0, n = chunk.triples(); i < n; i++) {
                out.writeVarLong(rank[chunk.triple(i, 0)]);
                out.writeVarLong(rank[chunk.triple(i, 1)]);
                out.writeVarLong(rank[chunk.triple(i, 2)]);
            }
        }
        return new Run(number, terms, triples, dir.resolve("run-" + number + ".ids"), order.length, chunk.triples());
    }

    void delete() throws IOException {
        Files.deleteIfExists(terms);
        Files.deleteIfExists(triples);
        Files.deleteIfExists(ids);
    }
}
