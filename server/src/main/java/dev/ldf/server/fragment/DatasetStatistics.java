package dev.ldf.server.fragment;

/** Sizes of a dataset, as its VoID description states them. */
public record DatasetStatistics(long triples, long properties, long distinctSubjects, long distinctObjects) {
}
