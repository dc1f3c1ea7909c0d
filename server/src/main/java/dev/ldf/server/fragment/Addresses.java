package dev.ldf.server.fragment;

/** The public URLs an answer links to, as the client sees the server (the HTTP layer knows them). */
public interface Addresses {

    /** The index of datasets (ends with a slash). */
    String index();

    /** A dataset's URL, e.g. {@code https://data.example.org/library}. */
    String dataset(String name);

    /** The prefix of a dataset's Skolem IRIs. */
    String genidPrefix(String name);

    /** The URL exactly as requested. */
    String requestUrl();

    /** The requested URL on another page. */
    String onPage(long page);
}
