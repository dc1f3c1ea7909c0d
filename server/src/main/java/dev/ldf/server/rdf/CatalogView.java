package dev.ldf.server.rdf;

import java.util.List;

import dev.ldf.server.fragment.DatasetStatistics;

/**
 * The server's index: its title and the datasets it serves.
 *
 * @param url the index URL (ends with a slash)
 */
public record CatalogView(String title, String description, String url, List<Entry> datasets) {

    /** One dataset with its sizes. */
    public record Entry(DatasetDescription dataset, DatasetStatistics statistics) {}
}
