package dev.ldf.server.fragment;

/**
 * The server as pages name it.
 *
 * @param indexUrl the public URL of the index of datasets (ends with a slash)
 */
public record ServerDescription(String title, String description, String indexUrl) {
}
