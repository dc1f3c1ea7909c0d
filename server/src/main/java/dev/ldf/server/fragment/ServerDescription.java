package dev.ldf.server.fragment;

import java.util.List;

/**
 * The server as pages name it.
 *
 * @param indexUrl the public URL of the index of datasets (ends with a slash)
 * @param datasets every dataset the server hosts, in the configuration's order: a page's switcher
 */
public record ServerDescription(String title, String description, String indexUrl, List<DatasetLink> datasets) {

    public ServerDescription {
        datasets = List.copyOf(datasets);
    }

    /** A dataset as a page links it. */
    public record DatasetLink(String title, String url) {}
}
