package dev.ldf.hdt.convert;

/**
 * How {@link RdfToHdt} builds a file: {@code BOUNDED} (ours, {@code HdtBuilder}) sorts chunks of
 * the input on disk and merges them with a heap that does not grow with the input, reading
 * N-Triples line by line; {@code MEMORY} and {@code DISK} are hdt-java's own in-memory and disk
 * generators, fed by RIOT.
 */
public enum HdtLoader { BOUNDED, MEMORY, DISK }
