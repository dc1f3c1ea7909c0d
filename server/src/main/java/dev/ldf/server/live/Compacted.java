package dev.ldf.server.live;

/** What a compaction did: the version it folded in, the new file's size, how long it took. */
public record Compacted(long version, long triples, long folded, long millis) {}
