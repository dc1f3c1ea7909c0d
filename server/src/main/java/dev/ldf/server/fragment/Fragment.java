package dev.ldf.server.fragment;

/**
 * One page of a fragment as it is answered: the data (streamed from the datasource as it is
 * written), the metadata (the dataset, the request, the count) and the controls (the links to
 * other pages; the search forms follow from the dataset).
 *
 * @param skolemizer turns the data's blank nodes into the IRIs clients see
 */
public record Fragment(ServerDescription server, DatasetDescription dataset, FragmentRequest request,
        FragmentPage page, PageLinks links, Skolemizer skolemizer) {

    /**
     * The URLs of a page's controls.
     *
     * @param self     the URL exactly as requested: clients match the controls' subject against it byte for byte
     * @param previous null on the first page
     * @param next     null on the last page
     */
    public record PageLinks(String self, String first, String previous, String next) {}
}
