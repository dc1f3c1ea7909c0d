package dev.ldf.hdt.convert;

import java.nio.file.Path;
import java.time.Duration;

/**
 * What a conversion did.
 *
 * @param hdt            the HDT file written (its index lies beside it)
 * @param triplesRead    triples read from the inputs, duplicates included
 * @param quadsSkipped   quads in named graphs, which an HDT file of triples leaves out
 * @param triples        distinct triples in the HDT
 * @param elapsed        wall-clock time, parsing to index
 */
public record ConversionSummary(Path hdt, long triplesRead, long quadsSkipped, long triples,
        Duration elapsed) {
}
