package dev.ldf.server.fragment;

import java.util.List;

/** The server's index: the server and the datasets it serves, with their sizes. */
public record Catalog(ServerDescription server, List<Entry> datasets) {

    /** One dataset with its sizes. */
    public record Entry(DatasetDescription dataset, DatasetStatistics statistics) {}
}
